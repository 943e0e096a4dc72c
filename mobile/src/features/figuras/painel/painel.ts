// The sales panel's endpoint (GET /crm/painel), with the last answer per (month, seller) kept on
// the device: offline, the screen shows that one with its date.
import { useQuery } from '@tanstack/react-query';
import { api, falhaDeConexao } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { guardarNumeros, lerNumeros } from '../../../lib/numeros-no-aparelho';

type Schemas = components['schemas'];
export type Painel = Schemas['v1PainelResponse'];
export type LinhaRanking = Schemas['v1RankingVendedor'];

export interface PainelLido {
  painel: Painel;
  /** When these figures were fetched (ISO). */
  em: string;
  /** true: the device's copy (the server could not be reached). */
  doAparelho: boolean;
}

const chave = (mes: string, vendedor: string) => `painel:${mes}:${vendedor}`;

export async function lerPainel(mes: string, vendedor: string, signal?: AbortSignal): Promise<PainelLido> {
  try {
    const painel = await api<Painel>('/painel', { query: { mes, vendedor_id: vendedor || undefined }, signal });
    const em = new Date().toISOString();
    await guardarNumeros(chave(mes, vendedor), painel, em);
    return { painel, em, doAparelho: false };
  } catch (err) {
    if (!falhaDeConexao(err)) throw err;
    const guardado = await lerNumeros<Painel>(chave(mes, vendedor));
    if (!guardado) throw err;
    return { painel: guardado.dados, em: guardado.em, doAparelho: true };
  }
}

export const usePainel = (mes: string, vendedor: string, { enabled = true } = {}) =>
  useQuery({ queryKey: ['painel', mes, vendedor], queryFn: ({ signal }) => lerPainel(mes, vendedor, signal), enabled });

/** int64 fields come as strings in JSON. */
export const n = (v: string | number | undefined | null): number => Number(v ?? 0) || 0;
