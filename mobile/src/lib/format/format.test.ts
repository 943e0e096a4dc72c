import { describe, expect, it } from 'vitest';
import { formatarTelefone, TELEFONE_INVALIDO } from './phone';
import { cnpjValido, cpfValido, documentoValido, DOCUMENTO_INVALIDO, formatarDocumento } from './document';
import { aplicarMascara, mascaraCep, mascaraDocumento, mascaraTelefone } from './masks';
import { deslocarFuso, formatarData, formatarDataHora, hojeIso } from './date';
import { linkMapa, normalizarEndereco } from './maps';
import { formatarMoeda, formatarMoedaCurta } from './money';

describe('formatarTelefone: by digit count (SPEC §5)', () => {
  it.each([
    ['13 digits → international', '5511912345678', '+55 (11) 91234-5678'],
    ['12 digits starting with 55 → international', '551132345678', '+55 (11) 3234-5678'],
    ['12 digits (leading 0) → (0DD) mask', '011912345678', '(011) 91234-5678'],
    ['11 digits → mobile with area code', '11912345678', '(11) 91234-5678'],
    ['10 digits → landline with area code', '1132345678', '(11) 3234-5678'],
    ['9 digits → mobile without area code', '912345678', '91234-5678'],
    ['8 digits → landline without area code', '32345678', '3234-5678'],
    ['punctuation is ignored', '+55 (11) 91234-5678', '+55 (11) 91234-5678'],
    ['7 digits → invalid', '1234567', TELEFONE_INVALIDO],
    ['14 digits → invalid', '55119123456789', TELEFONE_INVALIDO],
    ['empty → invalid', '', TELEFONE_INVALIDO],
    ['null → invalid', null, TELEFONE_INVALIDO],
  ])('%s', (_name, input, expected) => {
    expect(formatarTelefone(input as string | null)).toBe(expected);
  });
});

describe('formatarDocumento: 11 → CPF, 14 → CNPJ, else "Documento inválido"', () => {
  it.each([
    ['CPF digits', '52998224725', '529.982.247-25'],
    ['CPF already masked', '529.982.247-25', '529.982.247-25'],
    ['CNPJ digits', '11222333000181', '11.222.333/0001-81'],
    ['CNPJ masked', '11.222.333/0001-81', '11.222.333/0001-81'],
    ['alphanumeric CNPJ', '12ABC34501DE35', '12.ABC.345/01DE-35'],
    ['alphanumeric CNPJ, lower case', '12abc34501de35', '12.ABC.345/01DE-35'],
    ['10 digits', '5299822472', DOCUMENTO_INVALIDO],
    ['12 digits', '112223330001', DOCUMENTO_INVALIDO],
    ['15 digits', '112223330001811', DOCUMENTO_INVALIDO],
    ['11 positions with letters', '5299822472A', DOCUMENTO_INVALIDO],
    ['CNPJ with letters in the check digits', '12ABC34501DEAB', DOCUMENTO_INVALIDO],
    ['empty', '', DOCUMENTO_INVALIDO],
  ])('%s', (_name, input, expected) => {
    expect(formatarDocumento(input)).toBe(expected);
  });
});

describe('CPF/CNPJ validity (check digits)', () => {
  it.each([
    ['valid CPF', () => cpfValido('529.982.247-25'), true],
    ['CPF with a wrong check digit', () => cpfValido('529.982.247-24'), false],
    ['CPF of repeated digits', () => cpfValido('111.111.111-11'), false],
    ['valid CNPJ', () => cnpjValido('11.222.333/0001-81'), true],
    ['CNPJ with a wrong check digit', () => cnpjValido('11.222.333/0001-82'), false],
    ['valid alphanumeric CNPJ', () => cnpjValido('12.ABC.345/01DE-35'), true],
    ['alphanumeric CNPJ with a wrong check digit', () => cnpjValido('12.ABC.345/01DE-36'), false],
    ['FISICA takes a CPF', () => documentoValido('52998224725', 'FISICA'), true],
    ['FISICA refuses a CNPJ', () => documentoValido('11222333000181', 'FISICA'), false],
    ['PJ takes an alphanumeric CNPJ', () => documentoValido('12ABC34501DE35', 'PJ'), true],
    ['PJ refuses a CPF', () => documentoValido('52998224725', 'PJ'), false],
    ['no type: decided by length', () => documentoValido('11222333000181'), true],
  ])('%s', (_name, fn, expected) => {
    expect(fn()).toBe(expected);
  });
});

describe('input masks', () => {
  it.each([
    ['CEP partial', () => mascaraCep('0100'), '0100'],
    ['CEP full', () => mascaraCep('01001000'), '01001-000'],
    ['CEP drops extra digits and letters', () => mascaraCep('01001-000123x'), '01001-000'],
    ['document FISICA partial', () => mascaraDocumento('5299822', 'FISICA'), '529.982.2'],
    ['document FISICA full', () => mascaraDocumento('52998224725', 'FISICA'), '529.982.247-25'],
    ['document FISICA drops letters', () => mascaraDocumento('529A98224725', 'FISICA'), '529.982.247-25'],
    ['document PJ numeric', () => mascaraDocumento('11222333000181', 'PJ'), '11.222.333/0001-81'],
    ['document PJ alphanumeric', () => mascaraDocumento('12abc34501de35', 'PJ'), '12.ABC.345/01DE-35'],
    ['document PJ check digits stay numeric', () => mascaraDocumento('12ABC34501DEX3', 'PJ'), '12.ABC.345/01DE-3'],
    ['phone celular', () => mascaraTelefone('11912345678', 'celular'), '(11) 91234-5678'],
    ['phone celular partial', () => mascaraTelefone('1191', 'celular'), '(11) 91'],
    ['phone fixo', () => mascaraTelefone('1132345678', 'fixo'), '(11) 3234-5678'],
    ['phone fixo drops the 11th digit', () => mascaraTelefone('11323456789', 'fixo'), '(11) 3234-5678'],
    ['pattern stops with the value', () => aplicarMascara('12', '99-99'), '12'],
  ])('%s', (_name, fn, expected) => {
    expect(fn()).toBe(expected);
  });
});

describe('dates are shifted by the time-zone offset before formatting', () => {
  it('a date-only value keeps its day', () => {
    expect(formatarData('2026-03-01')).toBe('01/03/2026');
  });
  it('the shift adds the offset', () => {
    const d = new Date('2026-03-01T00:00:00Z');
    expect(deslocarFuso(d).getTime() - d.getTime()).toBe(d.getTimezoneOffset() * 60_000);
  });
  it.each([
    ['empty', ''],
    ['invalid', 'not a date'],
    ['null', null],
  ])('%s → ""', (_n, v) => {
    expect(formatarData(v as string | null)).toBe('');
  });
  it('instants show in America/Sao_Paulo', () => {
    expect(formatarDataHora('2026-03-01T15:30:00Z')).toBe('01/03/2026, 12:30');
  });
});

describe('map links: lowercased, special characters stripped, spaces → +', () => {
  it.each([
    ['Av. Paulista, 1000 - São Paulo SP', 'av+paulista+1000+sao+paulo+sp'],
    ['Rua X/Y nº 5', 'rua+xy+n+5'],
    ['  Rua  D\'Ávila   12 ', 'rua+davila+12'],
    ['Praça da Sé', 'praca+da+se'],
  ])('%s', (input, expected) => {
    expect(normalizarEndereco(input)).toBe(expected);
  });
  it('builds a maps search link', () => {
    expect(linkMapa('Praça da Sé')).toBe('https://www.google.com/maps/search/?api=1&query=praca+da+se');
  });
});

describe('BRL', () => {
  it.each([
    [123456, 'R$\u00a01.234,56'],
    ['990', 'R$\u00a09,90'],
    [0, 'R$\u00a00,00'],
    [null, 'R$\u00a00,00'],
    [-500, '-R$\u00a05,00'],
  ])('%s centavos', (v, expected) => {
    expect(formatarMoeda(v as number)).toBe(expected);
  });

  it.each([
    [0, 'R$\u00a00'],
    ['95000', 'R$\u00a0950'],
    [1250000, 'R$\u00a012,5\u00a0mil'],
    ['123456789', 'R$\u00a01,2\u00a0mi'],
  ])('%s centavos on a chart axis', (v, expected) => {
    expect(formatarMoedaCurta(v)).toBe(expected);
  });
});

describe('hojeIso: the day in São Paulo (the date a draft is priced on, as the server does)', () => {
  it('turns at midnight in São Paulo, not in UTC', () => {
    expect(hojeIso(new Date('2026-11-23T02:30:00Z'))).toBe('2026-11-22');
    expect(hojeIso(new Date('2026-11-23T03:30:00Z'))).toBe('2026-11-23');
  });
});
