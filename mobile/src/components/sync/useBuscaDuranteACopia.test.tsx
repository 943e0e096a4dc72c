import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The catalogue's and the portfolio's server searches go through the API client: recorded here.
const chamadas: { rota: string; query: Record<string, unknown> }[] = [];
vi.mock('../../lib/api/client', async (original) => ({
  ...(await original<typeof import('../../lib/api/client')>()),
  api: async (rota: string, o: { query: Record<string, unknown> }) => {
    chamadas.push({ rota, query: o.query });
    return { produtos: [], clientes: [], pedidos: [], next_page_token: '' };
  },
}));

import { montarTela } from '../../test/tela';
import { apagarBancoInteiro } from '../../lib/device-db';
import { clearOnLogout, storeOperatorProfile } from '../../lib/storage';
import { colecaoProdutos } from '../../entities/produto/colecao';
import { colecaoClientes } from '../../entities/cliente/colecao';
import { colecaoPedidos } from '../../entities/pedido/colecao';
import { buscarNaLista } from '../../lib/sync/busca';
import { doServidor, juntarComOsDoServidor } from '../../lib/sync/buscaDuranteACopia';
import { useBuscaDuranteACopia } from './useBuscaDuranteACopia';
import { definirColecao, useColecao, type Colecao, type Indexado, type PaginaFeed } from '../../lib/sync/colecao';

interface Item {
  id: string;
  nome: string;
  versao: number;
  ativo: boolean;
}
type ItemLocal = Item & Indexado;

const alfa: Item = { id: 'a', nome: 'Alfa', versao: 1, ativo: true };
const gama: Item = { id: 'g', nome: 'Gama', versao: 1, ativo: true };
const gamaVelho: Item = { id: 'g2', nome: 'Gama velho', versao: 1, ativo: false };
/** What the server holds; the feed brings alfa first and the rest when the test lets it. */
const noServidor = [alfa, gama, gamaVelho];

let liberar: () => void = () => undefined;
let buscas: { q: string; limite: number; filtros: Record<string, string> }[] = [];
const col = definirColecao<Item, ItemLocal>({
  nome: 'teste-busca-durante-a-copia',
  async buscar(desde): Promise<PaginaFeed<Item>> {
    if (desde === '') return { mudancas: [{ id: alfa.id, removido: false, registro: alfa }], cursor: 'k1', mais: true, total: 3 };
    await new Promise<void>((ok) => (liberar = ok));
    return { mudancas: [gama, gamaVelho].map((r) => ({ id: r.id, removido: false, registro: r })), cursor: 'k2', mais: false };
  },
  versao: (r) => r.versao,
  indexar: (r) => ({ ...r, _busca: r.nome.toLowerCase(), _ordem: r.nome.toLowerCase() }),
  async buscarNoServidor(q, o) {
    buscas.push({ q, limite: o.limite, filtros: o.filtros });
    return noServidor.filter((r) => r.nome.toLowerCase().includes(q.toLowerCase())).slice(0, o.limite);
  },
});

/** A screen's search over the collection: the device's results, then the server's during the first copy. */
function Busca({ texto, c = col }: { texto: string; c?: Colecao<Item, ItemLocal> }) {
  const lista = useColecao(c);
  const servidor = useBuscaDuranteACopia(c, texto, { limite: 8, filtros: { vendedor: 'v1', marca: '' } });
  const itens = juntarComOsDoServidor(lista && texto ? buscarNaLista(lista, texto).itens.filter((r) => r.ativo) : [], servidor, (r) => r.ativo);
  return (
    <div data-buscando={servidor.buscando ? 'sim' : 'nao'} data-ativa={servidor.ativa ? 'sim' : 'nao'}>
      {itens.map((r) => (
        <p key={r.id} data-origem={doServidor(r) ? 'servidor' : 'aparelho'}>
          {r.nome}
        </p>
      ))}
    </div>
  );
}

const tela = montarTela();
let cliente: QueryClient;
const mostrar = (texto: string) =>
  tela.render(
    <QueryClientProvider client={cliente}>
      <Busca texto={texto} />
    </QueryClientProvider>,
  );
const achados = () => [...tela.container.querySelectorAll('p')].map((p) => `${p.textContent}:${p.dataset.origem}`);
const raiz = () => tela.container.firstElementChild as HTMLElement;
const online = (v: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => v });

describe('a search during a device collection’s first copy also asks the server', () => {
  let copia: Promise<number>;
  beforeEach(async () => {
    await apagarBancoInteiro();
    clearOnLogout();
    storeOperatorProfile({ empresa: 'demo', id: 'op1', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false }, { uid: 'u1', email: 'ana@demo.example.com', displayName: 'Ana' });
    cliente = new QueryClient();
    buscas = [];
    online(true);
    // The first page lands; the second waits for the test.
    copia = col.sincronizar();
    await vi.waitFor(() => expect(col.situacaoAtual().recebidos).toBe(1));
  });
  afterEach(async () => {
    liberar();
    await copia.catch(() => undefined);
    cliente.clear();
  });

  it('finds what the device has not copied yet (the server’s answer, filtered as the screen filters), and keeps the one chosen', async () => {
    mostrar('gama');
    expect(raiz().dataset.ativa).toBe('sim');
    expect(raiz().dataset.buscando).toBe('sim');
    await vi.waitFor(() => expect(achados()).toEqual(['Gama:servidor']));
    expect(raiz().dataset.buscando).toBe('nao');
    // Asked once, after the typing stopped, with the screen's filters (an empty one left out).
    expect(buscas).toEqual([{ q: 'gama', limite: 8, filtros: { vendedor: 'v1' } }]);
    // The device's own results come first and are not repeated from the server.
    mostrar('a');
    await vi.waitFor(() => expect(achados()).toEqual(['Alfa:aparelho', 'Gama:servidor']));
    // Chosen: kept in the device copy, where the screen uses it at once.
    expect(col.emMemoriaPorId('g')).toBeUndefined();
    const achado = (await col.def.buscarNoServidor!('gama', { limite: 1, filtros: {} })).map((r) => col.daBusca(r))[0];
    await col.guardarDaBusca(achado);
    expect(col.emMemoriaPorId('g')?.nome).toBe('Gama');
  });

  it('is off once the copy is complete: the device answers alone', async () => {
    liberar();
    await copia;
    mostrar('gama');
    expect(raiz().dataset.ativa).toBe('nao');
    await vi.waitFor(() => expect(achados()).toEqual(['Gama:aparelho']));
    expect(buscas).toEqual([]);
  });

  it('is off with no connection (the screen says the copy is incomplete instead)', async () => {
    online(false);
    mostrar('gama');
    expect(raiz().dataset.ativa).toBe('nao');
    expect(achados()).toEqual([]);
    expect(buscas).toEqual([]);
  });
});

describe('the collections searched during their first copy', () => {
  beforeEach(() => {
    chamadas.length = 0;
  });

  it('the catalogue asks GET /crm/produtos?q= (only products on sale when the screen says so)', async () => {
    await colecaoProdutos.def.buscarNoServidor!('cafe', { limite: 8, filtros: { ativo: 'true' } });
    await colecaoProdutos.def.buscarNoServidor!('cafe', { limite: 50, filtros: {} });
    expect(chamadas).toEqual([
      { rota: '/produtos', query: { q: 'cafe', page_size: 8, ativo: true } },
      { rota: '/produtos', query: { q: 'cafe', page_size: 50 } },
    ]);
  });

  it('the portfolio asks GET /crm/clientes?q= in the seller a manager chose', async () => {
    await colecaoClientes.def.buscarNoServidor!('padaria', { limite: 8, filtros: { vendedor: 'v2' } });
    expect(chamadas).toEqual([{ rota: '/clientes', query: { q: 'padaria', vendedor: 'v2', page_size: 8 } }]);
  });

  it('the orders ask GET /crm/pedidos?q= in the seller a manager chose', async () => {
    await colecaoPedidos.def.buscarNoServidor!('1234', { limite: 50, filtros: { vendedor: 'v2' } });
    expect(chamadas).toEqual([{ rota: '/pedidos', query: { q: '1234', vendedor: 'v2', page_size: 50 } }]);
  });
});
