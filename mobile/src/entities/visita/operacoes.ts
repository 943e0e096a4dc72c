// A check-in and its check-out go through the outbox: kept on the device with the device's time
// and position, sent once when there is a connection (the visit's client id makes a replay return
// the first visit). The check-out waits behind its check-in (same line: the visit).
import type { FazerCheckinPedido, FazerCheckoutPedido, Visita } from '../../lib/api/types';
import { declararOperacao } from '../../lib/sync/saida';
import { fazerCheckin, fazerCheckout } from './api';

export interface Checkin {
  corpo: FazerCheckinPedido & { id: string; cliente_id: string };
  nomeCliente: string;
}

export interface Checkout {
  visitaId: string;
  corpo: FazerCheckoutPedido;
  nomeCliente: string;
}

export const checkinOp = declararOperacao<Checkin, Visita>({
  nome: 'visitas.checkin',
  alvo: (d) => d.corpo.id,
  fila: (d) => `visitas/${d.corpo.id}`,
  especie: { um: 'check-in', varios: 'check-ins' },
  enviar: (d, _it, signal) => fazerCheckin(d.corpo, signal),
  descrever: (d) => `Check-in em ${d.nomeCliente}`,
});

export const checkoutOp = declararOperacao<Checkout, Visita>({
  nome: 'visitas.checkout',
  alvo: (d) => d.visitaId,
  fila: (d) => `visitas/${d.visitaId}`,
  especie: { um: 'check-out', varios: 'check-outs' },
  enviar: (d, _it, signal) => fazerCheckout(d.visitaId, d.corpo, signal),
  descrever: (d) => `Check-out em ${d.nomeCliente}`,
});
