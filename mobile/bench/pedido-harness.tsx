// Harness of `npm run bench:pedido`: the app's own sync (lib/sync and every device collection)
// against the bench server's feeds (the catalogue of bench:catalogo — 15,000 products and their
// prices in 3 tables — plus the payment terms, the commercial policy, the ST rules and the
// seller's customers), then the order-entry screen (IncluirPedidoPage, as the app routes it, with
// ?cliente=) for one customer, whose actions the script drives: it records, per action (add a
// product from the search or by its barcode, one more sales multiple on a line), the time from
// the event to the new order total in the DOM (laid out) and to the next frame. The baseline is
// the device pricing alone (precificarRascunho over the same lines, no React), in the same page.
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { IonApp, setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import '../src/entities';
import IncluirPedidoPage from '../src/features/pedidos/components/IncluirPedidoPage';
import { colecaoClientes } from '../src/entities/cliente/colecao';
import { precificarRascunho, type LinhaRascunho } from '../src/entities/pedido/previa';
import { apagarRascunho } from '../src/entities/pedido/rascunho';
import { colecaoCondicoes, colecaoPolitica, colecaoPrecos, colecaoRegrasST, colecaoTabelas, idDoPreco } from '../src/entities/preco/colecoes';
import type { DadosComerciais } from '../src/entities/preco/noAparelho';
import { colecaoProdutos } from '../src/entities/produto/colecao';
import { apagarDadosDoAparelho } from '../src/lib/device-db';
import { formatarMoeda } from '../src/lib/format/money';
import { enviarESincronizar } from '../src/lib/sync/iniciar';

setupIonicReact({ mode: 'md' });

// A signed-in seller of the bench company (the customers' feed is their portfolio).
const OPERADOR = 'v1';
for (const [k, v] of Object.entries({ empresa: 'bench', operador: OPERADOR, UID: 'u1', perfil: 'VENDEDOR', nome_operador: 'Bench', medida: 'true' })) localStorage.setItem(k, v);

type Acao = 'busca' | 'ean' | 'quantidade';

interface Tempo {
  acao: Acao;
  /** ms from the action's event to the new total in the DOM, laid out. */
  ms: number;
  /** ms from the action's event to the next frame after it (painted). */
  quadro: number;
  linhas: number;
  total: string;
}

interface Passo {
  acao: Acao;
  linhas: LinhaRascunho[];
}

let root: Root | null = null;

const bench = {
  pronto: false,
  syncMs: 0,
  produtos: 0,
  precos: 0,
  clientes: 0,
  condicoes: 0,
  regras: 0,
  tempos: [] as Tempo[],
  /** The app's sync (every collection), then what the screen reads. */
  async sincronizar() {
    const t = performance.now();
    await enviarESincronizar();
    bench.syncMs = performance.now() - t;
    bench.produtos = (await colecaoProdutos.lista()).length;
    bench.precos = (await colecaoPrecos.lista()).length;
    bench.clientes = (await colecaoClientes.lista()).length;
    bench.condicoes = (await colecaoCondicoes.lista()).length;
    bench.regras = (await colecaoRegrasST.lista()).length;
  },
  /**
   * Renders `crm-vendas-pedidos-incluir?cliente=` (a new draft: the previous one is discarded)
   * and waits for the customer and the total of the empty order.
   */
  async montar(clienteId: string) {
    root?.unmount();
    await apagarRascunho();
    const el = document.getElementById('root')!;
    root = createRoot(el);
    root.render(
      <IonApp>
        <MemoryRouter initialEntries={[`/crm-vendas-pedidos-incluir?cliente=${encodeURIComponent(clienteId)}`]}>
          <Routes>
            <Route path="/crm-vendas-pedidos-incluir" element={<IncluirPedidoPage />} />
          </Routes>
        </MemoryRouter>
      </IonApp>,
    );
    const pronto = () => {
      const total = document.querySelector('[data-testid=total-pedido]')?.textContent ?? '';
      const carregando = document.querySelector('[data-testid=form-pedido]')?.textContent?.includes('Carregando o catálogo') ?? true;
      return document.querySelector('[data-testid=cliente-escolhido]') && total.includes('R$') && !carregando;
    };
    for (let i = 0; i < 1200 && !pronto(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!pronto()) throw new Error('a tela do pedido não ficou pronta (cliente, catálogo e total)');
    bench.tempos = [];
    return {
      cliente: document.querySelector('[data-testid=cliente-escolhido] strong')?.textContent ?? '',
      total: document.querySelector('[data-testid=total-pedido]')!.textContent,
    };
  },
  /** The lines on screen (code, quantity) and the total shown. */
  naTela() {
    const linhas = [...document.querySelectorAll<HTMLElement>('[data-testid=linha-pedido]')].map((l, i) => ({
      codigo: l.dataset.produto ?? '',
      quantidade: Number(document.querySelector<HTMLInputElement>(`input[name=quantidade-${i}]`)?.value || 0),
    }));
    return { linhas, total: document.querySelector('[data-testid=total-pedido]')?.textContent ?? '' };
  },
  /** What the device knows, as useDadosComerciais assembles it. */
  async dados(): Promise<DadosComerciais> {
    for (const c of [colecaoProdutos, colecaoPrecos, colecaoTabelas, colecaoPolitica, colecaoRegrasST, colecaoClientes]) if (!c.emMemoria()) await c.carregar();
    return {
      produto: (id) => colecaoProdutos.emMemoriaPorId(id),
      preco: (t, p) => colecaoPrecos.emMemoriaPorId(idDoPreco(t, p)),
      tabelas: colecaoTabelas.emMemoria()!,
      politica: colecaoPolitica.emMemoria()![0] ?? null,
      regrasST: colecaoRegrasST.emMemoria()!,
    };
  },
  /**
   * The baseline: the device pricing alone (precificarRascunho, what usePrecificacao runs) over
   * the lines of each step the screen went through, each step's median of `vezes`; and the total
   * it gives for the last step, formatted as the screen shows it.
   */
  async linhaDeBase(clienteId: string, condicaoId: string, passos: { acao: Acao; codigos: string[]; quantidades: number[] }[], vezes: number) {
    const d = await bench.dados();
    const cliente = colecaoClientes.emMemoriaPorId(clienteId);
    if (!cliente) throw new Error(`cliente ${clienteId} não está no aparelho`);
    const condicao = (await colecaoCondicoes.lista()).find((c) => c.id === condicaoId) ?? null;
    const porCodigo = new Map(colecaoProdutos.emMemoria()!.map((p) => [p.codigo, p.id]));
    const seq: Passo[] = passos.map((p) => ({
      acao: p.acao,
      linhas: p.codigos.map((c, i) => ({ produto_id: porCodigo.get(c) ?? c, quantidade: p.quantidades[i], desconto_percentual: 0, bonificacao: false })),
    }));
    const tempos: { acao: Acao; ms: number }[] = [];
    let total = 0;
    for (const p of seq) {
      const xs: number[] = [];
      for (let k = 0; k < vezes; k++) {
        const t = performance.now();
        total = precificarRascunho(d, OPERADOR, cliente, condicao, { tipo: 'venda', itens: p.linhas, frete_centavos: 0 }).total_centavos;
        xs.push(performance.now() - t);
      }
      xs.sort((a, b) => a - b);
      tempos.push({ acao: p.acao, ms: xs[Math.floor(xs.length / 2)] });
    }
    return { tempos, total: formatarMoeda(total) };
  },
};

(window as unknown as { __bench: typeof bench }).__bench = bench;

// Measuring: the action's event arms the clock (capture phase, before the screen's handlers) with
// the total shown then; the first DOM change that shows another total stops it (after layout),
// and the next frame after it counts as painted.
let t0 = 0;
let acao: Acao = 'busca';
let antes = '';
const totalNaTela = () => document.querySelector('[data-testid=total-pedido]')?.textContent ?? '';
const armar = (e: Event, a: Acao) => {
  t0 = e.timeStamp;
  acao = a;
  antes = totalNaTela();
};
document.addEventListener(
  'click',
  (e) => {
    if ((e.target as Element | null)?.closest?.('ul.pedido-sugestoes button[data-codigo]')) armar(e, 'busca');
  },
  true,
);
document.addEventListener(
  'keydown',
  (e) => {
    const t = e.target as HTMLInputElement | null;
    if (t?.name === 'ean' && e.key === 'Enter') armar(e, 'ean');
    else if (t?.name?.startsWith('quantidade-') && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) armar(e, 'quantidade');
  },
  true,
);
new MutationObserver(() => {
  if (!t0) return;
  const total = totalNaTela();
  if (total === antes) return;
  const el = document.querySelector<HTMLElement>('[data-testid=totais-pedido]');
  void el?.offsetHeight; // style and layout of the new total count
  const ms = performance.now() - t0;
  const inicio = t0;
  const a = acao;
  t0 = 0;
  requestAnimationFrame(() => {
    setTimeout(() => {
      bench.tempos.push({ acao: a, ms, quadro: performance.now() - inicio, linhas: document.querySelectorAll('[data-testid=linha-pedido]').length, total });
    }, 0);
  });
}).observe(document.getElementById('root')!, { childList: true, subtree: true, characterData: true });

void apagarDadosDoAparelho().then(() => (bench.pronto = true));
