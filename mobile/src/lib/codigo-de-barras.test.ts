import { describe, expect, it } from 'vitest';
import { escolherCodigo, podeLerComCamera } from './codigo-de-barras';

describe('barcode by camera', () => {
  it('looks up the first GTIN read (8 to 14 digits), else the first code', () => {
    expect(escolherCodigo(['ABC-1', ' 7891000315507 ', '78912345'])).toBe('7891000315507');
    expect(escolherCodigo(['', 'LOTE 42'])).toBe('LOTE 42');
    expect(escolherCodigo(['  ', ''])).toBeNull();
    expect(escolherCodigo([])).toBeNull();
  });

  it('is offered in the Android app only: a browser types the code', () => {
    expect(podeLerComCamera()).toBe(false);
  });
});
