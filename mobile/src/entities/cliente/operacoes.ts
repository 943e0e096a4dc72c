// Every write on a customer goes through the outbox (lib/sync/saida): it is kept on the device,
// shown at once in the device collection, and sent in order when there is a connection.
import { Motivo } from '../../lib/api/client';
import type { AtualizarClientePedido, Cliente, Contato, CriarClientePedido, EnderecoCliente } from '../../lib/api/types';
import { declararOperacao, jaRemovido, type Especie } from '../../lib/sync/saida';
import { readProfile } from '../../lib/storage';
import { atualizarCliente, criarCliente, excluirCliente, obterCliente, removerContato, removerEndereco, salvarContato, salvarEndereco } from './api';
import { colecaoClientes } from './colecao';

/** The customer as it will look once created (shown on the device meanwhile). */
export function clienteDoPedido(corpo: CriarClientePedido, vendedorPadrao: string, agora = new Date().toISOString()): Cliente {
  const enderecos = (corpo.enderecos ?? []).map((e) => ({
    id: e.id ?? '',
    tipo: e.tipo ?? 'COBRANCA',
    principal: Boolean(e.principal),
    cep: e.cep ?? '',
    logradouro: e.logradouro ?? '',
    numero: e.numero ?? '',
    complemento: e.complemento ?? '',
    bairro: e.bairro ?? '',
    cidade: e.cidade ?? '',
    uf: e.uf ?? '',
    ibge: e.ibge ?? '',
  }));
  return comPrincipal({
    id: corpo.id ?? '',
    empresa: '',
    tipo_pessoa: corpo.tipo_pessoa ?? 'PJ',
    documento: corpo.documento ?? '',
    nome: corpo.nome ?? '',
    nome_fantasia: corpo.nome_fantasia ?? '',
    inscricao_estadual: corpo.inscricao_estadual ?? '',
    suframa: corpo.suframa ?? '',
    contribuinte_icms: Boolean(corpo.contribuinte_icms),
    email: corpo.email ?? '',
    telefone: corpo.telefone ?? '',
    celular: corpo.celular ?? '',
    segmento: corpo.segmento ?? '',
    status: corpo.status || 'ativo',
    limite_credito_centavos: corpo.limite_credito_centavos ?? '0',
    observacoes: corpo.observacoes ?? '',
    vendedor_id: corpo.vendedor_id || vendedorPadrao,
    cidade: '',
    uf: '',
    cidade_ibge: '',
    regiao_id: '',
    enderecos,
    contatos: [],
    criado_por: '',
    criado_em: agora,
    alterado_por: '',
    alterado_em: agora,
    versao: '0',
    excluido: false,
  });
}

/** The customer's city is its main address's (as the server keeps it). */
function comPrincipal(c: Cliente): Cliente {
  const p = c.enderecos.find((e) => e.principal) ?? c.enderecos[0];
  return { ...c, cidade: p?.cidade ?? '', uf: p?.uf ?? '', cidade_ibge: p?.ibge ?? '' };
}

/** A list with `item` added or replacing the one with its id; a new main one demotes the others. */
function comItem<I extends { id?: string; principal?: boolean }>(lista: readonly I[], item: I): I[] {
  const outros = lista.filter((x) => x.id !== item.id).map((x) => (item.principal ? { ...x, principal: false } : x));
  const i = lista.findIndex((x) => x.id === item.id);
  const nova = [...outros];
  nova.splice(i < 0 ? nova.length : i, 0, item);
  return nova;
}

const doServidor = (id: string) => colecaoClientes.doServidor(id);

/** Every change to a customer (its contacts and addresses too) counts as that customer. */
const CLIENTE: Especie = { um: 'cliente', varios: 'clientes' };

export const criarClienteOp = declararOperacao<CriarClientePedido, Cliente>({
  nome: 'clientes.criar',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.id ?? '',
  enviar: (d, _it, signal) => criarCliente(d, signal),
  local: (_r, d) => clienteDoPedido(d, readProfile()?.operador ?? ''),
  descrever: (d) => `Incluir cliente ${d.nome || ''}`.trim(),
  corrigir: (it) => `/crm-clientes-incluir?pendencia=${it.seq}`,
});

export interface AlterarCliente {
  id: string;
  /** What changed (only these fields are sent; versao is the outbox's). */
  mudancas: Omit<AtualizarClientePedido, 'versao'>;
  /** For the outbox list. */
  nome: string;
}

export const alterarClienteOp = declararOperacao<AlterarCliente, Cliente>({
  nome: 'clientes.alterar',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.id,
  enviar: (d, it, signal) => atualizarCliente(d.id, { ...d.mudancas, versao: it.base ? String(it.base) : undefined }, signal),
  local: (r, d) => (r ? { ...r, ...(d.mudancas as Partial<Cliente>) } : null),
  // A replay whose first answer was lost meets its own write: 409 with every field as sent.
  async jaAplicada(err, d) {
    if (err.motivo !== Motivo.VersaoDesatualizada) return null;
    const atual = await obterCliente(d.id);
    const m = d.mudancas as Record<string, unknown>;
    const c = atual as unknown as Record<string, unknown>;
    return Object.keys(m).every((k) => m[k] === undefined || String(m[k]) === String(c[k])) ? atual : null;
  },
  descrever: (d) => `Alterar cliente ${d.nome}`,
  corrigir: (it) => `/crm-clientes-incluir?id=${encodeURIComponent(it.alvo)}&pendencia=${it.seq}`,
});

export const excluirClienteOp = declararOperacao<{ id: string; nome: string }, Cliente>({
  nome: 'clientes.excluir',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.id,
  enviar: (d, _it, signal) => excluirCliente(d.id, signal),
  local: () => null,
  async jaAplicada(err, d) {
    const c = await doServidor(d.id);
    return jaRemovido(err) && c ? { ...c, excluido: true, versao: String(Number(c.versao) + 1) } : null;
  },
  descrever: (d) => `Excluir cliente ${d.nome}`,
});

export const salvarContatoOp = declararOperacao<{ clienteId: string; contato: Contato; nomeCliente: string }, Cliente>({
  nome: 'clientes.salvar-contato',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.clienteId,
  enviar: (d, _it, signal) => salvarContato(d.clienteId, d.contato, signal),
  local: (r, d) => (r ? { ...r, contatos: comItem(r.contatos, d.contato as Cliente['contatos'][number]) } : null),
  descrever: (d) => `Contato ${d.contato.nome || ''} de ${d.nomeCliente}`,
  corrigir: (it) => `/crm-clientes-contatos?cliente=${encodeURIComponent(it.alvo)}`,
});

export const removerContatoOp = declararOperacao<{ clienteId: string; id: string; nomeCliente: string }, Cliente>({
  nome: 'clientes.remover-contato',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.clienteId,
  enviar: (d, _it, signal) => removerContato(d.clienteId, d.id, signal),
  local: (r, d) => (r ? { ...r, contatos: r.contatos.filter((x) => x.id !== d.id) } : null),
  async jaAplicada(err, d) {
    if (!jaRemovido(err)) return null;
    const atual = await obterCliente(d.clienteId).catch(() => null);
    return atual && !atual.contatos.some((x) => x.id === d.id) ? atual : null;
  },
  descrever: (d) => `Remover contato de ${d.nomeCliente}`,
});

export const salvarEnderecoOp = declararOperacao<{ clienteId: string; endereco: EnderecoCliente; nomeCliente: string }, Cliente>({
  nome: 'clientes.salvar-endereco',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.clienteId,
  enviar: (d, _it, signal) => salvarEndereco(d.clienteId, d.endereco, signal),
  local: (r, d) => (r ? comPrincipal({ ...r, enderecos: comItem(r.enderecos, d.endereco as Cliente['enderecos'][number]) }) : null),
  descrever: (d) => `Endereço de ${d.nomeCliente}`,
  corrigir: (it) => `/enderecos?cliente=${encodeURIComponent(it.alvo)}`,
});

export const removerEnderecoOp = declararOperacao<{ clienteId: string; id: string; nomeCliente: string }, Cliente>({
  nome: 'clientes.remover-endereco',
  colecao: colecaoClientes,
  especie: CLIENTE,
  alvo: (d) => d.clienteId,
  enviar: (d, _it, signal) => removerEndereco(d.clienteId, d.id, signal),
  local: (r, d) => (r ? comPrincipal({ ...r, enderecos: r.enderecos.filter((x) => x.id !== d.id) }) : null),
  async jaAplicada(err, d) {
    if (!jaRemovido(err)) return null;
    const atual = await obterCliente(d.clienteId).catch(() => null);
    return atual && !atual.enderecos.some((x) => x.id === d.id) ? atual : null;
  },
  descrever: (d) => `Remover endereço de ${d.nomeCliente}`,
});
