// What a customer stopped buying (GET /crm/vendas/sugestoes/{cliente_id}, issue 23): the products bought
// in at least 2 of the 6 months before this one and not in the last 45 days, with the quantity the
// customer usually takes. Read from the server only: offline the section is hidden, without an
// error (the suggestions are a help, never needed to sell; nothing of them is kept on the device).
import { useQuery } from '@tanstack/react-query';
import { useOnline } from '../../components/useOnline';
import { api, seg } from '../../lib/api/client';
import type { ListarSugestoesResposta, Sugestao } from '../../lib/api/types';
import { formatarData } from '../../lib/format/date';

export const chavesSugestoes = { doCliente: (clienteId: string) => ['sugestoes', clienteId] as const };

export function listarSugestoes(clienteId: string, signal?: AbortSignal) {
  return api<ListarSugestoesResposta>(`/vendas/sugestoes/${seg(clienteId)}`, { signal });
}

/**
 * The customer's suggestions, the most usual first; [] while loading, offline (not asked) or when
 * the server could not answer (the screen simply has no such section then).
 */
export function useSugestoes(clienteId: string | undefined): Sugestao[] {
  const online = useOnline();
  const q = useQuery({
    queryKey: chavesSugestoes.doCliente(clienteId ?? ''),
    queryFn: ({ signal }) => listarSugestoes(clienteId ?? '', signal),
    enabled: online && !!clienteId,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return online && clienteId && q.data ? q.data.sugestoes : [];
}

/** The usual quantity as a number (int64 comes as a string). */
export const quantidadeUsual = (s: Sugestao): number => Number(s.quantidade_usual) || 0;

/** "6 itens que este cliente costuma comprar". */
export function itensQueCostumaComprar(n: number): string {
  return `${n === 1 ? '1 item' : `${n} itens`} que este cliente costuma comprar`;
}

/** "12 CX · comprou em 4 dos últimos 6 meses · última compra 10/08/2026". */
export function detalheSugestao(s: Sugestao): string {
  const meses = s.meses_comprados.length;
  return `${quantidadeUsual(s)} ${s.unidade || 'un.'} · comprou em ${meses} dos últimos 6 meses · última compra ${formatarData(s.ultima_compra)}`;
}
