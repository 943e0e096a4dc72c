// What a screen says after a write went through the outbox: done, or kept to be sent later.
import { MENSAGEM_GUARDADA, type Resultado } from '../../lib/sync/saida';

type Aviso = [string, { duration: number; position: 'bottom'; color: 'success' | 'warning' }];

export function mensagemDoEnvio(r: Resultado<unknown>, feito: string): Aviso {
  return r.pendente ? [MENSAGEM_GUARDADA, { duration: 5000, position: 'bottom', color: 'warning' }] : [feito, { duration: 3000, position: 'bottom', color: 'success' }];
}
