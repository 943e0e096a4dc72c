import { useNavigate } from 'react-router-dom';
import { IonButton, IonIcon } from '@ionic/react';
import { arrowBack } from 'ionicons/icons';
import { temHistorico } from '../../lib/history';

/** Goes back in the app's history, or to `defaultHref` when the screen was opened directly. */
export function BackButton({ defaultHref }: { defaultHref: string }) {
  const navigate = useNavigate();
  return (
    <IonButton
      aria-label="Voltar"
      onClick={() => {
        if (temHistorico()) navigate(-1);
        else navigate(defaultHref, { replace: true });
      }}
    >
      <IonIcon slot="icon-only" icon={arrowBack} aria-hidden="true" />
    </IonButton>
  );
}
