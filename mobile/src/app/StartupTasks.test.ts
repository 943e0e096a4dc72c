import { describe, expect, it } from 'vitest';
import { precarregarNaEntrada } from './StartupTasks';

describe('the sign-in screen fetches what follows it', () => {
  it('the sign-in’s own code first, then the sync’s and the first screens’', async () => {
    const ordem: string[] = [];
    let chegou: () => void = () => undefined;
    const entrada = () =>
      new Promise<void>((r) => {
        ordem.push('entrada pedida');
        chegou = () => {
          ordem.push('entrada chegou');
          r();
        };
      });
    const feito = precarregarNaEntrada(entrada, () => ordem.push('depois'));
    await Promise.resolve();
    expect(ordem).toEqual(['entrada pedida']);
    chegou();
    await feito;
    expect(ordem).toEqual(['entrada pedida', 'entrada chegou', 'depois']);
  });

  it('the rest is still fetched when the sign-in’s chunk failed (it is asked again at the tap)', async () => {
    let depois = 0;
    await precarregarNaEntrada(
      () => Promise.reject(new Error('sem conexão')),
      () => depois++,
    );
    expect(depois).toBe(1);
  });
});
