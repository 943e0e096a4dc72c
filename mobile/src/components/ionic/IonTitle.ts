import type * as Ionic from '@ionic/react';
import { IonTitle as Element, defineCustomElement } from '@ionic/core/components/ion-title.js';
import { wrap } from './wrap';

export const IonTitle = /*@__PURE__*/ wrap<typeof Ionic.IonTitle>('ion-title', Element, defineCustomElement);
