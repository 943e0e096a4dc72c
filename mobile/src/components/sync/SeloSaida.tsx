import { IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { useSaida } from '../../lib/sync/saida';

/**
 * The toolbar's badge: how many changes made on this device wait to be sent (refused ones
 * included). Hidden when none waits; opens the list of pending changes.
 */
export default function SeloSaida() {
  const { total, recusadas } = useSaida();
  if (total === 0) return null;
  const rotulo = `${total} ${total === 1 ? 'alteração aguardando' : 'alterações aguardando'} envio${recusadas ? `, ${recusadas} recusada(s)` : ''}`;
  return (
    <IonButton routerLink="/pendencias" aria-label={rotulo} title={rotulo} data-testid="selo-saida">
      <IonIcon slot="icon-only" icon={cloudUploadOutline} aria-hidden="true" />
      <span className={recusadas ? 'selo-contagem selo-erro' : 'selo-contagem'} data-testid="selo-saida-total">
        {total}
      </span>
    </IonButton>
  );
}
