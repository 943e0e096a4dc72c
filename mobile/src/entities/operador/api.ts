// Calls of the operator service, shared by the screens that list or choose operators.
import { api, seg } from '../../lib/api/client';
import type {
  AtualizarOperadorPedido,
  CriarOperadorPedido,
  ListarOperadoresParametros,
  ListarOperadoresResposta,
  Operador,
} from '../../lib/api/types';

export const chaves = {
  todos: ['operadores'] as const,
  lista: (p: ListarOperadoresParametros) => ['operadores', 'lista', p] as const,
  um: (id: string) => ['operadores', 'um', id] as const,
  /** Every operator of the company (todosOperadores), with or without the inactive ones. */
  todosDaEmpresa: ['operadores', 'todos'] as const,
  ativos: ['operadores', 'todos-ativos'] as const,
};

export function listarOperadores(p: ListarOperadoresParametros, signal?: AbortSignal) {
  return api<ListarOperadoresResposta>('/operadores', { query: p, signal });
}

export function obterOperador(id: string, signal?: AbortSignal) {
  return api<Operador>(`/operadores/${seg(id)}`, { signal });
}

export function criarOperador(body: CriarOperadorPedido) {
  return api<Operador>('/operadores', { method: 'POST', body });
}

export function atualizarOperador(id: string, body: AtualizarOperadorPedido) {
  return api<Operador>(`/operadores/${seg(id)}`, { method: 'PATCH', body });
}

export function desativarOperador(id: string) {
  return api<Operador>(`/operadores/${seg(id)}/desativar`, { method: 'POST' });
}

export function reativarOperador(id: string) {
  return api<Operador>(`/operadores/${seg(id)}/reativar`, { method: 'POST' });
}

/** Every operator (for team and filter choosers); the API pages at most 200 at a time. */
export async function todosOperadores(incluirInativos: boolean, signal?: AbortSignal): Promise<Operador[]> {
  const out: Operador[] = [];
  let token = '';
  for (let i = 0; i < 50; i++) {
    const r = await listarOperadores({ incluir_inativos: incluirInativos, page_size: 200, page_token: token || undefined }, signal);
    out.push(...r.operadores);
    token = r.next_page_token;
    if (!token) break;
  }
  return out;
}
