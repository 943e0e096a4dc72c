// The commercial rules on the device, so a draft is priced offline exactly as the server will
// price it (./calcular, the mirror of the server's pricing): price tables, every table's prices
// (one record per table × product, as the server keeps them), payment terms, the commercial
// policy as the caller sees it (their own cap and flex balance) and the ICMS-ST rules. Payment
// terms and ICMS-ST rules are simple entities (entities/condicao, entities/regraSt).
import type { PoliticaComercial, Preco, TabelaPreco } from '../../lib/api/types';
import { definirColecao, paginaDoFeed, useColecao, type Indexado } from '../../lib/sync/colecao';
import { dobrar } from '../../lib/texto';
import { TAMANHO_PAGINA_CATALOGO } from '../produto/colecao';
import { colecaoCondicoes } from '../condicao';
import { regrasSt } from '../regraSt';
import { alteracoesPrecos, alteracoesTabelas, obterPolitica } from './api';

export { colecaoCondicoes };

const versao = (r: { versao?: string | number }) => Number(r.versao) || 0;
const excluido = (r: { excluido?: boolean }) => Boolean(r.excluido);

export type TabelaLocal = TabelaPreco & Indexado;

export const colecaoTabelas = definirColecao<TabelaPreco, TabelaLocal>({
  nome: 'tabelas-preco',
  // With the catalogue (a handful of records): `listas` shows a table, and searches it, during
  // the catalogue's first copy.
  prioridade: 1,
  rotulos: { copia: 'as tabelas de preço', itens: 'tabelas', incompleta: 'As tabelas de preço ainda estão sendo baixadas', feminino: true },
  tamanhoPagina: 200,
  buscar: async (desde, tamanho) => paginaDoFeed(await alteracoesTabelas(desde, tamanho), (a) => a.tabela),
  versao,
  excluido,
  indexar: (t) => ({ ...t, _busca: dobrar(t.nome), _ordem: `${t.padrao ? '0' : '1'}${dobrar(t.nome)}\u0000${t.id}` }),
});

/** A price of one product in one table; its id is the server's, `tabela:produto`. */
export type PrecoComId = Preco & { id: string };
export type PrecoLocal = PrecoComId & Indexado;

/** The id of the price of a product in a table (the server's PrecoID). */
export const idDoPreco = (tabelaId: string, produtoId: string) => `${tabelaId}:${produtoId}`;

export const colecaoPrecos = definirColecao<PrecoComId, PrecoLocal>({
  nome: 'precos',
  rotulos: { copia: 'os preços', itens: 'preços', incompleta: 'Os preços ainda estão sendo baixados' },
  tamanhoPagina: TAMANHO_PAGINA_CATALOGO,
  buscar: async (desde, tamanho) => paginaDoFeed(await alteracoesPrecos(desde, tamanho), (a) => (a.preco ? { ...a.preco, id: a.id } : null)),
  versao,
  excluido,
  // Prices are looked up by id and listed per table, never searched by text.
  indexar: (p) => ({ ...p, _busca: '', _ordem: p.id }),
});

/** The policy is one record on the device. */
export const ID_POLITICA = 'politica';
export type PoliticaLocal = PoliticaComercial & { id: string } & Indexado;

export const colecaoPolitica = definirColecao<PoliticaComercial & { id: string }, PoliticaLocal>({
  nome: 'politica-comercial',
  completa: true,
  async buscar() {
    const p = await obterPolitica();
    return { mudancas: [{ id: ID_POLITICA, removido: false, registro: { ...p, id: ID_POLITICA } }], cursor: '', mais: false };
  },
  versao,
  indexar: (p) => ({ ...p, _busca: '', _ordem: ID_POLITICA }),
});

export const colecaoRegrasST = regrasSt.colecao;

export const usePrecosDoAparelho = () => useColecao(colecaoPrecos);
export const useTabelasDoAparelho = () => useColecao(colecaoTabelas);
export const useCondicoesDoAparelho = () => useColecao(colecaoCondicoes);
export const usePoliticaDoAparelho = (): PoliticaLocal | null => {
  const l = useColecao(colecaoPolitica);
  return l ? (l[0] ?? null) : null;
};
export const useRegrasSTDoAparelho = () => useColecao(colecaoRegrasST);
