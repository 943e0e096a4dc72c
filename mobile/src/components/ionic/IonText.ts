import type * as Ionic from '@ionic/react';
import { IonText as Element, defineCustomElement } from '@ionic/core/components/ion-text.js';
import { wrap } from './wrap';

export const IonText = /*@__PURE__*/ wrap<typeof Ionic.IonText>('ion-text', Element, defineCustomElement);
