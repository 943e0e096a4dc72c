import type * as Ionic from '@ionic/react';
import { IonNote as Element, defineCustomElement } from '@ionic/core/components/ion-note.js';
import { wrap } from './wrap';

export const IonNote = /*@__PURE__*/ wrap<typeof Ionic.IonNote>('ion-note', Element, defineCustomElement);
