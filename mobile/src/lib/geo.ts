// Where the operator is, for the access log. Never blocks sign-in: the position counts only if
// the user allows it within the time limit (5 s), otherwise it is null.

export const LOCALIZACAO_DESCONHECIDA = 'desconhecida';

export interface Posicao {
  latitude: number;
  longitude: number;
}

export function obterPosicao(limiteMs = 5000, geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Posicao | null> {
  return new Promise((resolve) => {
    if (!geo) {
      resolve(null);
      return;
    }
    let done = false;
    const finish = (p: Posicao | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(p);
    };
    // The timeout option does not count the time the permission prompt stays open.
    const timer = setTimeout(() => finish(null), limiteMs);
    try {
      geo.getCurrentPosition(
        (pos) => finish({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
        () => finish(null),
        { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: limiteMs },
      );
    } catch {
      finish(null);
    }
  });
}

/** A description of the place: its coordinates when known, else 'desconhecida'. */
export function descreverLocalizacao(p: Posicao | null): string {
  if (!p) return LOCALIZACAO_DESCONHECIDA;
  return `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;
}
