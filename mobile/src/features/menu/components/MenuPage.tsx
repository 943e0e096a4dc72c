import { IonIcon } from '@ionic/react';
import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { homeOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';
import { LogoutButton } from '../../../components/ui/LogoutButton';
import { itensPara } from '../../../components/navigation';
import { useSession } from '../../../lib/session';

export default function MenuPage() {
  const { profile } = useSession();
  const itens = itensPara(profile?.perfil).filter((i) => i.path !== '/menu');
  return (
    <Page title="Menu" backHref="/crm-home">
      <div className="narrow">
        <IonList inset>
          <IonItem routerLink="/crm-home" detail>
            <IonIcon slot="start" icon={homeOutline} aria-hidden="true" />
            <IonLabel>Início</IonLabel>
          </IonItem>
          {itens.map((i) => (
            <IonItem key={i.path} routerLink={i.path} detail>
              <IonIcon slot="start" icon={i.icon} aria-hidden="true" />
              <IonLabel>
                <h3>{i.titulo}</h3>
                <p>{i.descricao}</p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
        <div className="ion-padding">
          <LogoutButton />
        </div>
      </div>
    </Page>
  );
}
