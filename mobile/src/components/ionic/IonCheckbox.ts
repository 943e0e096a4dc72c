import type * as Ionic from '@ionic/react';
import { IonCheckbox as Element, defineCustomElement } from '@ionic/core/components/ion-checkbox.js';
import { wrap, FORM_EVENTS } from './wrap';

export const IonCheckbox = /*@__PURE__*/ wrap<typeof Ionic.IonCheckbox>('ion-checkbox', Element, defineCustomElement, FORM_EVENTS);
