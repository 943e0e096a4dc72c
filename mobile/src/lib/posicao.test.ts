import { describe, expect, it, vi } from 'vitest';
import { MSG_PERMISSAO_NEGADA, MSG_SEM_POSICAO, obterFix } from './posicao';

function geo(responder: (ok: PositionCallback, erro: PositionErrorCallback, opcoes?: PositionOptions) => void) {
  const getCurrentPosition = vi.fn(responder);
  return { geo: { getCurrentPosition } as unknown as Geolocation, getCurrentPosition };
}

const erro = (code: number) => ({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' }) as GeolocationPositionError;

describe('obterFix (web)', () => {
  it('asks for a fresh, precise fix and keeps its accuracy and time', async () => {
    const { geo: g, getCurrentPosition } = geo((ok) =>
      ok({ coords: { latitude: -23.55, longitude: -46.63, accuracy: 12.5 }, timestamp: Date.UTC(2026, 10, 27, 14) } as GeolocationPosition),
    );
    const r = await obterFix(g);
    expect(getCurrentPosition.mock.calls[0][2]).toMatchObject({ maximumAge: 0, enableHighAccuracy: true });
    expect(r).toEqual({ ok: true, fix: { latitude: -23.55, longitude: -46.63, precisao: 12.5, capturadoEm: '2026-11-27T14:00:00.000Z' } });
  });

  it('a denied permission says so and gives no position', async () => {
    const r = await obterFix(geo((_ok, fail) => fail(erro(1))).geo);
    expect(r).toEqual({ ok: false, negada: true, mensagem: MSG_PERMISSAO_NEGADA });
  });

  it('no fix (timeout, unavailable, no API) is told apart from a denial', async () => {
    expect(await obterFix(geo((_ok, fail) => fail(erro(3))).geo)).toEqual({ ok: false, negada: false, mensagem: MSG_SEM_POSICAO });
    expect(await obterFix(undefined)).toEqual({ ok: false, negada: false, mensagem: MSG_SEM_POSICAO });
  });
});
