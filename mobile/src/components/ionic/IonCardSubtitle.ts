import type * as Ionic from '@ionic/react';
import { IonCardSubtitle as Element, defineCustomElement } from '@ionic/core/components/ion-card-subtitle.js';
import { wrap } from './wrap';

export const IonCardSubtitle = /*@__PURE__*/ wrap<typeof Ionic.IonCardSubtitle>('ion-card-subtitle', Element, defineCustomElement);
