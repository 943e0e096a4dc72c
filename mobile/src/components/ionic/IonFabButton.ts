import type * as Ionic from '@ionic/react';
import { IonFabButton as Element, defineCustomElement } from '@ionic/core/components/ion-fab-button.js';
import { wrap, withRouterLink } from './wrap';

export const IonFabButton = /*@__PURE__*/ withRouterLink<typeof Ionic.IonFabButton>(wrap('ion-fab-button', Element, defineCustomElement), 'IonFabButton');
