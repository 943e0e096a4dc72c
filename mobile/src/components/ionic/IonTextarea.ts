import type * as Ionic from '@ionic/react';
import { IonTextarea as Element, defineCustomElement } from '@ionic/core/components/ion-textarea.js';
import { wrap, FORM_EVENTS } from './wrap';

export const IonTextarea = /*@__PURE__*/ wrap<typeof Ionic.IonTextarea>('ion-textarea', Element, defineCustomElement, { ...FORM_EVENTS, onIonInput: 'ionInput' });
