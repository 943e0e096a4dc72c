import type * as Ionic from '@ionic/react';
import { IonInput as Element, defineCustomElement } from '@ionic/core/components/ion-input.js';
import { wrap, FORM_EVENTS } from './wrap';

export const IonInput = /*@__PURE__*/ wrap<typeof Ionic.IonInput>('ion-input', Element, defineCustomElement, { ...FORM_EVENTS, onIonInput: 'ionInput' });
