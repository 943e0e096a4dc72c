import { describe, expect, it } from 'vitest';
import type { Produto } from '../../../lib/api/types';
import { alteracaoDoProduto, camposDoProduto, doProduto, eanValido, MSG_EAN, MSG_IPI, MSG_MULTIPLO, MSG_NCM, PRODUTO_VAZIO, validarProduto, type ValoresProduto } from './produto';

const v = (x: Partial<ValoresProduto>): ValoresProduto => ({ ...PRODUTO_VAZIO, codigo: 'P1', descricao: 'Refrigerante 2 L', ncm: '22021000', ...x });

describe('product rules (the server’s Produto.Validar and Normalizar)', () => {
  it('EAN-13 check digit', () => {
    expect(eanValido('4006381333931')).toBe(true);
    expect(eanValido('4006381333932')).toBe(false);
    expect(eanValido('400638133393')).toBe(false);
    expect(eanValido('400638133393A')).toBe(false);
  });

  it('a valid product has no errors; EAN with spaces and NCM with dots are accepted', () => {
    expect(validarProduto(v({ ean: '4006381 333931', ncm: '2202.10.00' }))).toEqual({});
  });

  it.each<[string, Partial<ValoresProduto>, string, string]>([
    ['code required', { codigo: '  ' }, 'codigo', 'Informe o código.'],
    ['description required', { descricao: '' }, 'descricao', 'Informe a descrição.'],
    ['code over 60', { codigo: 'x'.repeat(61) }, 'codigo', 'O código deve ter no máximo 60 caracteres.'],
    ['description over 200 (characters, not bytes)', { descricao: 'ç'.repeat(201) }, 'descricao', 'A descrição deve ter no máximo 200 caracteres.'],
    ['unit over 6', { unidade: 'CAIXA12' }, 'unidade', 'A unidade deve ter no máximo 6 caracteres.'],
    ['wrong check digit', { ean: '4006381333932' }, 'ean', MSG_EAN],
    ['NCM of 7 digits', { ncm: '2202100' }, 'ncm', MSG_NCM],
    ['NCM empty', { ncm: '' }, 'ncm', MSG_NCM],
    ['multiple 0', { multiplo: '0' }, 'multiplo', MSG_MULTIPLO],
    ['multiple not a number', { multiplo: '1,5' }, 'multiplo', MSG_MULTIPLO],
    ['IPI over 100', { ipi: '100,01' }, 'ipi', MSG_IPI],
    ['IPI negative', { ipi: '-1' }, 'ipi', MSG_IPI],
    ['IPI with 3 decimals', { ipi: '7,555' }, 'ipi', 'Use um número com no máximo 2 casas decimais, como 7,5.'],
    ['negative weight', { peso: '-5' }, 'peso', 'Peso deve ser zero ou mais gramas.'],
    ['negative units per box', { unidadesCaixa: '-1' }, 'unidadesCaixa', 'Unidades por caixa deve ser zero ou mais.'],
  ])('%s', (_n, x, campo, msg) => {
    expect(validarProduto(v(x))[campo]).toBe(msg);
  });

  it('sends what the API takes: int64 as strings, IPI as a number, normalised codes', () => {
    expect(camposDoProduto(v({ ean: ' 4006381333931 ', ncm: '2202.10.00', ipi: '7,5', multiplo: '12', unidade: 'cx', peso: '2100', marca: ' Marca ' }))).toEqual({
      codigo: 'P1',
      descricao: 'Refrigerante 2 L',
      marca: 'Marca',
      grupo: '',
      unidade: 'CX',
      multiplo_venda: '12',
      unidades_caixa: '0',
      ean: '4006381333931',
      ncm: '22021000',
      ipi_percentual: 7.5,
      peso_gramas: '2100',
      ativo: true,
    });
  });

  it('an edit sends only what changed, with the versao shown', () => {
    const p = {
      id: 'x',
      codigo: 'P1',
      descricao: 'Refrigerante 2 L',
      marca: '',
      grupo: 'Bebidas',
      unidade: 'UN',
      multiplo_venda: '6',
      unidades_caixa: '0',
      ean: '',
      ncm: '22021000',
      ipi_percentual: 4,
      peso_gramas: '0',
      ativo: true,
      versao: '3',
    } as Produto;
    expect(alteracaoDoProduto(p, { ...doProduto(p), ipi: '5,25', ativo: false })).toEqual({ versao: '3', ipi_percentual: 5.25, ativo: false });
    expect(alteracaoDoProduto(p, doProduto(p))).toEqual({ versao: '3' });
  });
});
