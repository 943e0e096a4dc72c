import type * as Ionic from '@ionic/react';
import { IonInfiniteScrollContent as Element, defineCustomElement } from '@ionic/core/components/ion-infinite-scroll-content.js';
import { wrap } from './wrap';

export const IonInfiniteScrollContent = /*@__PURE__*/ wrap<typeof Ionic.IonInfiniteScrollContent>('ion-infinite-scroll-content', Element, defineCustomElement);
