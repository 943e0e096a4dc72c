import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrarCom, type WorkboxUsado } from './registrar';
import { atualizarAgora, lerAviso, reiniciarAviso } from './estado';

type Ouvinte = (e: { sw?: ServiceWorker }) => void;

/** A ServiceWorker or a registration: an EventTarget with the fields the code reads. */
class SWFalso extends EventTarget {
  state = 'installing';
  mudar(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
class RegistroFalso extends EventTarget {
  installing: SWFalso | null = null;
  waiting: SWFalso | null = null;
  active: SWFalso | null = new SWFalso();
}

/** Stands in for workbox-window's Workbox: the test fires its events. */
class WorkboxFalso implements WorkboxUsado {
  ouvintes: Record<string, Ouvinte[]> = {};
  reg = new RegistroFalso();
  skipWaiting = vi.fn();
  update = vi.fn(() => Promise.resolve());
  addEventListener(tipo: string, fn: Ouvinte) {
    (this.ouvintes[tipo] ??= []).push(fn);
  }
  register() {
    return Promise.resolve(this.reg as unknown as ServiceWorkerRegistration);
  }
  messageSkipWaiting() {
    this.skipWaiting();
  }
  disparar(tipo: string, sw?: SWFalso) {
    for (const fn of this.ouvintes[tipo] ?? []) fn({ sw: sw as unknown as ServiceWorker });
  }
  esperando(sim: boolean) {
    this.reg.waiting = sim ? new SWFalso() : null;
  }
  /** The browser installs a new build: installing → installed → waiting. */
  instalar(sw: SWFalso) {
    this.reg.installing = null;
    sw.mudar('installed');
    this.reg.waiting = sw;
  }
}

describe('service worker registration: a new version', () => {
  let parar: (() => void) | undefined;
  beforeEach(() => {
    reiniciarAviso();
    vi.useFakeTimers();
  });
  afterEach(() => {
    parar?.();
    vi.useRealTimers();
  });

  it('is announced, not swapped: nothing happens until the user asks', async () => {
    const wb = new WorkboxFalso();
    const recarregar = vi.fn();
    parar = await registrarCom(wb, { recarregar });
    expect(lerAviso().visivel).toBe(false);

    wb.esperando(true);
    wb.disparar('waiting');
    expect(lerAviso()).toEqual({ visivel: true, atualizando: false });
    expect(wb.skipWaiting).not.toHaveBeenCalled();
    expect(recarregar).not.toHaveBeenCalled();

    atualizarAgora();
    expect(lerAviso().atualizando).toBe(true);
    expect(wb.skipWaiting).toHaveBeenCalledTimes(1);
    expect(recarregar).not.toHaveBeenCalled();
    // The new version takes over: one reload, even if the fallback timer also fires.
    wb.disparar('controlling');
    expect(recarregar).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(recarregar).toHaveBeenCalledTimes(1);

    atualizarAgora();
    expect(wb.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the new version does not take over in time', async () => {
    const wb = new WorkboxFalso();
    const recarregar = vi.fn();
    parar = await registrarCom(wb, { recarregar, esperaMaxMs: 3000 });
    wb.esperando(true);
    wb.disparar('waiting');
    atualizarAgora();
    vi.advanceTimersByTime(2999);
    expect(recarregar).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recarregar).toHaveBeenCalledTimes(1);
  });

  it('only reloads when another tab already activated it', async () => {
    const wb = new WorkboxFalso();
    const recarregar = vi.fn();
    parar = await registrarCom(wb, { recarregar });
    wb.esperando(true);
    wb.disparar('waiting');
    wb.esperando(false);
    atualizarAgora();
    expect(wb.skipWaiting).not.toHaveBeenCalled();
    expect(recarregar).toHaveBeenCalledTimes(1);
  });

  it('announces a build that was already installing when the page registered, once', async () => {
    const wb = new WorkboxFalso();
    const novo = new SWFalso();
    wb.reg.installing = novo;
    parar = await registrarCom(wb, { recarregar: vi.fn() });
    wb.instalar(novo);
    expect(lerAviso().visivel).toBe(false);
    vi.advanceTimersByTime(200);
    expect(lerAviso().visivel).toBe(true);
    // "Agora não", then Workbox reports the same build: it stays hidden.
    reiniciarAviso();
    wb.disparar('waiting', novo);
    expect(lerAviso().visivel).toBe(false);
  });

  it('announces later builds found while the app stays open, but not a first install', async () => {
    const wb = new WorkboxFalso();
    parar = await registrarCom(wb, { recarregar: vi.fn() });
    const novo = new SWFalso();
    wb.reg.installing = novo;
    wb.reg.dispatchEvent(new Event('updatefound'));
    wb.instalar(novo);
    vi.advanceTimersByTime(200);
    expect(lerAviso().visivel).toBe(true);

    reiniciarAviso();
    const primeiro = new WorkboxFalso();
    primeiro.reg.active = null;
    const sw = new SWFalso();
    primeiro.reg.installing = sw;
    const parar2 = await registrarCom(primeiro, { recarregar: vi.fn() });
    sw.mudar('installed');
    primeiro.reg.installing = null;
    primeiro.reg.active = sw;
    sw.mudar('activated');
    vi.advanceTimersByTime(500);
    expect(lerAviso().visivel).toBe(false);
    parar2();
  });

  it('an open app looks for a new build now and then, only when online', async () => {
    const wb = new WorkboxFalso();
    let online = false;
    parar = await registrarCom(wb, { recarregar: vi.fn(), intervaloMs: 1000, online: () => online });
    vi.advanceTimersByTime(1000);
    expect(wb.update).not.toHaveBeenCalled();
    online = true;
    vi.advanceTimersByTime(1000);
    expect(wb.update).toHaveBeenCalledTimes(1);
    parar();
    vi.advanceTimersByTime(5000);
    expect(wb.update).toHaveBeenCalledTimes(1);
  });

  it('a failed registration leaves the app as it was', async () => {
    const wb = new WorkboxFalso();
    wb.register = () => Promise.reject(new Error('SecurityError'));
    parar = await registrarCom(wb, { recarregar: vi.fn() });
    expect(lerAviso().visivel).toBe(false);
  });
});
