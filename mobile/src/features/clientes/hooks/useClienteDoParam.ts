import { useSearchParams } from 'react-router-dom';
import { useCliente } from '../../../entities/cliente/hooks';

/** The customer of ?cliente= (addresses, contacts screens), as the device shows it. */
export function useClienteDoParam() {
  const [params] = useSearchParams();
  const id = params.get('cliente') ?? '';
  return { id, ...useCliente(id) };
}
