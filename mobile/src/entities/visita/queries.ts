// The company's visit settings (the reasons of a visit without a sale) and the ADMIN's list of
// coordinate proposals. A customer's visits are read from the device's copy (./colecao).
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { chavesVisitas, listarVisitas, obterConfiguracaoVisitas } from './api';

/** The company's visit settings (the reasons of a visit without a sale). */
export const useConfiguracaoVisitas = () =>
  useQuery({ queryKey: chavesVisitas.configuracao, queryFn: ({ signal }) => obterConfiguracaoVisitas(signal), staleTime: 5 * 60_000 });

const PROPOSTAS_POR_PAGINA = 50;

/** The visits whose position waits for an ADMIN to become their customer's address coordinates, page by page. */
export const propostasQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chavesVisitas.propostas,
    queryFn: ({ pageParam, signal }) => listarVisitas({ coordenadas_propostas: true, page_size: PROPOSTAS_POR_PAGINA, page_token: pageParam }, signal),
    initialPageParam: '',
    getNextPageParam: (r) => r.next_page_token || undefined,
  });

export const usePropostasDeCoordenadas = () => useInfiniteQuery(propostasQueryOptions());
