import type * as Ionic from '@ionic/react';
import { IonInfiniteScroll as Element, defineCustomElement } from '@ionic/core/components/ion-infinite-scroll.js';
import { wrap } from './wrap';

export const IonInfiniteScroll = /*@__PURE__*/ wrap<typeof Ionic.IonInfiniteScroll>('ion-infinite-scroll', Element, defineCustomElement, { onIonInfinite: 'ionInfinite' });
