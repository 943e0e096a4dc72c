import { describe, expect, it, vi } from 'vitest';
import { marcarPrimeiraSincronizacao, marcarPrimeiraTela } from '../../lib/history';
import { KEYS, removeItem, setItem } from '../../lib/storage';
import { ambienteAtual, dadosACaminho, deveRegistrarSW, iniciarPwa, quandoRegistrar } from './iniciar';

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

  it('waits for the first sync while the data is on its way (signed in, or on the sign-in screen)', () => {
    expect(dadosACaminho('/signin', false)).toBe(true);
    expect(dadosACaminho('/crm-home', true)).toBe(true);
    expect(dadosACaminho('/landing', false)).toBe(false);
    expect(dadosACaminho('/', false)).toBe(false);
  });

  it('signed out on the sign-in screen, the app’s files do not wait forever for a sign-in', async () => {
    window.history.replaceState({}, '', '/signin');
    const registrar = vi.fn();
    quandoRegistrar(registrar, 10);
    marcarPrimeiraTela();
    await vi.waitFor(() => expect(registrar).toHaveBeenCalledTimes(1));
  });

  it('signed in on the sign-in screen before the wait ends: the first sync, not the wait, lets it in; at most the longest wait', async () => {
    window.history.replaceState({}, '', '/signin');
    const registrar = vi.fn();
    quandoRegistrar(registrar, 10, 700);
    // The seller signs in (the profile is stored) before ESPERA_NA_ENTRADA_MS.
    setItem(KEYS.empresa, 'e1');
    setItem(KEYS.operador, 'op1');
    setItem(KEYS.uid, 'u1');
    try {
      marcarPrimeiraTela();
      // Past the first screen's idle moment (jsdom: 200 ms) and the sign-in screen's wait.
      await new Promise((r) => setTimeout(r, 400));
      expect(registrar).not.toHaveBeenCalled();
      // No first sync (a long first copy): the longest wait lets it in.
      await vi.waitFor(() => expect(registrar).toHaveBeenCalledTimes(1), { timeout: 2000 });
    } finally {
      for (const k of [KEYS.empresa, KEYS.operador, KEYS.uid]) removeItem(k);
    }
  });

  it('opened on the sign-in screen, the registration waits for the first screen, then for the first sync', async () => {
    window.history.replaceState({}, '', '/signin');
    const registrar = vi.fn();
    const controle = vi.fn();
    quandoRegistrar(registrar, 60_000);
    // Opened elsewhere (the landing): after the first screen only. Its idle task runs after the
    // first one's, so the sign-in's has run by then.
    window.history.replaceState({}, '', '/landing');
    quandoRegistrar(controle);
    marcarPrimeiraTela();
    await vi.waitFor(() => expect(controle).toHaveBeenCalledTimes(1));
    expect(registrar).not.toHaveBeenCalled();
    marcarPrimeiraSincronizacao();
    await vi.waitFor(() => expect(registrar).toHaveBeenCalledTimes(1));
  });
});
