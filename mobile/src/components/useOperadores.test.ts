import { describe, expect, it } from 'vitest';
import type { Operador } from '../lib/api/types';
import { ehNaoVendedor, linhasDoResumo, opcoesVendedores } from './useOperadores';

const op = (id: string, perfil_app: string, ativo = true) =>
  ({ id, nome_operador: `Nome ${id}`, perfil_app, ativo, email: `${id}@x.com`, equipe: [] }) as unknown as Operador;
const lista = [op('adm', 'ADMIN'), op('sup', 'SUPERVISOR'), op('v2', 'VENDEDOR'), op('v1', 'VENDEDOR'), op('vx', 'VENDEDOR', false)];

describe('portfolio owners', () => {
  it('only active VENDEDOR operators are offered', () => {
    expect(opcoesVendedores(lista).map((o) => o.valor)).toEqual(['v1', 'v2']);
  });

  it('the summary shows sellers; an ADMIN or SUPERVISOR only while holding customers', () => {
    const linhas = [
      { vendedor_id: 'sup', clientes: 0 },
      { vendedor_id: 'v1', clientes: 0 },
      { vendedor_id: 'v2', clientes: 4 },
      { vendedor_id: 'adm', clientes: 2 },
      { vendedor_id: 'desconhecido', clientes: 1 },
    ];
    expect(linhasDoResumo(linhas, lista).map((l) => l.vendedor_id)).toEqual(['v1', 'v2', 'adm', 'desconhecido']);
    expect(ehNaoVendedor(lista, 'sup')).toBe(true);
    expect(ehNaoVendedor(lista, 'v1')).toBe(false);
  });
});
