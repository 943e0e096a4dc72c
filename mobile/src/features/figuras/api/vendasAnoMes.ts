// `GET /crm/vendas/ano-mes`: the year × month figures, kept on the device per query so they show
// offline with the time they were fetched (lib/respostaNoAparelho).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { daRedeOuDoAparelho } from '../../../lib/respostaNoAparelho';
import type { LinhaAnoMes, Periodo, Por } from '../utils/anoMes';

type RespostaAnoMes = components['schemas']['v1VendasAnoMesResponse'];

export interface FiltroAnoMes extends Periodo {
  por: Por;
  /** One seller ('' : the caller's whole scope). */
  vendedor: string;
}

export const chavesFiguras = {
  todas: ['figuras'] as const,
  anoMes: (operador: string, f: FiltroAnoMes) => ['figuras', 'ano-mes', operador, f.por, f.de, f.ate, f.vendedor] as const,
};

export async function vendasAnoMes(f: FiltroAnoMes, signal?: AbortSignal): Promise<LinhaAnoMes[]> {
  const r = await api<RespostaAnoMes>('/vendas/ano-mes', { query: { de: f.de, ate: f.ate, por: f.por, vendedor_id: f.vendedor || undefined }, signal });
  return (r.linhas ?? []).map((l) => ({
    chave: l.chave ?? '',
    nome: l.nome ?? '',
    meses: (l.meses ?? []).map((m) => ({ mes: m.mes ?? '', valor_centavos: m.valor_centavos ?? '0', pedidos: m.pedidos ?? '0', variacao_ano_anterior: m.variacao_ano_anterior })),
  }));
}

/** The figures of a query: the server's, or offline the last ones this operator fetched for it. */
export const useVendasAnoMes = (operador: string, f: FiltroAnoMes, { enabled = true } = {}) =>
  useQuery({
    queryKey: chavesFiguras.anoMes(operador, f),
    queryFn: ({ signal }) => daRedeOuDoAparelho(chavesFiguras.anoMes(operador, f).join('|'), () => vendasAnoMes(f, signal)),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
