// Calls of the customer service (customers, addresses, contacts, portfolios, surveys), shared by
// the screens of the customers area, the portfolio and the surveys.
import { api, seg } from '../../lib/api/client';
import type {
  AlteracoesClientesResposta,
  AtribuirClientesPedido,
  AtualizarClientePedido,
  AtualizarPesquisaPedido,
  Cliente,
  Contato,
  CriarClientePedido,
  CriarPesquisaPedido,
  EnderecoCliente,
  ImportarClientesResposta,
  ListarClientesParametros,
  ListarClientesResposta,
  ListarPesquisasResposta,
  ListarRespostasResposta,
  ListarTransferenciasResposta,
  Pesquisa,
  ResponderPesquisaPedido,
  RespostaPesquisa,
  ResumoCarteiraResposta,
  Transferencia,
  TransferirCarteiraPedido,
} from '../../lib/api/types';

export const chavesClientes = {
  todos: ['clientes'] as const,
  listas: ['clientes', 'lista'] as const,
  lista: (p: ListarClientesParametros) => ['clientes', 'lista', p] as const,
  um: (id: string) => ['clientes', 'um', id] as const,
  respostas: (id: string) => ['clientes', 'respostas', id] as const,
  carteira: ['carteira'] as const,
  transferencias: ['carteira', 'transferencias'] as const,
  todasPesquisas: ['pesquisas'] as const,
  pesquisas: (inativas: boolean) => ['pesquisas', inativas] as const,
  pesquisa: (id: string, versao?: string) => ['pesquisas', 'uma', id, versao ?? ''] as const,
};

export function listarClientes(p: ListarClientesParametros, signal?: AbortSignal) {
  return api<ListarClientesResposta>('/clientes', { query: p, signal });
}

export function alteracoesClientes(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesClientesResposta>('/clientes/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

export function obterCliente(id: string, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(id)}`, { signal });
}

export function criarCliente(body: CriarClientePedido, signal?: AbortSignal) {
  return api<Cliente>('/clientes', { method: 'POST', body, signal });
}

export function atualizarCliente(id: string, body: AtualizarClientePedido, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(id)}`, { method: 'PATCH', body, signal });
}

export function excluirCliente(id: string, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(id)}`, { method: 'DELETE', signal });
}

export function salvarEndereco(clienteId: string, endereco: EnderecoCliente, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(clienteId)}/enderecos`, { method: 'POST', body: endereco, signal });
}

export function removerEndereco(clienteId: string, id: string, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(clienteId)}/enderecos/${seg(id)}`, { method: 'DELETE', signal });
}

export function salvarContato(clienteId: string, contato: Contato, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(clienteId)}/contatos`, { method: 'POST', body: contato, signal });
}

export function removerContato(clienteId: string, id: string, signal?: AbortSignal) {
  return api<Cliente>(`/clientes/${seg(clienteId)}/contatos/${seg(id)}`, { method: 'DELETE', signal });
}

export function importarClientes(csv: string, validarApenas: boolean, signal?: AbortSignal) {
  // An import of thousands of rows takes a while on a slow network: a longer time limit.
  return api<ImportarClientesResposta>('/clientes/importar', { method: 'POST', body: { csv, validar_apenas: validarApenas }, signal, tempoLimiteMs: 180_000 });
}

export function resumoCarteira(signal?: AbortSignal) {
  return api<ResumoCarteiraResposta>('/carteira', { signal });
}

export function atribuirClientes(body: AtribuirClientesPedido, signal?: AbortSignal) {
  return api<Transferencia>('/carteira/atribuir', { method: 'POST', body, signal });
}

export function transferirCarteira(body: TransferirCarteiraPedido, signal?: AbortSignal) {
  return api<Transferencia>('/carteira/transferir', { method: 'POST', body, signal });
}

export function listarTransferencias(p: { vendedor?: string; page_size?: number; page_token?: string }, signal?: AbortSignal) {
  return api<ListarTransferenciasResposta>('/carteira/transferencias', { query: p, signal });
}

/** Every form (the server pages them; a company has a handful, so the app reads them all). */
export async function listarPesquisas(incluirInativas: boolean, signal?: AbortSignal): Promise<ListarPesquisasResposta> {
  const pesquisas: ListarPesquisasResposta['pesquisas'] = [];
  let page_token: string | undefined;
  for (let pagina = 0; pagina < 50; pagina++) {
    const r = await api<ListarPesquisasResposta>('/pesquisas', {
      query: { incluir_inativas: incluirInativas || undefined, page_size: 200, page_token },
      signal,
    });
    pesquisas.push(...(r.pesquisas ?? []));
    if (!r.next_page_token) break;
    page_token = r.next_page_token;
  }
  return { pesquisas, next_page_token: '' };
}

export function obterPesquisa(id: string, versao?: string, signal?: AbortSignal) {
  return api<Pesquisa>(`/pesquisas/${seg(id)}`, { query: { versao }, signal });
}

export function criarPesquisa(body: CriarPesquisaPedido) {
  return api<Pesquisa>('/pesquisas', { method: 'POST', body });
}

export function atualizarPesquisa(id: string, body: AtualizarPesquisaPedido) {
  return api<Pesquisa>(`/pesquisas/${seg(id)}`, { method: 'PATCH', body });
}

export function responderPesquisa(clienteId: string, body: ResponderPesquisaPedido, signal?: AbortSignal) {
  return api<RespostaPesquisa>(`/clientes/${seg(clienteId)}/respostas`, { method: 'POST', body, signal });
}

export function listarRespostas(clienteId: string, p: { page_size?: number; page_token?: string } = {}, signal?: AbortSignal) {
  return api<ListarRespostasResposta>(`/clientes/${seg(clienteId)}/respostas`, { query: p, signal });
}
