import { describe, expect, it, vi } from 'vitest';
import { ambienteAtual, deveRegistrarSW, iniciarPwa } from './iniciar';

describe('service worker registration: where', () => {
  it('only in production builds, in a browser with service workers, never in the Android app', () => {
    expect(deveRegistrarSW({ producao: true, nativo: false, suportaSW: true })).toBe(true);
    expect(deveRegistrarSW({ producao: false, nativo: false, suportaSW: true })).toBe(false);
    expect(deveRegistrarSW({ producao: true, nativo: true, suportaSW: true })).toBe(false);
    expect(deveRegistrarSW({ producao: true, nativo: false, suportaSW: false })).toBe(false);
  });

  it('the test run (like the dev server) is not production, and is not the Android app', () => {
    const a = ambienteAtual();
    expect(a.producao).toBe(false);
    expect(a.nativo).toBe(false);
  });

  it('waits for the first screen before loading anything', () => {
    const depois = vi.fn();
    expect(iniciarPwa({ producao: true, nativo: false, suportaSW: true }, depois)).toBe(true);
    expect(depois).toHaveBeenCalledTimes(1);
    const nada = vi.fn();
    expect(iniciarPwa({ producao: true, nativo: true, suportaSW: true }, nada)).toBe(false);
    expect(iniciarPwa(ambienteAtual(), nada)).toBe(false);
    expect(nada).not.toHaveBeenCalled();
  });
});
