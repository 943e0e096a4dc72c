import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonBadge } from '../../../components/ionic/IonBadge';
import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { IonListHeader } from '../../../components/ionic/IonListHeader';
import { IonNote } from '../../../components/ionic/IonNote';
import { Page } from '../../../components/ui/Page';
import { LogoutButton } from '../../../components/ui/LogoutButton';
import { NOMES_PERFIL } from '../../../components/navigation';
import { useToast } from '../../../components/ui/useToast';
import { useSession } from '../../../lib/session';
import { config } from '../../../config/env';
import { useNomeEmpresa } from '../../../lib/empresa';

export default function ProfilePage() {
  const { profile, user } = useSession();
  const empresa = useNomeEmpresa();
  const toast = useToast();
  const [enviando, setEnviando] = useState(false);

  async function reenviarVerificacao() {
    setEnviando(true);
    try {
      const [{ auth }, { sendEmailVerification }] = await Promise.all([import('../../../lib/firebase'), import('firebase/auth')]);
      if (auth.currentUser) await sendEmailVerification(auth.currentUser);
      toast('E-mail de verificação enviado.', { duration: 3000, position: 'bottom', color: 'success' });
    } catch {
      toast('Não foi possível enviar o e-mail de verificação. Tente novamente.', { duration: 4000, position: 'bottom', color: 'danger' });
    } finally {
      setEnviando(false);
    }
  }

  if (!profile) return null;
  const linhas: [string, string][] = [
    ['Nome', profile.nomeOperador],
    ['E-mail', profile.firebaseEmail],
    ['Empresa', empresa],
    ['Código do operador', profile.operador],
    ['Perfil', NOMES_PERFIL[profile.perfil] ?? profile.perfil],
    ['Exibir medida', profile.medida ? 'Sim' : 'Não'],
    ['Vendedor nas listas', profile.filtroVendedor || 'Todos'],
  ];
  return (
    <Page title="Meu perfil" backHref="/crm-home">
      <div className="narrow">
        <IonList inset>
          <IonListHeader>
            <IonLabel>Operador</IonLabel>
          </IonListHeader>
          {linhas.map(([k, v]) => (
            <IonItem key={k}>
              <IonLabel>{k}</IonLabel>
              <IonNote slot="end">{v}</IonNote>
            </IonItem>
          ))}
        </IonList>
        <IonList inset>
          <IonListHeader>
            <IonLabel>Conta</IonLabel>
          </IonListHeader>
          <IonItem>
            <IonLabel>Verificação do e-mail</IonLabel>
            {user?.emailVerified ? (
              <IonBadge color="success" slot="end">
                Verificado
              </IonBadge>
            ) : (
              <IonBadge color="warning" slot="end">
                Não verificado
              </IonBadge>
            )}
          </IonItem>
          {user && !user.emailVerified ? (
            <IonItem>
              <IonButton fill="clear" onClick={reenviarVerificacao} disabled={enviando}>
                {enviando ? <IonSpinner name="dots" /> : 'Reenviar e-mail de verificação'}
              </IonButton>
            </IonItem>
          ) : null}
          <IonItem>
            <IonLabel>Versão do app</IonLabel>
            <IonNote slot="end">{config.appVersion}</IonNote>
          </IonItem>
        </IonList>
        <div className="ion-padding">
          <LogoutButton />
        </div>
      </div>
    </Page>
  );
}
