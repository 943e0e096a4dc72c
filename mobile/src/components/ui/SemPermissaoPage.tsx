import { useEffect } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { Page } from './Page';
import { marcarPrimeiraTela } from '../../lib/history';
import { mensagemSemPermissao, type Acao } from '../../lib/permissoes';

/** Shown in place of a screen the operator's role may not open (the URL stays). */
export default function SemPermissaoPage({ acao }: { acao: Acao }) {
  useEffect(() => marcarPrimeiraTela(), []);
  return (
    <Page title="Sem permissão" backHref="/crm-home">
      <section className="center-box narrow" data-testid="sem-permissao" aria-labelledby="titulo-sem-permissao">
        <IonIcon icon={lockClosedOutline} style={{ fontSize: 48 }} color="medium" aria-hidden="true" />
        <h2 id="titulo-sem-permissao" style={{ margin: 0 }}>
          Sem permissão para abrir esta tela
        </h2>
        <p style={{ margin: 0 }}>{mensagemSemPermissao(acao)}</p>
        <IonButton routerLink="/crm-home">Voltar ao Início</IonButton>
      </section>
    </Page>
  );
}
