import type * as Ionic from '@ionic/react';
import { IonToolbar as Element, defineCustomElement } from '@ionic/core/components/ion-toolbar.js';
import { wrap } from './wrap';

export const IonToolbar = /*@__PURE__*/ wrap<typeof Ionic.IonToolbar>('ion-toolbar', Element, defineCustomElement);
