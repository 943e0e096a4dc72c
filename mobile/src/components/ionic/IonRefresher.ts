import type * as Ionic from '@ionic/react';
import { IonRefresher as Element, defineCustomElement } from '@ionic/core/components/ion-refresher.js';
import { wrap } from './wrap';

export const IonRefresher = /*@__PURE__*/ wrap<typeof Ionic.IonRefresher>('ion-refresher', Element, defineCustomElement, { onIonRefresh: 'ionRefresh', onIonPull: 'ionPull', onIonStart: 'ionStart', onIonPullStart: 'ionPullStart', onIonPullEnd: 'ionPullEnd' });
