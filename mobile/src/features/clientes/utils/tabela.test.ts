import { describe, expect, it } from 'vitest';
import { ordenarClientes } from './tabela';

const c = (id: string, nome: string, cidade: string, uf: string, status: string, documento = '', vendedor_id = '') => ({ id, nome, cidade, uf, status, documento, vendedor_id });
const lista = [
  c('1', 'Zebu Carnes', 'São Paulo', 'SP', 'ativo', '52998224725', 'v2'),
  c('2', 'árvore Mercado', 'Curitiba', 'PR', 'bloqueado', '11222333000181', 'v1'),
  c('3', 'Bom Preço', 'campinas', 'SP', 'inativo', '04252011000110', 'v1'),
];

describe('customers table sorting', () => {
  it('by name, accents and case ignored, both directions', () => {
    expect(ordenarClientes(lista, 'nome', 'asc').map((x) => x.id)).toEqual(['2', '3', '1']);
    expect(ordenarClientes(lista, 'nome', 'desc').map((x) => x.id)).toEqual(['1', '3', '2']);
  });
  it('by city, by status, by document', () => {
    expect(ordenarClientes(lista, 'cidade', 'asc').map((x) => x.id)).toEqual(['3', '2', '1']);
    expect(ordenarClientes(lista, 'status', 'asc').map((x) => x.id)).toEqual(['1', '2', '3']);
    expect(ordenarClientes(lista, 'documento', 'asc').map((x) => x.id)).toEqual(['3', '2', '1']);
  });
  it('by seller name; ties keep the given order', () => {
    const nomes: Record<string, string> = { v1: 'Vera', v2: 'Ana' };
    expect(ordenarClientes(lista, 'vendedor', 'asc', (id) => nomes[id]).map((x) => x.id)).toEqual(['1', '2', '3']);
  });
  it('does not change the list it was given', () => {
    ordenarClientes(lista, 'nome', 'asc');
    expect(lista.map((x) => x.id)).toEqual(['1', '2', '3']);
  });
});
