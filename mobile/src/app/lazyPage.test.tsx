import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { montarTela } from '../test/tela';
import { lazyPage } from './lazyPage';

const tela = montarTela();
const abrir = (Tela: ReturnType<typeof lazyPage>) =>
  tela.render(
    <Suspense fallback={null}>
      <Tela />
    </Suspense>,
  );

describe('lazyPage.precarregar: a screen’s code fetched ahead of its route', () => {
  it('loads the chunk once: the early fetch and the route share it', async () => {
    const loader = vi.fn(async () => ({ default: () => <p>Tela pronta</p> }));
    const Tela = lazyPage(loader);
    Tela.precarregar();
    expect(loader).toHaveBeenCalledTimes(1);
    abrir(Tela);
    await vi.waitFor(() => expect(tela.container.textContent).toBe('Tela pronta'));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a failed early fetch is tried again by the route', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('sem conexão')).mockResolvedValue({ default: () => <p>Tela pronta</p> });
    const Tela = lazyPage(loader);
    await Tela.precarregar();
    expect(loader).toHaveBeenCalledTimes(1);
    abrir(Tela);
    await vi.waitFor(() => expect(tela.container.textContent).toBe('Tela pronta'));
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
