import type * as Ionic from '@ionic/react';
import { IonListHeader as Element, defineCustomElement } from '@ionic/core/components/ion-list-header.js';
import { wrap } from './wrap';

export const IonListHeader = /*@__PURE__*/ wrap<typeof Ionic.IonListHeader>('ion-list-header', Element, defineCustomElement);
