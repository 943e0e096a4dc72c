import { describe, expect, it } from 'vitest';
import { cliente } from './fixtures';
import { buscarNaLista, dobrar, ordenar, paraLocal, textoDeBusca } from './busca';


describe('dobrar: accent- and case-insensitive folding', () => {
  it.each([
    ['São João', 'sao joao'],
    ['  AÇÚCAR   União ', 'acucar uniao'],
    ['11.222.333/0001-81', '11222333000181'],
    ["D'Ávila & Cia.", 'davila cia'],
    ['Comércio—Ltda', 'comercio ltda'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (input, expected) => {
    expect(dobrar(input as string | null)).toBe(expected);
  });

  it('search text holds name, fantasia, document, city and state', () => {
    expect(textoDeBusca({ nome: 'Padaria São João', nome_fantasia: 'Pão Quente', documento: '11222333000181', cidade: 'Ribeirão Preto', uf: 'SP' })).toBe(
      'padaria sao joao pao quente 11222333000181 ribeirao preto sp',
    );
  });
});

describe('buscarNaLista', () => {
  const lista = ordenar(
    [
      cliente({ id: '1', nome: 'Padaria São João', documento: '11222333000181', cidade: 'São Paulo', uf: 'SP' }),
      cliente({ id: '2', nome: 'Mercado Central', nome_fantasia: 'Joãozinho', documento: '52998224725', tipo_pessoa: 'FISICA', cidade: 'Campinas', uf: 'SP' }),
      cliente({ id: '3', nome: 'Açougue Boi Bom', documento: '12ABC34501DE35', cidade: 'Londrina', uf: 'PR' }),
    ].map(paraLocal),
  );

  it.each([
    ['accent-less finds accented', 'sao joao', ['1']],
    ['upper case and accents in the query', 'SÃO JOÃO', ['1']],
    ['words in any order', 'joao padaria', ['1']],
    ['fantasia', 'joaozinho', ['2']],
    ['CNPJ prefix with punctuation', '11.222.333', ['1']],
    ['CNPJ digits', '112223', ['1']],
    ['CPF digits', '529982', ['2']],
    ['alphanumeric CNPJ, lower case', '12abc', ['3']],
    ['city', 'campinas', ['2']],
    ['city with accent-less query', 'acougue londrina', ['3']],
    ['state', 'sp', ['2', '1']],
    ['nothing', 'xyz', []],
    ['empty query', '   ', []],
  ])('%s', (_n, q, ids) => {
    expect(buscarNaLista(lista, q).itens.map((c) => c.id)).toEqual(ids);
  });

  it('results are in name order and stop at the limit, with the total', () => {
    const muitos = ordenar(Array.from({ length: 120 }, (_, i) => paraLocal(cliente({ id: String(i), nome: `Cliente ${String(120 - i).padStart(3, '0')}`, cidade: 'Campinas' }))));
    const r = buscarNaLista(muitos, 'campinas');
    expect(r.total).toBe(120);
    expect(r.itens).toHaveLength(50);
    expect(r.itens[0].nome).toBe('Cliente 001');
  });

  it('2,000 customers: a keystroke is a few milliseconds', () => {
    const grande = ordenar(Array.from({ length: 2000 }, (_, i) => paraLocal(cliente({ id: String(i), nome: `Empresa ${i} São João`, documento: String(11222333000100 + i), cidade: i % 2 ? 'São Paulo' : 'Campinas' }))));
    const t0 = performance.now();
    for (const q of ['s', 'sa', 'sao', 'sao ', 'sao j', 'sao jo', 'sao joa', 'sao joao']) buscarNaLista(grande, q);
    expect((performance.now() - t0) / 8).toBeLessThan(20);
  });
});
