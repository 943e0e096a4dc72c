import { afterEach, describe, expect, it, vi } from 'vitest';
import { atualizarWeb, avisarNovaVersao, lerAviso, reiniciarAviso } from './estado';

describe('atualizarWeb (the mandatory update on the web)', () => {
  afterEach(() => reiniciarAviso());

  it('a build already waiting is activated, without asking for another', async () => {
    const ativar = vi.fn();
    avisarNovaVersao(ativar);
    const procurar = vi.fn(async () => undefined);
    const recarregar = vi.fn();
    await atualizarWeb({ procurar, recarregar });
    expect(ativar).toHaveBeenCalledOnce();
    expect(procurar).not.toHaveBeenCalled();
    expect(recarregar).not.toHaveBeenCalled();
    expect(lerAviso().atualizando).toBe(true);
  });

  it('asks the browser for the new build and activates it once it has installed', async () => {
    const ativar = vi.fn();
    const recarregar = vi.fn();
    const procurar = vi.fn(async () => {
      setTimeout(() => avisarNovaVersao(ativar), 20);
    });
    await atualizarWeb({ procurar, recarregar, esperaMs: 2000 });
    expect(procurar).toHaveBeenCalledOnce();
    expect(ativar).toHaveBeenCalledOnce();
    expect(recarregar).not.toHaveBeenCalled();
  });

  it('no new build found in time: the page reloads (it may already be the new one)', async () => {
    const recarregar = vi.fn();
    await atualizarWeb({ procurar: async () => undefined, recarregar, esperaMs: 30 });
    expect(recarregar).toHaveBeenCalledOnce();
  });
});
