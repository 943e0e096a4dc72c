// Customers created without a connection: kept in the device's queue (IndexedDB store `fila`)
// and in the device copy (marked pending, so lists and search find them), and sent when the
// connection returns. The id is generated on the device, so sending again never duplicates.
// A rejection by the server (duplicate document, invalid field) stays in the queue with its pt-BR
// message until the user corrects or discards it. Only creations are queued; edits, transfers
// and other writes need the connection.
import { useSyncExternalStore } from 'react';
import { ApiError, falhaDeConexao, mensagemDeErro } from '../api/client';
import { criarCliente } from '../api/clientes';
import type { Cliente, CriarClientePedido } from '../api/types';
import { aoApagarDados, pedido, STORE_FILA, transacao } from '../device-db';
import { readProfile } from '../storage';
import { esquecerCliente, guardarCliente, guardarPendente } from './copia';

export interface Pendencia {
  /** The customer's id (generated on the device). */
  id: string;
  tipo: 'criar-cliente';
  corpo: CriarClientePedido;
  criadoEm: string;
  /** The server's pt-BR message when it refused the creation. */
  erro?: string;
}

let lista: Pendencia[] = [];
const ouvintes = new Set<() => void>();
function mudar(l: Pendencia[]) {
  lista = l;
  ouvintes.forEach((f) => f());
}

aoApagarDados(() => mudar([]));

export async function lerFila(): Promise<Pendencia[]> {
  const l = await transacao(STORE_FILA, 'readonly', (tx) => pedido(tx.objectStore(STORE_FILA).getAll() as IDBRequest<Pendencia[]>));
  l.sort((a, b) => a.criadoEm.localeCompare(b.criadoEm));
  mudar(l);
  return l;
}

export function usePendencias(): Pendencia[] {
  return useSyncExternalStore(
    (l) => {
      ouvintes.add(l);
      return () => ouvintes.delete(l);
    },
    () => lista,
    () => lista,
  );
}

/** The customer as it will look once created (for the device copy meanwhile). */
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
  const principal = enderecos.find((e) => e.principal) ?? enderecos[0];
  return {
    id: corpo.id ?? '',
    empresa: '',
    tipo_pessoa: corpo.tipo_pessoa ?? 'PJ',
    documento: corpo.documento ?? '',
    nome: corpo.nome ?? '',
    nome_fantasia: corpo.nome_fantasia ?? '',
    inscricao_estadual: corpo.inscricao_estadual ?? '',
    contribuinte_icms: Boolean(corpo.contribuinte_icms),
    email: corpo.email ?? '',
    telefone: corpo.telefone ?? '',
    celular: corpo.celular ?? '',
    segmento: corpo.segmento ?? '',
    status: corpo.status || 'ativo',
    limite_credito_centavos: corpo.limite_credito_centavos ?? '0',
    observacoes: corpo.observacoes ?? '',
    vendedor_id: corpo.vendedor_id || vendedorPadrao,
    cidade: principal?.cidade ?? '',
    uf: principal?.uf ?? '',
    cidade_ibge: principal?.ibge ?? '',
    regiao_id: '',
    enderecos,
    contatos: [],
    criado_por: '',
    criado_em: agora,
    alterado_por: '',
    alterado_em: agora,
    versao: '0',
    excluido: false,
  };
}

/** Queues a creation made offline and shows the customer in the device copy. */
export async function enfileirarCriacao(corpo: CriarClientePedido): Promise<void> {
  const perfil = readProfile();
  const p: Pendencia = { id: corpo.id ?? '', tipo: 'criar-cliente', corpo, criadoEm: new Date().toISOString() };
  await transacao(STORE_FILA, 'readwrite', (tx) => void tx.objectStore(STORE_FILA).put(p));
  await guardarPendente(clienteDoPedido(corpo, perfil?.operador ?? ''), `${perfil?.uid}:${perfil?.operador}`);
  await lerFila();
}

/** Drops a queued creation (and its pending customer from the copy). */
export async function descartarPendencia(id: string): Promise<void> {
  await transacao(STORE_FILA, 'readwrite', (tx) => void tx.objectStore(STORE_FILA).delete(id));
  await esquecerCliente(id).catch(() => undefined);
  await lerFila();
}

type Criar = (corpo: CriarClientePedido) => Promise<Cliente>;
let emCurso: Promise<number> | null = null;

/**
 * Sends the queue in order; resolves with how many went through. Stops at a connection failure
 * (the rest waits for the next try); a refusal is kept with its message and the rest goes on.
 */
export function enviarPendencias(criar: Criar = criarCliente): Promise<number> {
  if (emCurso) return emCurso;
  emCurso = (async () => {
    let enviadas = 0;
    for (const p of await lerFila()) {
      if (p.erro) continue;
      try {
        const c = await criar(p.corpo);
        await transacao(STORE_FILA, 'readwrite', (tx) => void tx.objectStore(STORE_FILA).delete(p.id));
        await guardarCliente(c).catch(() => undefined);
        enviadas++;
      } catch (err) {
        if (falhaDeConexao(err)) break;
        const erro = err instanceof ApiError ? err.mensagem : mensagemDeErro(err);
        await transacao(STORE_FILA, 'readwrite', (tx) => void tx.objectStore(STORE_FILA).put({ ...p, erro }));
      }
    }
    await lerFila();
    return enviadas;
  })().finally(() => {
    emCurso = null;
  });
  return emCurso;
}
