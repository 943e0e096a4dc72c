import type * as Ionic from '@ionic/react';
import { IonCardTitle as Element, defineCustomElement } from '@ionic/core/components/ion-card-title.js';
import { wrap } from './wrap';

export const IonCardTitle = /*@__PURE__*/ wrap<typeof Ionic.IonCardTitle>('ion-card-title', Element, defineCustomElement);
