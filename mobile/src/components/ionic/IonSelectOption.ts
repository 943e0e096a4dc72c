import type * as Ionic from '@ionic/react';
import { IonSelectOption as Element, defineCustomElement } from '@ionic/core/components/ion-select-option.js';
import { wrap } from './wrap';

export const IonSelectOption = /*@__PURE__*/ wrap<typeof Ionic.IonSelectOption>('ion-select-option', Element, defineCustomElement);
