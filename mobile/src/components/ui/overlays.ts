// Ionic alerts, loaded when first shown (and warmed once the first screen is up), so the
// alert component is not part of the first download.
import type { AlertOptions } from '@ionic/core/components';
import { aposPrimeiraTela } from '../../lib/history';

const carregar = () =>
  Promise.all([import('@ionic/core/components'), import('@ionic/core/components/ion-alert.js')]).then(([core, alert]) => {
    alert.defineCustomElement();
    return core.alertController;
  });

let controller: ReturnType<typeof carregar> | null = null;
function alertController() {
  controller ??= carregar();
  return controller;
}

aposPrimeiraTela(() => void alertController());

/** Presents an alert; resolves with the role of the button that closed it. */
export async function apresentarAlerta(options: AlertOptions): Promise<string | undefined> {
  const ctrl = await alertController();
  const alert = await ctrl.create(options);
  await alert.present();
  const { role } = await alert.onDidDismiss();
  return role;
}
