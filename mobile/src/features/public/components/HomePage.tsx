import { IonButton, IonContent, IonPage } from '@ionic/react';
import { isSignedInOperator, useSession } from '../../../lib/session';
import { Brand } from '../../../components/ui/Brand';
import { useNomeEmpresa } from '../../../lib/empresa';

export default function HomePage() {
  const session = useSession();
  const conectado = isSignedInOperator(session);
  const empresa = useNomeEmpresa();
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="narrow">
          <Brand />
          {conectado && session.profile ? (
            <div className="form-stack">
              <div className="hero">
                <h2>Olá, {session.profile.nomeOperador || session.profile.usuario}!</h2>
                <p data-testid="empresa">{empresa}</p>
              </div>
              <IonButton routerLink="/crm-home" expand="block">
                Abrir o CRM
              </IonButton>
            </div>
          ) : (
            <div className="form-stack">
              <IonButton routerLink="/signin" expand="block">
                Entrar
              </IonButton>
              <IonButton routerLink="/signup" expand="block" fill="outline">
                Criar conta
              </IonButton>
            </div>
          )}
          <nav className="links-row">
            <IonButton routerLink="/landing" fill="clear" size="small">
              Conheça o app
            </IonButton>
            <IonButton routerLink="/about" fill="clear" size="small">
              Sobre
            </IonButton>
          </nav>
        </div>
      </IonContent>
    </IonPage>
  );
}
