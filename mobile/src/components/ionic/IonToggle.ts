import type * as Ionic from '@ionic/react';
import { IonToggle as Element, defineCustomElement } from '@ionic/core/components/ion-toggle.js';
import { wrap, FORM_EVENTS } from './wrap';

export const IonToggle = /*@__PURE__*/ wrap<typeof Ionic.IonToggle>('ion-toggle', Element, defineCustomElement, FORM_EVENTS);
