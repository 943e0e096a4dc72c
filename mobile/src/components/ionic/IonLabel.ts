import type * as Ionic from '@ionic/react';
import { IonLabel as Element, defineCustomElement } from '@ionic/core/components/ion-label.js';
import { wrap } from './wrap';

export const IonLabel = /*@__PURE__*/ wrap<typeof Ionic.IonLabel>('ion-label', Element, defineCustomElement);
