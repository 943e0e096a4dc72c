import type * as Ionic from '@ionic/react';
import { IonCardHeader as Element, defineCustomElement } from '@ionic/core/components/ion-card-header.js';
import { wrap } from './wrap';

export const IonCardHeader = /*@__PURE__*/ wrap<typeof Ionic.IonCardHeader>('ion-card-header', Element, defineCustomElement);
