// A fresh position with its accuracy, for a visit's check-in: @capacitor/geolocation on Android,
// the browser's API on the web. Always a new fix (maximumAge 0): an old position is never
// proof of a visit. A denied permission says so, and gives no position at all.
import { Geolocation } from '@capacitor/geolocation';
import { isNative } from './platform';

export interface Fix {
  latitude: number;
  longitude: number;
  /** Metres (the device's accuracy radius). */
  precisao: number;
  /** When the fix was taken (ISO). */
  capturadoEm: string;
}

export type ResultadoPosicao = { ok: true; fix: Fix } | { ok: false; negada: boolean; mensagem: string };

export const MSG_PERMISSAO_NEGADA =
  'Permissão de localização negada: o check-in fica sem localização. Para comprovar a visita, permita a localização nas configurações do aparelho.';
export const MSG_SEM_POSICAO = 'Não foi possível obter a sua posição agora: o check-in fica sem localização.';

const OPCOES = { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 } as const;

function deCoords(c: { latitude: number; longitude: number; accuracy: number }, ts: number): Fix {
  return { latitude: c.latitude, longitude: c.longitude, precisao: c.accuracy, capturadoEm: new Date(ts || Date.now()).toISOString() };
}

async function nativa(): Promise<ResultadoPosicao> {
  try {
    let perm = await Geolocation.checkPermissions();
    if (perm.location !== 'granted') perm = await Geolocation.requestPermissions({ permissions: ['location'] });
    if (perm.location === 'denied') return { ok: false, negada: true, mensagem: MSG_PERMISSAO_NEGADA };
    const p = await Geolocation.getCurrentPosition(OPCOES);
    return { ok: true, fix: deCoords(p.coords, p.timestamp) };
  } catch (e) {
    const negada = /denied|permission/i.test(String((e as Error)?.message ?? e));
    return { ok: false, negada, mensagem: negada ? MSG_PERMISSAO_NEGADA : MSG_SEM_POSICAO };
  }
}

function web(geo: Geolocation | undefined): Promise<ResultadoPosicao> {
  return new Promise((resolve) => {
    if (!geo) {
      resolve({ ok: false, negada: false, mensagem: MSG_SEM_POSICAO });
      return;
    }
    try {
      geo.getCurrentPosition(
        (p) => resolve({ ok: true, fix: deCoords(p.coords, p.timestamp) }),
        (err) =>
          resolve(err.code === err.PERMISSION_DENIED ? { ok: false, negada: true, mensagem: MSG_PERMISSAO_NEGADA } : { ok: false, negada: false, mensagem: MSG_SEM_POSICAO }),
        OPCOES,
      );
    } catch {
      resolve({ ok: false, negada: false, mensagem: MSG_SEM_POSICAO });
    }
  });
}

/** A fresh fix (never a cached one), or why there is none. */
export function obterFix(geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<ResultadoPosicao> {
  return isNative() ? nativa() : web(geo);
}
