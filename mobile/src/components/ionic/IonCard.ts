import type * as Ionic from '@ionic/react';
import { IonCard as Element, defineCustomElement } from '@ionic/core/components/ion-card.js';
import { wrap, withRouterLink } from './wrap';

export const IonCard = /*@__PURE__*/ withRouterLink<typeof Ionic.IonCard>(wrap('ion-card', Element, defineCustomElement), 'IonCard');
