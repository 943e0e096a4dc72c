// The IBGE cities chooser: the states and the cities of a state or a name, paged.
import { useInfiniteQuery } from '@tanstack/react-query';
import { chavesEnderecos, listarCidades } from '../../../entities/endereco/api';
import type { ListarCidadesParametros } from '../../../lib/api/types';
import { paginas } from '../../../lib/query';

export { useUfs } from '../../../entities/endereco/queries';

type Filtro = Omit<ListarCidadesParametros, 'page_token'>;

export const cidadesQueryOptions = (p: Filtro) => paginas(chavesEnderecos.cidades(p), (page_token, signal) => listarCidades({ ...p, page_token }, signal));

export const useCidades = (p: Filtro, { enabled = true } = {}) => useInfiniteQuery({ ...cidadesQueryOptions(p), enabled });
