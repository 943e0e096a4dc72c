import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { IonNote } from '../../../components/ionic/IonNote';
import { Page } from '../../../components/ui/Page';
import { config } from '../../../config/env';
import { tipoPlataforma } from '../../../lib/platform';
import { Brand } from '../../../components/ui/Brand';

export default function AboutPage() {
  return (
    <Page title="Sobre" backHref="/home">
      <div className="narrow">
          <Brand />
        <IonList inset>
          <IonItem>
            <IonLabel>Versão</IonLabel>
            <IonNote slot="end">{config.appVersion}</IonNote>
          </IonItem>
          <IonItem>
            <IonLabel>Plataforma</IonLabel>
            <IonNote slot="end">{tipoPlataforma() === 'android' ? 'Android' : 'Web'}</IonNote>
          </IonItem>
          <IonItem>
            <IonLabel>Idioma e moeda</IonLabel>
            <IonNote slot="end">Português (Brasil) · R$</IonNote>
          </IonItem>
        </IonList>
        <p className="muted ion-text-center">
          Os dados da sua empresa ficam no servidor; o aparelho guarda só o necessário para você trabalhar sem sinal, e tudo é
          apagado ao sair — menos o que você alterou e ainda não foi enviado, que fica guardado e é enviado quando você entrar
          de novo.
        </p>
      </div>
    </Page>
  );
}
