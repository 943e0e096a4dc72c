import { IonButton, IonIcon } from '@ionic/react';
import { briefcaseOutline, businessOutline, cartOutline, clipboardOutline, cloudOfflineOutline, mapOutline, pricetagsOutline, storefrontOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';
import { LinksLegais } from '../../../components/ui/LinksLegais';
import './publico.css';

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

/**
 * Real screenshots of the app on a phone (360 × 720), taken from the running app with the demo
 * data by scripts/screenshots.mjs into ../capturas/ (WebP, 270 and 540 px wide; the three weigh
 * 52 KB at 1× and 101 KB at 2×, over the app's 234 KB first screen). Built as hashed assets: the
 * landing loads them lazily, and the service worker precaches them (the landing opens whole
 * offline) without fetching again what the browser already has.
 */
export const CAPTURAS = [
  { nome: 'pedido', legenda: 'O pedido no balcão do cliente: itens, descontos e total com impostos.' },
  { nome: 'cliente', legenda: 'A ficha do cliente: documento, contatos, endereços e pedidos.' },
  { nome: 'listas', legenda: 'As listas de preço: o catálogo com o preço de cada tabela, no aparelho.' },
] as const;
export const LARGURA_CAPTURA = 270;
export const ALTURA_CAPTURA = 540;
const ARQUIVOS = import.meta.glob<string>('../capturas/*.webp', { eager: true, import: 'default' });
const arquivo = (nome: string, largura: number) => ARQUIVOS[`../capturas/${nome}-${largura}.webp`];

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
        <p data-testid="para-quem">
          Para distribuidoras e indústrias com equipe de vendas externa: o vendedor faz o pedido no cliente, pelo celular,
          mesmo sem sinal; o supervisor aprova descontos e acompanha a equipe; o administrador cuida de operadores,
          catálogo e preços.
        </p>
        {/* Focusable: a keyboard scrolls the row of screens sideways. */}
        <section className="capturas" aria-label="Telas do app" data-testid="capturas" tabIndex={0}>
          {CAPTURAS.map((c) => (
            <figure key={c.nome}>
              <img
                src={arquivo(c.nome, LARGURA_CAPTURA)}
                srcSet={`${arquivo(c.nome, LARGURA_CAPTURA)} ${LARGURA_CAPTURA}w, ${arquivo(c.nome, 2 * LARGURA_CAPTURA)} ${2 * LARGURA_CAPTURA}w`}
                sizes={`(min-width: 400px) ${LARGURA_CAPTURA}px, 70vw`}
                width={LARGURA_CAPTURA}
                height={ALTURA_CAPTURA}
                loading="lazy"
                decoding="async"
                alt={`Tela do app: ${c.legenda}`}
              />
              <figcaption className="muted">{c.legenda}</figcaption>
            </figure>
          ))}
        </section>
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
        <h2>Como começar</h2>
        <ol className="como-comecar" data-testid="como-comecar">
          <li>A empresa instala o CRM Vendas no seu servidor e cadastra o primeiro administrador.</li>
          <li>O administrador cadastra os operadores (vendedores e supervisores), o catálogo, as tabelas de preço e os clientes — por planilha (CSV), se quiser.</li>
          <li>Cada operador entra com o e-mail cadastrado: senha, conta Google ou link de acesso. A carteira e o catálogo descem para o aparelho, e dali em diante o app funciona sem sinal.</li>
        </ol>
        <div className="form-stack" style={{ marginTop: 24 }}>
          <IonButton routerLink="/signin" expand="block">
            Entrar
          </IonButton>
          <IonButton routerLink="/signup" expand="block" fill="outline">
            Criar conta
          </IonButton>
        </div>
        <LinksLegais comSobre />
      </div>
    </Page>
  );
}
