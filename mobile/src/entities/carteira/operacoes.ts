// The portfolio's actions go through the outbox like any write: a transfer of a whole portfolio
// and an assignment of chosen customers are kept on the device, sent in order when there is a
// connection, and carry a client id, so a replay whose answer was lost returns the first one
// instead of moving or recording twice. Their effect reaches the device copy through the feed.
import type { Transferencia } from '../../lib/api/types';
import { declararOperacao } from '../../lib/sync/saida';
import { atribuirClientes, transferirCarteira } from '../cliente/api';

export interface TransferirCarteira {
  id: string;
  de: string;
  para: string;
  deNome: string;
  paraNome: string;
}

export const transferirCarteiraOp = declararOperacao<TransferirCarteira, Transferencia>({
  nome: 'carteira.transferir',
  alvo: (d) => d.id,
  especie: { um: 'transferência de carteira', varios: 'transferências de carteira', feminino: true },
  // Every portfolio action keeps its order with the others (a transfer after an assignment).
  fila: () => 'carteira',
  enviar: (d, _it, signal) => transferirCarteira({ id: d.id, de_vendedor_id: d.de, para_vendedor_id: d.para }, signal),
  descrever: (d) => `Transferir a carteira de ${d.deNome} para ${d.paraNome}`,
});

export interface AtribuirClientes {
  id: string;
  clienteIds: string[];
  para: string;
  paraNome: string;
  /** How the outbox lists it: the customer's name for one, the count for several. */
  resumo: string;
}

export const atribuirClientesOp = declararOperacao<AtribuirClientes, Transferencia>({
  nome: 'carteira.atribuir',
  alvo: (d) => d.id,
  especie: { um: 'atribuição de clientes', varios: 'atribuições de clientes', feminino: true },
  // One customer (from its page) waits behind that customer's own changes (e.g. its creation).
  fila: (d) => (d.clienteIds.length === 1 ? `clientes/${d.clienteIds[0]}` : 'carteira'),
  enviar: (d, _it, signal) => atribuirClientes({ id: d.id, cliente_ids: d.clienteIds, vendedor_id: d.para }, signal),
  descrever: (d) => `Atribuir ${d.resumo} a ${d.paraNome}`,
});
