// `GET /crm/vendas/ano-mes`: the year × month figures, kept on the device per query so they show
// offline with the time they were fetched (lib/respostaNoAparelho).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { daRedeOuDoAparelho } from '../../../lib/respostaNoAparelho';
import type { MetaDoMes } from '../graficos/graficos';
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
  comMetas: (operador: string, f: FiltroAnoMes) => ['figuras', 'ano-mes-metas', operador, f.por, f.de, f.ate, f.vendedor] as const,
};

/** A query's lines and the goal of each of its months. */
export interface AnoMesComMetas {
  linhas: LinhaAnoMes[];
  metas: MetaDoMes[];
}

export async function lerAnoMes(f: FiltroAnoMes, signal?: AbortSignal): Promise<AnoMesComMetas> {
  const r = await api<RespostaAnoMes>('/vendas/ano-mes', { query: { de: f.de, ate: f.ate, por: f.por, vendedor_id: f.vendedor || undefined }, signal });
  return {
    linhas: (r.linhas ?? []).map((l) => ({
      chave: l.chave ?? '',
      nome: l.nome ?? '',
      meses: (l.meses ?? []).map((m) => ({ mes: m.mes ?? '', valor_centavos: m.valor_centavos ?? '0', pedidos: m.pedidos ?? '0', variacao_ano_anterior: m.variacao_ano_anterior })),
    })),
    metas: (r.metas ?? []).map((m) => ({ mes: m.mes ?? '', meta_centavos: m.meta_centavos ?? '0' })),
  };
}

export async function vendasAnoMes(f: FiltroAnoMes, signal?: AbortSignal): Promise<LinhaAnoMes[]> {
  return (await lerAnoMes(f, signal)).linhas;
}

/** A read of the figures: the server's answer, or offline the last one this operator fetched for the key. */
const useFiguras = <T>(chave: readonly string[], buscar: (signal: AbortSignal) => Promise<T>, enabled: boolean) =>
  useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => daRedeOuDoAparelho(chave.join('|'), () => buscar(signal)),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });

/** The figures of a query: the server's, or offline the last ones this operator fetched for it. */
export const useVendasAnoMes = (operador: string, f: FiltroAnoMes, { enabled = true } = {}) =>
  useFiguras(chavesFiguras.anoMes(operador, f), (signal) => vendasAnoMes(f, signal), enabled);

/** The same with the goal of each month (the charts of `graficos`). */
export const useAnoMesComMetas = (operador: string, f: FiltroAnoMes, { enabled = true } = {}) =>
  useFiguras(chavesFiguras.comMetas(operador, f), (signal) => lerAnoMes(f, signal), enabled);
