import type * as Ionic from '@ionic/react';
import { IonCardContent as Element, defineCustomElement } from '@ionic/core/components/ion-card-content.js';
import { wrap } from './wrap';

export const IonCardContent = /*@__PURE__*/ wrap<typeof Ionic.IonCardContent>('ion-card-content', Element, defineCustomElement);
