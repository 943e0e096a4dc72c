import { describe, expect, it } from 'vitest';
import { formatarPercentual, lerPercentual, percentualParaTexto } from './percentual';

describe('percentages with the pt-BR comma', () => {
  it.each([
    [7.5, '7,5', '7,5%'],
    [12.25, '12,25', '12,25%'],
    [5, '5', '5%'],
    [-3, '-3', '-3%'],
    [-2.5, '-2,5', '-2,5%'],
    [0.05, '0,05', '0,05%'],
    [0, '0', '0%'],
    [100, '100', '100%'],
  ])('%s → "%s" in a field, "%s" in a list', (n, campo, lista) => {
    expect(percentualParaTexto(n)).toBe(campo);
    expect(formatarPercentual(n)).toBe(lista);
    // And back, exactly.
    expect(lerPercentual(campo)).toBe(n);
  });

  it.each([
    ['7,5', 7.5],
    ['7.5', 7.5],
    [' 10 % ', 10],
    ['+2', 2],
    ['-1,25', -1.25],
    ['3,10', 3.1],
    ['', 0],
    ['-0', 0],
  ])('reads "%s" as %s', (texto, n) => {
    expect(lerPercentual(texto)).toBe(n);
  });

  it.each(['7,555', 'abc', '1,2,3', '--3', '7,5a', ',5', '1.000,5'])('refuses "%s"', (texto) => {
    expect(lerPercentual(texto)).toBeNull();
  });

  it('empty or missing shows as nothing in a field and 0% in a list', () => {
    expect(percentualParaTexto(undefined)).toBe('');
    expect(formatarPercentual(undefined)).toBe('0%');
  });
});
