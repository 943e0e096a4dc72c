import type * as Ionic from '@ionic/react';
import { IonSearchbar as Element, defineCustomElement } from '@ionic/core/components/ion-searchbar.js';
import { wrap, FORM_EVENTS } from './wrap';

export const IonSearchbar = /*@__PURE__*/ wrap<typeof Ionic.IonSearchbar>('ion-searchbar', Element, defineCustomElement, { ...FORM_EVENTS, onIonInput: 'ionInput', onIonCancel: 'ionCancel', onIonClear: 'ionClear' });
