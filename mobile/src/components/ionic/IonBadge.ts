import type * as Ionic from '@ionic/react';
import { IonBadge as Element, defineCustomElement } from '@ionic/core/components/ion-badge.js';
import { wrap } from './wrap';

export const IonBadge = /*@__PURE__*/ wrap<typeof Ionic.IonBadge>('ion-badge', Element, defineCustomElement);
