import type * as Ionic from '@ionic/react';
import { IonHeader as Element, defineCustomElement } from '@ionic/core/components/ion-header.js';
import { wrap } from './wrap';

export const IonHeader = /*@__PURE__*/ wrap<typeof Ionic.IonHeader>('ion-header', Element, defineCustomElement);
