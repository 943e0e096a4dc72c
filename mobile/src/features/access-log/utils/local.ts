// Where an access came from, as a person reads it: never raw coordinates. The IBGE city list has
// no coordinates, so a known position is a map link ("Ver no mapa"); a text place is shown as is.
import { linkCoordenadas } from '../../../lib/format/maps';
import { LOCALIZACAO_DESCONHECIDA } from '../../../lib/geo';

export interface LocalDoAcesso {
  /** What to read ("" when there is only the map link). */
  texto: string;
  /** A map link for the position, when known. */
  mapa: string | null;
}

const COORDENADAS = /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/;

export function localDoAcesso(a: { localizacao?: string; latitude?: number | null; longitude?: number | null }): LocalDoAcesso {
  const mapa = linkCoordenadas(a.latitude, a.longitude);
  const l = (a.localizacao ?? '').trim();
  // The app stores the coordinates as the localizacao text: the map link says it better.
  const texto = !l || l === LOCALIZACAO_DESCONHECIDA || COORDENADAS.test(l) ? '' : l;
  if (!texto && !mapa) return { texto: 'desconhecido', mapa: null };
  return { texto, mapa };
}
