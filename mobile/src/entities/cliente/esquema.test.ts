import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errosDoPedido } from './esquema';

type Texto = string | { repetir: string; vezes: number };
interface Casos {
  casos: { nome: string; cliente: Record<string, Texto>; erros: string[] }[];
}

// The server runs the same file (services/customer/internal/domain/validacao_contrato_test.go).
const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/clientes-validacao.json'), 'utf8')) as Casos;
const expandir = (c: Record<string, Texto>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === 'string' ? v : v.repetir.repeat(v.vezes)]));

describe('the customer schema refuses what the server refuses (contracts/clientes-validacao.json)', () => {
  it.each(contrato.casos.map((k) => [k.nome, k] as const))('%s', (_n, k) => {
    expect(Object.keys(errosDoPedido(expandir(k.cliente))).sort()).toEqual([...k.erros].sort());
  });
});
