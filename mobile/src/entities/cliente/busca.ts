// How a customer is found and listed on the device, with the server's meaning
// (services/customer: ClientesSpec.Search and Service.List): the query's words are contained in
// name | trade name | document; a query made of a document's digits and punctuation searches the
// digits; the city filter is a 7-digit IBGE code or the city's name, equal after folding. The
// shared cases in testdata/busca-clientes.json run against both (busca.test.ts and the customer
// service's Go test), so they cannot drift.
import type { Cliente } from '../../lib/api/types';
import { formatarDocumento } from '../../lib/format/document';
import { formatarTelefone } from '../../lib/format/phone';
import type { Indexado } from '../../lib/sync/colecao';
import { dobrar } from '../../lib/texto';
import { buscarNaLista, type ResultadoBusca } from '../../lib/sync/busca';

/** The folded text a customer is found by (the server's: name | trade name | document). */
export function textoDeBusca(c: Pick<Cliente, 'nome' | 'nome_fantasia' | 'documento'>): string {
  return dobrar(`${c.nome} | ${c.nome_fantasia} | ${c.documento}`);
}

/** A query of a document (digits and . / - only, at least 3 digits) searches its characters alone. */
export function consultaDeDocumento(q: string): string {
  const t = q.trim();
  if (!/\d/.test(t)) return t;
  if (/^[0-9./\- ]+$/.test(t)) {
    const d = t.replace(/[^0-9]/g, '');
    if (d.length >= 3) return d;
  }
  return t;
}

/** The second line of a customer in lists: document, city/UF, phone, formatted. */
export function linhaDoCliente(c: Pick<Cliente, 'documento' | 'cidade' | 'uf' | 'celular' | 'telefone'>): string {
  const fone = c.celular || c.telefone;
  const local = c.cidade ? (c.uf ? `${c.cidade}/${c.uf}` : c.cidade) : c.uf;
  return [c.documento ? formatarDocumento(c.documento) : '', local, fone ? formatarTelefone(fone) : ''].filter(Boolean).join(' · ');
}

/**
 * A customer as the device lists it: the record, its search text and sort key (the server's
 * nome_ordem, then the id), and its formatted list line, computed once per record.
 */
export type ClienteLocal = Cliente & Indexado & { _linha: string };

export function paraLocal(c: Cliente): ClienteLocal {
  return { ...c, _busca: textoDeBusca(c), _ordem: `${dobrar(c.nome)}\u0000${c.id}`, _linha: linhaDoCliente(c) };
}

export interface Filtros {
  vendedor: string;
  status: string;
  regiao: string;
  cidade: string;
}

/** The list's filters on the device copy, with the API's meaning (GET /crm/clientes). */
export function filtrarClientes(lista: readonly ClienteLocal[], f: Filtros): ClienteLocal[] {
  const cidadeTxt = f.cidade.trim();
  const ibge = /^\d{7}$/.test(cidadeTxt) ? cidadeTxt : '';
  const cidade = ibge ? '' : dobrar(cidadeTxt);
  const status = f.status.trim().toLowerCase();
  return lista.filter(
    (c) =>
      (!f.vendedor || c.vendedor_id === f.vendedor) &&
      (!status || c.status === status) &&
      (!f.regiao || c.regiao_id === f.regiao) &&
      (!ibge || principal(c)?.ibge === ibge) &&
      (!cidade || dobrar(principal(c)?.cidade) === cidade),
  );
}

/** The main address (the server's Cliente.Principal: the one marked, none otherwise). */
function principal(c: Cliente) {
  return c.enderecos?.find((e) => e.principal);
}

/** Device search with the server's meaning (GET /crm/clientes?q=). */
export function buscarClientes(lista: readonly ClienteLocal[], q: string, limite?: number): ResultadoBusca<ClienteLocal> {
  return buscarNaLista(lista, consultaDeDocumento(q), limite);
}

/** GET /crm/clientes on the device: the query (none: everyone) and the filters, in name order. */
export function consultarClientes(lista: readonly ClienteLocal[], q: string, f: Partial<Filtros> = {}): ClienteLocal[] {
  const base = q.trim() ? buscarClientes(lista, q, Number.MAX_SAFE_INTEGER).itens : lista;
  return filtrarClientes(base, { vendedor: '', status: '', regiao: '', cidade: '', ...f });
}
