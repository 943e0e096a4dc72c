import { Link } from 'react-router-dom';
import { IonIcon } from '@ionic/react';
import { alertCircleOutline, cloudUploadOutline } from 'ionicons/icons';
import { useSaida } from '../../lib/sync/saida';

/** How many changes made on this device wait to be sent, and how many the server refused. */
export function AvisoSaida() {
  const { total, recusadas } = useSaida();
  if (total === 0) return null;
  const aguardando = total - recusadas;
  return (
    <div className={recusadas ? 'aviso-copia aviso-erro' : 'aviso-copia'} role="status" data-testid="aviso-saida">
      <IonIcon icon={recusadas ? alertCircleOutline : cloudUploadOutline} aria-hidden="true" />
      <span>
        {aguardando ? `${aguardando} ${aguardando === 1 ? 'alteração aguardando' : 'alterações aguardando'} envio` : ''}
        {aguardando && recusadas ? ' · ' : ''}
        {recusadas ? `${recusadas} ${recusadas === 1 ? 'recusada pelo servidor' : 'recusadas pelo servidor'}` : ''}
        {' — '}
        <Link to="/pendencias">Ver alterações</Link>
      </span>
    </div>
  );
}
