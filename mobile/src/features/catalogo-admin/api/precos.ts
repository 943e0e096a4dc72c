// A table's prices (ADMIN): every price of the table (read in pages of 200 and kept as a map by
// product, so that the screen lists products — searchable and paged by the server — with their
// price here), set a price (PUT), remove it (DELETE) and the CSV import of prices.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api/client';
import type { DefinirPrecoPedido, ImportarCatalogoResposta, ListarPrecosResposta, Preco } from '../../../lib/api/types';
import { comChave } from '../../../lib/importacao';
import { useMutacao } from '../../../lib/query';
import { chaves } from './chaves';

/** The table's prices by product id (every page; a table of 15,000 prices is 75 requests). */
export async function todosOsPrecos(tabelaId: string, signal?: AbortSignal, progresso?: (n: number) => void): Promise<Map<string, Preco>> {
  const out = new Map<string, Preco>();
  let token = '';
  for (let i = 0; i < 1000; i++) {
    const r = await api<ListarPrecosResposta>(`/tabelas-preco/${seg(tabelaId)}/precos`, { query: { page_size: 200, page_token: token }, signal });
    for (const p of r.precos) out.set(p.produto_id, p);
    progresso?.(out.size);
    token = r.next_page_token;
    if (!token) break;
  }
  return out;
}

export const precosQueryOptions = (tabelaId: string) =>
  queryOptions({ queryKey: chaves.precos(tabelaId), queryFn: ({ signal }) => todosOsPrecos(tabelaId, signal), staleTime: 60_000 });

export const usePrecos = (tabelaId: string) => useQuery(precosQueryOptions(tabelaId));

export type DefinirPreco = { tabelaId: string; produtoId: string } & Required<Pick<DefinirPrecoPedido, 'preco_centavos' | 'preco_minimo_centavos'>>;

type Config<T> = { onSuccess?: (r: T) => void; onError?: (err: Error) => void };

/** The saved price goes into the table's map at once (no reload of every page). */
function useGuardarPreco() {
  const qc = useQueryClient();
  return (tabelaId: string, mudar: (m: Map<string, Preco>) => void) =>
    qc.setQueryData<Map<string, Preco>>(chaves.precos(tabelaId), (antes) => {
      if (!antes) return antes;
      const m = new Map(antes);
      mudar(m);
      return m;
    });
}

export function useDefinirPreco(config: Config<Preco> = {}) {
  const guardar = useGuardarPreco();
  return useMutacao(
    ({ tabelaId, produtoId, preco_centavos, preco_minimo_centavos }: DefinirPreco) =>
      api<Preco>(`/tabelas-preco/${seg(tabelaId)}/precos/${seg(produtoId)}`, { method: 'PUT', body: { preco_centavos, preco_minimo_centavos } }),
    [],
    {
      onError: config.onError,
      onSuccess: (p) => {
        guardar(p.tabela_id, (m) => m.set(p.produto_id, p));
        config.onSuccess?.(p);
      },
    },
  );
}

export function useRemoverPreco(config: Config<Preco> = {}) {
  const guardar = useGuardarPreco();
  return useMutacao(
    ({ tabelaId, produtoId }: { tabelaId: string; produtoId: string }) => api<Preco>(`/tabelas-preco/${seg(tabelaId)}/precos/${seg(produtoId)}`, { method: 'DELETE' }),
    [],
    {
      onError: config.onError,
      onSuccess: (p) => {
        guardar(p.tabela_id, (m) => m.delete(p.produto_id));
        config.onSuccess?.(p);
      },
    },
  );
}

/** One chunk of a table's prices CSV import (or its validation only). */
export async function importarPrecos(tabelaId: string, csv: string, validarApenas: boolean) {
  const r = await api<ImportarCatalogoResposta>(`/tabelas-preco/${seg(tabelaId)}/precos/importar`, {
    method: 'POST',
    body: { csv, validar_apenas: validarApenas },
    tempoLimiteMs: 180_000,
  });
  return comChave(r, (l) => l.codigo);
}

/** After an import the table's prices are read again. */
export function useAposImportarPrecos(tabelaId: string) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: chaves.precos(tabelaId) });
}
