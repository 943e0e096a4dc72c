import { describe, expect, it } from 'vitest';
import { linkEmail, linkTelefone, linkWhatsApp } from './links';
import { centavosParaReais, reaisParaCentavos } from './money';

describe('contact links', () => {
  it.each([
    ['mobile with area code → 55 added', '(11) 91234-5678', 'https://wa.me/5511912345678'],
    ['mobile of another DDD', '(41) 99876-5432', 'https://wa.me/5541998765432'],
    ['already with 55 (13 digits)', '+55 (11) 91234-5678', 'https://wa.me/5511912345678'],
    ['landline with area code → none', '(11) 3234-5678', null],
    ['landline with 55 (12 digits) → none', '551132345678', null],
    ['11 digits not starting with 9 after the DDD → none', '11812345678', null],
    ['13 digits with 55 but a landline-like number → none', '5511812345678', null],
    ['13 digits not starting with 55 → none', '4411912345678', null],
    ['DDD with a zero → none', '(01) 91234-5678', null],
    ['without area code → none', '91234-5678', null],
    ['empty → none', '', null],
  ])('WhatsApp: %s', (_n, input, expected) => {
    expect(linkWhatsApp(input)).toBe(expected);
  });

  it.each([
    ['(11) 91234-5678', 'tel:11912345678'],
    ['+55 11 91234-5678', 'tel:+5511912345678'],
    ['3234-5678', 'tel:32345678'],
    ['123', null],
  ])('tel: %s', (input, expected) => {
    expect(linkTelefone(input)).toBe(expected);
  });

  it('mailto', () => {
    expect(linkEmail(' compras@exemplo.com.br ')).toBe('mailto:compras@exemplo.com.br');
    expect(linkEmail('sem arroba')).toBeNull();
  });
});

describe('money typed in reais ↔ centavos', () => {
  it.each([
    ['1.234,56', '123456'],
    ['1500', '150000'],
    ['1.500', '150000'],
    ['R$ 10,5', '1050'],
    ['0,99', '99'],
    ['12.5', '1250'],
    ['', '0'],
    ['abc', null],
    ['1,234', null],
  ])('%s → %s', (input, expected) => {
    expect(reaisParaCentavos(input)).toBe(expected);
  });
  it('centavos → input text', () => {
    expect(centavosParaReais('150000')).toBe('1.500,00');
    expect(centavosParaReais(99)).toBe('0,99');
  });
});
