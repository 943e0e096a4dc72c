import type * as Ionic from '@ionic/react';
import { IonSelect as Element, defineCustomElement } from '@ionic/core/components/ion-select.js';
import { wrap, FORM_EVENTS } from './wrap';

export const IonSelect = /*@__PURE__*/ wrap<typeof Ionic.IonSelect>('ion-select', Element, defineCustomElement, { ...FORM_EVENTS, onIonCancel: 'ionCancel', onIonDismiss: 'ionDismiss' });
