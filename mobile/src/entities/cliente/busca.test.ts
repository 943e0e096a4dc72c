import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buscarNaLista } from '../../lib/sync/busca';
import { dobrar } from '../../lib/texto';
import { cliente } from './fixtures';
import { buscarClientes, consultaDeDocumento, consultarClientes, paraLocal, textoDeBusca, type ClienteLocal } from './busca';

interface Casos {
  clientes: { id: string; nome: string; nome_fantasia: string; tipo_pessoa: string; documento: string; cidade: string; uf: string; ibge: string; status: string }[];
  casos: { nome: string; q?: string; cidade?: string; status?: string; ids: string[] }[];
}

// The server runs the same file (services/customer/internal/app/busca_contrato_test.go).
const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/clientes-busca.json'), 'utf8')) as Casos;

const ordenar = (l: ClienteLocal[]) => l.sort((a, b) => (a._ordem < b._ordem ? -1 : a._ordem > b._ordem ? 1 : 0));

describe('device search and filters mean what the server means (contracts/clientes-busca.json)', () => {
  const lista = ordenar(
    contrato.clientes.map((c) =>
      paraLocal(
        cliente({
          id: c.id,
          nome: c.nome,
          nome_fantasia: c.nome_fantasia,
          tipo_pessoa: c.tipo_pessoa,
          documento: c.documento,
          status: c.status,
          cidade: c.cidade,
          uf: c.uf,
          cidade_ibge: c.ibge,
          enderecos: [{ id: 'e', tipo: 'COBRANCA', principal: true, cep: '', logradouro: '', numero: '', complemento: '', bairro: '', cidade: c.cidade, uf: c.uf, ibge: c.ibge }],
        }),
      ),
    ),
  );
  it.each(contrato.casos.map((k) => [k.nome, k] as const))('%s', (_n, k) => {
    expect(consultarClientes(lista, k.q ?? '', { cidade: k.cidade ?? '', status: k.status ?? '' }).map((c) => c.id)).toEqual(k.ids);
  });
});

describe('folding, as services/platform/textfold', () => {
  it.each([
    ['São João', 'sao joao'],
    ['  AÇÚCAR   União ', 'acucar uniao'],
    ["D'Ávila & Cia.", "d'avila & cia."],
    ['', ''],
    [null, ''],
  ])('%s → %s', (input, expected) => {
    expect(dobrar(input as string | null)).toBe(expected);
  });

  it('search text is name | trade name | document', () => {
    expect(textoDeBusca({ nome: 'Padaria São João', nome_fantasia: 'Pão Quente', documento: '11222333000181' })).toBe('padaria sao joao | pao quente | 11222333000181');
  });

  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['12', '12'],
    ['rua 12', 'rua 12'],
    ['padaria', 'padaria'],
  ])('a document query searches its digits: %s → %s', (q, esperado) => {
    expect(consultaDeDocumento(q)).toBe(esperado);
  });
});

describe('buscarClientes', () => {
  it('results are in name order and stop at the limit, with the total', () => {
    const muitos = ordenar(Array.from({ length: 120 }, (_, i) => paraLocal(cliente({ id: String(i), nome: `Cliente ${String(120 - i).padStart(3, '0')} Campinas` }))));
    const r = buscarClientes(muitos, 'campinas');
    expect(r.total).toBe(120);
    expect(r.itens).toHaveLength(50);
    expect(r.itens[0].nome).toBe('Cliente 001 Campinas');
  });

  it('an empty query finds nothing (the search screen shows its hint)', () => {
    expect(buscarNaLista([paraLocal(cliente({ id: '1', nome: 'A' }))], '   ').itens).toEqual([]);
  });

  it('2,000 customers: a keystroke is a few milliseconds', () => {
    const grande = ordenar(Array.from({ length: 2000 }, (_, i) => paraLocal(cliente({ id: String(i), nome: `Empresa ${i} São João`, documento: String(11222333000100 + i) }))));
    const t0 = performance.now();
    for (const q of ['s', 'sa', 'sao', 'sao ', 'sao j', 'sao jo', 'sao joa', 'sao joao']) buscarClientes(grande, q);
    expect((performance.now() - t0) / 8).toBeLessThan(20);
  });
});
