import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chavesClientes, obterCliente } from '../../lib/api/clientes';
import type { Cliente } from '../../lib/api/types';
import { guardarCliente } from '../../lib/clientes/copia';

/** The customer of ?cliente= (addresses, contacts screens), and how to keep a saved answer. */
export function useClienteDoParam() {
  const [params] = useSearchParams();
  const id = params.get('cliente') ?? '';
  const qc = useQueryClient();
  const q = useQuery({ queryKey: chavesClientes.um(id), queryFn: ({ signal }) => obterCliente(id, signal), enabled: Boolean(id), staleTime: 0 });
  const atualizar = async (c: Cliente) => {
    qc.setQueryData(chavesClientes.um(c.id), c);
    void qc.invalidateQueries({ queryKey: ['clientes', 'lista'] });
    await guardarCliente(c).catch(() => undefined);
  };
  return { id, q, atualizar };
}
