// The company's visit settings (the reasons of a visit without a sale). A customer's visits are
// read from the device's copy (./colecao).
import { useQuery } from '@tanstack/react-query';
import { chavesVisitas, obterConfiguracaoVisitas } from './api';

/** The company's visit settings (the reasons of a visit without a sale). */
export const useConfiguracaoVisitas = () =>
  useQuery({ queryKey: chavesVisitas.configuracao, queryFn: ({ signal }) => obterConfiguracaoVisitas(signal), staleTime: 5 * 60_000 });
