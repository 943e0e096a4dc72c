import type * as Ionic from '@ionic/react';
import { IonFab as Element, defineCustomElement } from '@ionic/core/components/ion-fab.js';
import { wrap } from './wrap';

export const IonFab = /*@__PURE__*/ wrap<typeof Ionic.IonFab>('ion-fab', Element, defineCustomElement);
