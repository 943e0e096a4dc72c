import type * as Ionic from '@ionic/react';
import { IonSkeletonText as Element, defineCustomElement } from '@ionic/core/components/ion-skeleton-text.js';
import { wrap } from './wrap';

export const IonSkeletonText = /*@__PURE__*/ wrap<typeof Ionic.IonSkeletonText>('ion-skeleton-text', Element, defineCustomElement);
