import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { formatarDiaHora } from '../../lib/format/date';

/** Says plainly that the screen shows the device's saved copy, and from when. */
export function AvisoCopia({ sincronizadoEm, semConexao = true }: { sincronizadoEm: string; semConexao?: boolean }) {
  const quando = formatarDiaHora(sincronizadoEm);
  return (
    <div className="aviso-copia" role="status" data-testid="aviso-copia">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <span>
        {semConexao ? 'Sem conexão' : 'Servidor indisponível'} — mostrando dados salvos no aparelho
        {quando ? ` em ${quando}` : ''}
      </span>
    </div>
  );
}
