// A check-in and its check-out go through the outbox: kept on the device with the device's time
// and position, sent once when there is a connection (the visit's client id makes a replay return
// the first visit). The check-out waits behind its check-in (same line: the visit). While they
// wait, the device's copy shows the visit as they leave it (local): the customer file's history
// and the check-in screen see an offline check-in at once; the server's answer replaces it.
import type { FazerCheckinPedido, FazerCheckoutPedido, Visita } from '../../lib/api/types';
import { readProfile } from '../../lib/storage';
import { declararOperacao } from '../../lib/sync/saida';
import { fazerCheckin, fazerCheckout } from './api';
import { colecaoVisitas } from './colecao';

export interface Checkin {
  corpo: FazerCheckinPedido & { id: string; cliente_id: string };
  nomeCliente: string;
}

export interface Checkout {
  visitaId: string;
  corpo: FazerCheckoutPedido;
  nomeCliente: string;
  /** The reason's name, for the device's copy while the check-out waits. */
  nomeMotivo?: string;
}

/** The visit a check-in not sent yet stands for: open, with no verdict (only the server judges it). */
export function visitaPendente(d: Checkin, vendedorId = readProfile()?.operador ?? ''): Visita {
  const c = d.corpo;
  const inicio = c.inicio || c.capturado_em || new Date().toISOString();
  return {
    id: c.id,
    cliente_id: c.cliente_id,
    cliente_nome: d.nomeCliente,
    vendedor_id: vendedorId,
    status: 'em_andamento',
    inicio,
    recebido_em: '',
    latitude: c.latitude ?? null,
    longitude: c.longitude ?? null,
    precisao_metros: c.precisao_metros ?? null,
    capturado_em: c.capturado_em ?? '',
    distancia_metros: null,
    veredito: '',
    raio_metros: 0,
    aviso: '',
    coordenadas_propostas: false,
    coordenadas_aceitas: false,
    coordenadas_descartadas: false,
    fotos: [],
    fim: '',
    duracao_minutos: 0,
    resultado: '',
    pedido_id: '',
    motivo_id: '',
    motivo_nome: '',
    observacao: '',
    checkout_automatico: false,
    versao: '0',
    alterado_em: '',
    excluido: false,
  };
}

/** The visit after a check-out not sent yet: closed with its result (the duration from the device's times). */
export function visitaEncerrada(v: Visita, d: Checkout): Visita {
  const fim = d.corpo.fim || new Date().toISOString();
  const minutos = Math.max(0, Math.round((Date.parse(fim) - Date.parse(v.inicio)) / 60_000)) || 0;
  return {
    ...v,
    status: 'concluida',
    fim,
    duracao_minutos: minutos,
    resultado: d.corpo.resultado ?? '',
    pedido_id: d.corpo.pedido_id ?? '',
    motivo_id: d.corpo.motivo_id ?? '',
    motivo_nome: d.nomeMotivo ?? '',
    observacao: d.corpo.observacao ?? '',
  };
}

export const checkinOp = declararOperacao<Checkin, Visita>({
  nome: 'visitas.checkin',
  colecao: colecaoVisitas,
  alvo: (d) => d.corpo.id,
  fila: (d) => `visitas/${d.corpo.id}`,
  especie: { um: 'check-in', varios: 'check-ins' },
  enviar: (d, _it, signal) => fazerCheckin(d.corpo, signal),
  local: (r, d) => r ?? visitaPendente(d),
  descrever: (d) => `Check-in em ${d.nomeCliente}`,
});

export const checkoutOp = declararOperacao<Checkout, Visita>({
  nome: 'visitas.checkout',
  colecao: colecaoVisitas,
  alvo: (d) => d.visitaId,
  fila: (d) => `visitas/${d.visitaId}`,
  especie: { um: 'check-out', varios: 'check-outs' },
  enviar: (d, _it, signal) => fazerCheckout(d.visitaId, d.corpo, signal),
  local: (r, d) => (r ? visitaEncerrada(r, d) : null),
  descrever: (d) => `Check-out em ${d.nomeCliente}`,
});
