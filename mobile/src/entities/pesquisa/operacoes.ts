// A survey answer goes through the outbox: kept on the device and sent when there is a
// connection. Its client id makes a replay return the first answer; it waits behind a pending
// change of its customer (e.g. a customer created offline).
import type { ResponderPesquisaPedido, RespostaPesquisa } from '../../lib/api/types';
import { declararOperacao } from '../../lib/sync/saida';
import { responderPesquisa } from '../cliente/api';
import './colecao';

export interface ResponderPesquisa {
  clienteId: string;
  corpo: ResponderPesquisaPedido & { id: string };
  titulo: string;
  nomeCliente: string;
}

export const responderPesquisaOp = declararOperacao<ResponderPesquisa, RespostaPesquisa>({
  nome: 'pesquisas.responder',
  alvo: (d) => d.clienteId,
  especie: { um: 'resposta de pesquisa', varios: 'respostas de pesquisa', feminino: true },
  // Two answers for one customer are two answers.
  unidade: (d) => d.corpo.id,
  fila: (d) => `clientes/${d.clienteId}`,
  enviar: (d, _it, signal) => responderPesquisa(d.clienteId, d.corpo, signal),
  descrever: (d) => `Pesquisa "${d.titulo}" de ${d.nomeCliente}`,
});
