import { IonButton, IonIcon } from '@ionic/react';
import { briefcaseOutline, businessOutline, cartOutline, clipboardOutline, cloudOfflineOutline, mapOutline, pricetagsOutline, storefrontOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';

/** What the app does today; nothing here is a promise. */
const RECURSOS = [
  { icon: storefrontOutline, titulo: 'Clientes', texto: 'Cadastro com CNPJ/CPF, contatos, endereços com CEP e busca por nome, documento ou cidade.' },
  { icon: briefcaseOutline, titulo: 'Carteira', texto: 'Clientes por vendedor, atribuição, transferência e importação por planilha (CSV).' },
  { icon: mapOutline, titulo: 'Regiões', texto: 'Regiões de venda formadas pelas cidades do IBGE.' },
  { icon: pricetagsOutline, titulo: 'Produtos e preços', texto: 'Catálogo, tabelas de preço por região, promoções e o preço final com IPI e ICMS-ST, no aparelho.' },
  { icon: cartOutline, titulo: 'Pedidos', texto: 'Pedido no balcão do cliente, com ou sem sinal: total com impostos, aprovação do supervisor, PDF e WhatsApp.' },
  { icon: clipboardOutline, titulo: 'Pesquisas', texto: 'Formulários de pesquisa respondidos na visita ao cliente.' },
  { icon: cloudOfflineOutline, titulo: 'Trabalho sem sinal', texto: 'A carteira fica no aparelho; o que você grava sem conexão é enviado quando ela volta.' },
  { icon: businessOutline, titulo: 'Gestão', texto: 'Supervisores acompanham a equipe; administradores cadastram operadores e veem o log de acessos.' },
];

/** Announced, not built: shown as such. */
const EM_BREVE = ['Metas', 'Agenda', 'Check-in'];

export default function LandingPage() {
  return (
    <Page title="CRM Vendas" backHref="/home">
      <div className="narrow">
        <div className="hero">
          <h2>Sua carteira de clientes, em campo</h2>
          <p>O CRM da sua força de vendas: clientes, carteira, pedidos, preços e pesquisas, mesmo sem internet.</p>
        </div>
        <div className="shortcuts">
          {RECURSOS.map((r) => (
            <div key={r.titulo} className="shortcut">
              <IonIcon icon={r.icon} aria-hidden="true" />
              <strong>{r.titulo}</strong>
              <span>{r.texto}</span>
            </div>
          ))}
        </div>
        <p className="muted ion-text-center" data-testid="em-breve">
          Em breve: {EM_BREVE.join(', ')}.
        </p>
        <div className="form-stack" style={{ marginTop: 24 }}>
          <IonButton routerLink="/signin" expand="block">
            Entrar
          </IonButton>
          <IonButton routerLink="/signup" expand="block" fill="outline">
            Criar conta
          </IonButton>
        </div>
      </div>
    </Page>
  );
}
