import { useEffect } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { constructOutline } from 'ionicons/icons';
import { Page } from './Page';
import { marcarPrimeiraTela } from '../../lib/history';

/** Shown at a route whose area later versions build (the URL stays). */
export default function EmBrevePage({ area }: { area: string }) {
  useEffect(() => marcarPrimeiraTela(), []);
  return (
    <Page title={area} backHref="/crm-home">
      <section className="center-box narrow" data-testid="em-breve" aria-labelledby="titulo-em-breve">
        <IonIcon icon={constructOutline} style={{ fontSize: 48 }} color="medium" aria-hidden="true" />
        <h2 id="titulo-em-breve" style={{ margin: 0 }}>
          Em breve
        </h2>
        <p style={{ margin: 0 }}>Esta área ainda não está disponível nesta versão.</p>
        <IonButton routerLink="/crm-home">Ir para o Início</IonButton>
      </section>
    </Page>
  );
}
