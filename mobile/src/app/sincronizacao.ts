// The sync's start, once a signed-in operator is known (off the first screen's path), with every
// entity kept on the device declared first.
import '../entities';
import { iniciarSincronizacao } from '../lib/sync/iniciar';

export { iniciarSincronizacao };
