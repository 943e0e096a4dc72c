// The report of the company's customers whose stored inscrição estadual fails its state's rule
// (ADMIN): GET /crm/clientes/ie-invalidas, keyset paged, from the server only (no device copy).
import { useInfiniteQuery } from '@tanstack/react-query';
import { chavesClientes } from '../../../entities/cliente/api';
import { api } from '../../../lib/api/client';
import type { components, operations } from '../../../lib/api/schema.gen';
import type { Cliente } from '../../../lib/api/types';
import { paginas } from '../../../lib/query';

type Parametros = NonNullable<operations['CustomerService_ListarClientesIEInvalida']['parameters']['query']>;
type Gerado = components['schemas']['v1ClienteIEInvalida'];

/** One customer of the report: the customer, the UF its IE was checked against ("" without an address) and the form's message. */
export type ClienteIEInvalida = Omit<Required<Gerado>, 'cliente'> & { cliente: Cliente };
export type ListarClientesIEInvalidaResposta = { clientes: ClienteIEInvalida[]; next_page_token: string };

export function listarClientesIEInvalida(p: Parametros, signal?: AbortSignal) {
  return api<ListarClientesIEInvalidaResposta>('/clientes/ie-invalidas', { query: p, signal });
}

const POR_PAGINA = 50;

// Under chavesClientes.listas: a customer saved anywhere makes the report stale too.
export const clientesIEInvalidaQueryOptions = () =>
  paginas([...chavesClientes.listas, 'ie-invalidas'] as const, (page_token, signal) => listarClientesIEInvalida({ page_size: POR_PAGINA, page_token }, signal));

/** The report; a server out of reach fails at once (the screen says it needs the connection). */
export const useClientesIEInvalida = ({ enabled = true } = {}) => useInfiniteQuery({ ...clientesIEInvalidaQueryOptions(), enabled, retry: false });
