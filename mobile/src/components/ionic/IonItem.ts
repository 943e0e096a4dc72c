import type * as Ionic from '@ionic/react';
import { IonItem as Element, defineCustomElement } from '@ionic/core/components/ion-item.js';
import { wrap, withRouterLink } from './wrap';

export const IonItem = /*@__PURE__*/ withRouterLink<typeof Ionic.IonItem>(wrap('ion-item', Element, defineCustomElement), 'IonItem');
