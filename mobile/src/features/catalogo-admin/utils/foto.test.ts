import { describe, expect, it } from 'vitest';
import { LADO_MAXIMO, medidasReduzidas, precisaReduzir } from './foto';

describe('product photo: shrunk on the device before the upload', () => {
  it.each([
    [4000, 3000, 1600, 1200],
    [3000, 4000, 1200, 1600],
    [1600, 900, 1600, 900],
    [800, 600, 800, 600],
    [10000, 10, 1600, 2],
  ])('%i×%i → %i×%i (longest side at most 1600, proportions kept, never enlarged)', (l, a, el, ea) => {
    expect(medidasReduzidas(l, a)).toEqual({ largura: el, altura: ea });
  });

  it('a small JPEG, PNG or WebP goes as it is; a big, heavy or other-typed one goes through the canvas', () => {
    expect(precisaReduzir('image/jpeg', 1200, 900, 300_000)).toBe(false);
    expect(precisaReduzir('image/png', LADO_MAXIMO, 100, 300_000)).toBe(false);
    expect(precisaReduzir('image/jpeg', LADO_MAXIMO + 1, 100, 300_000)).toBe(true);
    expect(precisaReduzir('image/jpeg', 1000, 1000, 4_500_000)).toBe(true);
    expect(precisaReduzir('image/heic', 1000, 1000, 300_000)).toBe(true);
    expect(precisaReduzir('image/gif', 100, 100, 3_000)).toBe(true);
  });
});
