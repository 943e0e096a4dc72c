// ICMS-ST rules (ADMIN): the CSV import (list, create and delete: the entity, entities/regraSt).
import { api } from '../../../lib/api/client';
import type { ImportarCatalogoResposta } from '../../../lib/api/types';
import { comChave } from '../../../lib/importacao';

/** One chunk of the ST rules' CSV import (or its validation only); the row's key is "NCM/UF". */
export async function importarRegrasSt(csv: string, validarApenas: boolean) {
  const r = await api<ImportarCatalogoResposta>('/regras-st/importar', { method: 'POST', body: { csv, validar_apenas: validarApenas }, tempoLimiteMs: 180_000 });
  return comChave(r, (l) => l.codigo);
}
