import { IonButton, IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { mensagemDeErro } from '../../lib/api/client';

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="center-box" role="alert">
      <IonIcon icon={cloudOfflineOutline} style={{ fontSize: 40 }} aria-hidden="true" />
      <p>{mensagemDeErro(error)}</p>
      {onRetry ? (
        <IonButton fill="outline" onClick={onRetry}>
          Tentar novamente
        </IonButton>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <div className="center-box muted" role="status">
      {children}
    </div>
  );
}
