// Calls of the sales service the device copy of the commercial rules makes: the feeds of price
// tables and prices (payment terms and ICMS-ST rules: entities/condicao, entities/regraSt) and
// the commercial policy (the caller's view of it).
import { api } from '../../lib/api/client';
import type {
  AlteracoesPrecosResposta,
  AlteracoesTabelasResposta,
  CalcularPrecosPedido,
  CalcularPrecosResposta,
  PoliticaComercial,
} from '../../lib/api/types';

export function alteracoesTabelas(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesTabelasResposta>('/tabelas-preco/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

export function alteracoesPrecos(desde: string, pageSize: number, signal?: AbortSignal) {
  return api<AlteracoesPrecosResposta>('/precos/alteracoes', { query: { desde, page_size: pageSize }, signal });
}

export function obterPolitica(signal?: AbortSignal) {
  return api<PoliticaComercial>('/politica-comercial', { signal });
}

/** Prices a draft on the server (nothing saved). */
export function calcularPrecos(body: CalcularPrecosPedido, signal?: AbortSignal) {
  return api<CalcularPrecosResposta>('/precos/calcular', { method: 'POST', body, signal });
}
