import { IonContent, IonPage, IonSpinner } from '@ionic/react';

/** Full-screen spinner while a session is being restored. */
export function PageLoading({ label = 'Carregando…' }: { label?: string }) {
  return (
    <IonPage>
      <IonContent>
        <div className="center-box" role="status" aria-live="polite">
          <IonSpinner name="crescent" />
          <span className="sr-only">{label}</span>
        </div>
      </IonContent>
    </IonPage>
  );
}
