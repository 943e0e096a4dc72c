import type * as Ionic from '@ionic/react';
import { IonRefresherContent as Element, defineCustomElement } from '@ionic/core/components/ion-refresher-content.js';
import { wrap } from './wrap';

export const IonRefresherContent = /*@__PURE__*/ wrap<typeof Ionic.IonRefresherContent>('ion-refresher-content', Element, defineCustomElement);
