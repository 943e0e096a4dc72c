// The rules of the `listas` screen, pure: which table a list shows, which products it lists
// (the ones with a price in that table, active, of the group, matching every word typed) and how a
// product's figures read.
import type { Cliente } from '../../../lib/api/types';
import { tabelaDoCliente } from '../../../entities/preco/calcular';
import { paraCliente } from '../../../entities/preco/noAparelho';
import type { PrecoLocal, TabelaLocal } from '../../../entities/preco/colecoes';
import type { ProdutoLocal } from '../../../entities/produto/colecao';
import { formatarDataHora } from '../../../lib/format/date';
import { palavrasDaBusca } from '../../../lib/texto';
import { juntarComOsDoServidor, type BuscaDuranteACopia } from '../../../lib/sync/buscaDuranteACopia';
import type { DoServidor } from '../../../lib/sync/colecao';

export interface LinhaLista {
  produto: ProdutoLocal;
  preco: PrecoLocal;
}

/**
 * A row of the list's search: the device's, or a product the server search found during the
 * catalogue's first copy (DoServidor) with the device's price in the table when the device has it
 * already, else none (null: "preço ao copiar o catálogo"; the API has no price of one product in
 * a table, and the customer's price is the device's pricing, which needs the catalogue).
 */
export interface LinhaDaBusca {
  produto: ProdutoLocal | DoServidor<ProdutoLocal>;
  preco: PrecoLocal | null;
}

/**
 * The device's rows, then the server search's products that the device does not have (those it
 * has are the device's list's to show or not), active and of the group ('' = all).
 */
export function juntarLinhasDoServidor(
  linhas: readonly LinhaLista[],
  busca: Pick<BuscaDuranteACopia<ProdutoLocal>, 'ativa' | 'itens'>,
  precos: ReadonlyMap<string, PrecoLocal>,
  grupo: string,
  noAparelho: (produtoId: string) => boolean,
): readonly LinhaDaBusca[] {
  const juntos = juntarComOsDoServidor(
    linhas.map((l) => l.produto),
    busca,
    (p) => p.ativo && (!grupo || p.grupo === grupo) && !noAparelho(p.id),
  );
  if (juntos.length === linhas.length) return linhas;
  return [...linhas, ...juntos.slice(linhas.length).map((produto) => ({ produto, preco: precos.get(produto.id) ?? null }))];
}

/** Whether a table is valid on the date (bounds inclusive, empty = open). */
export function vigente(t: Pick<TabelaLocal, 'validade_inicio' | 'validade_fim'>, data: string): boolean {
  return (!t.validade_inicio || t.validade_inicio <= data) && (!t.validade_fim || data <= t.validade_fim);
}

/** The prices of one table, by product. */
export function precosDaTabela(precos: readonly PrecoLocal[], tabelaId: string): Map<string, PrecoLocal> {
  const m = new Map<string, PrecoLocal>();
  for (const p of precos) if (p.tabela_id === tabelaId && !p.excluido) m.set(p.produto_id, p);
  return m;
}

/** The table a list opens on: the company's default valid today, else the first valid one, else the first. */
export function tabelaInicial(tabelas: readonly TabelaLocal[], data: string): TabelaLocal | undefined {
  return tabelas.find((t) => t.padrao && vigente(t, data)) ?? tabelas.find((t) => vigente(t, data)) ?? tabelas[0];
}

/** The table that applies to the customer on the date (the pricing's rule), if any. */
export function tabelaParaCliente(
  tabelas: readonly TabelaLocal[],
  c: Pick<Cliente, 'id' | 'uf' | 'regiao_id' | 'contribuinte_icms'>,
  data: string,
): TabelaLocal | undefined {
  const t = tabelaDoCliente(
    paraCliente(c),
    tabelas.map((x) => ({ ...x, validade_inicio: x.validade_inicio || undefined, validade_fim: x.validade_fim || undefined, precos: {} })),
    data,
  );
  return t ? tabelas.find((x) => x.id === t.id) : undefined;
}

/** The list's rows before any search: active products priced in the table, of the group ('' = all), in the catalogue's order. */
export function linhasDaTabela(produtos: readonly ProdutoLocal[], precos: ReadonlyMap<string, PrecoLocal>, grupo: string): LinhaLista[] {
  const out: LinhaLista[] = [];
  for (const p of produtos) {
    if (!p.ativo || (grupo && p.grupo !== grupo)) continue;
    const preco = precos.get(p.id);
    if (preco) out.push({ produto: p, preco });
  }
  return out;
}

/**
 * The rows whose product contains every word (folded: palavrasDaBusca) in its code, description,
 * barcode or brand: one pass of indexOf per row.
 */
export function filtrarLinhas(linhas: readonly LinhaLista[], termos: readonly string[]): LinhaLista[] {
  const n = termos.length;
  const out: LinhaLista[] = [];
  outer: for (let i = 0; i < linhas.length; i++) {
    const t = linhas[i].produto._busca;
    for (let k = 0; k < n; k++) if (t.indexOf(termos[k]) < 0) continue outer;
    out.push(linhas[i]);
  }
  return out;
}

/** The products of the list for a query typed by the user (linhasDaTabela, then filtrarLinhas). */
export function linhasDaLista(produtos: readonly ProdutoLocal[], precos: ReadonlyMap<string, PrecoLocal>, grupo: string, consulta: string): LinhaLista[] {
  return filtrarLinhas(linhasDaTabela(produtos, precos, grupo), palavrasDaBusca(consulta));
}

const inteiro = new Intl.NumberFormat('pt-BR');

/** "Estoque: 1.234 CX (em 20/11/2026, 14:00)", or that none was reported. */
export function rotuloEstoque(p: Pick<ProdutoLocal, 'estoque' | 'estoque_em' | 'unidade'>): string {
  if (!p.estoque_em) return 'Estoque não informado';
  const q = inteiro.format(Number(p.estoque) || 0);
  return `Estoque: ${q}${p.unidade ? ` ${p.unidade}` : ''} (em ${formatarDataHora(p.estoque_em)})`;
}

/** "Cód. 123 · CX c/ 12 · múltiplo 6" (the unit only when the operator shows units, SPEC §3). */
export function detalheProduto(p: Pick<ProdutoLocal, 'codigo' | 'unidade' | 'unidades_caixa' | 'multiplo_venda'>, exibirMedida: boolean): string {
  const partes = [`Cód. ${p.codigo}`];
  if (exibirMedida && p.unidade) partes.push(Number(p.unidades_caixa) > 1 ? `${p.unidade} c/ ${p.unidades_caixa}` : p.unidade);
  if (Number(p.multiplo_venda) > 1) partes.push(`múltiplo ${p.multiplo_venda}`);
  return partes.join(' · ');
}

/**
 * The tables an operator sees in the lists: a seller, the tables that apply to their customers
 * today (or the default when they have none yet); a supervisor or an admin, every table.
 */
export function tabelasVisiveis(
  tabelas: readonly TabelaLocal[],
  perfil: string | undefined,
  clientes: readonly Pick<Cliente, 'id' | 'uf' | 'regiao_id' | 'contribuinte_icms'>[],
  data: string,
): TabelaLocal[] {
  if (perfil !== 'VENDEDOR') return [...tabelas];
  const ids = new Set<string>();
  for (const c of clientes) {
    const t = tabelaParaCliente(tabelas, c, data);
    if (t) ids.add(t.id);
  }
  if (ids.size === 0) {
    const t = tabelaInicial(tabelas, data);
    return t ? [t] : [];
  }
  return tabelas.filter((t) => ids.has(t.id));
}
