import type * as Ionic from '@ionic/react';
import { IonButtons as Element, defineCustomElement } from '@ionic/core/components/ion-buttons.js';
import { wrap } from './wrap';

export const IonButtons = /*@__PURE__*/ wrap<typeof Ionic.IonButtons>('ion-buttons', Element, defineCustomElement);
