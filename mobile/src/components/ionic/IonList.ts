import type * as Ionic from '@ionic/react';
import { IonList as Element, defineCustomElement } from '@ionic/core/components/ion-list.js';
import { wrap } from './wrap';

export const IonList = /*@__PURE__*/ wrap<typeof Ionic.IonList>('ion-list', Element, defineCustomElement);
