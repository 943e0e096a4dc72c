import { beforeEach, describe, expect, it } from 'vitest';
import { cancelarPedido, criarPedido, lerPedido, responderPedido, rotaDaEscolha, tomarResultado } from './escolha';

const base = { titulo: 'Vendedor', opcoes: [{ valor: 'a', rotulo: 'Ana' }, { valor: 'b', rotulo: 'Bruno' }], multipla: false, selecionados: [], voltarPara: '/crm-clientes' };

describe('chooser requests and answers', () => {
  beforeEach(() => sessionStorage.clear());

  it('a request is read by id; its answer is taken once by purpose, with its context', () => {
    const p = criarPedido({ ...base, finalidade: 'crm-clientes/vendedor', contexto: 'r1' });
    expect(rotaDaEscolha(p)).toBe(`/escolher?pedido=${p.id}`);
    expect(lerPedido(p.id)?.opcoes).toHaveLength(2);
    responderPedido(p, [base.opcoes[1]]);
    expect(lerPedido(p.id)).toBeNull();
    const r = tomarResultado('crm-clientes/vendedor');
    expect(r).toEqual({ pedido: p.id, valores: ['b'], opcoes: [base.opcoes[1]], contexto: 'r1' });
    expect(tomarResultado('crm-clientes/vendedor')).toBeNull();
  });

  it('answers of other purposes stay', () => {
    const a = criarPedido({ ...base, finalidade: 'x' });
    const b = criarPedido({ ...base, finalidade: 'y' });
    responderPedido(a, [base.opcoes[0]]);
    responderPedido(b, []);
    expect(tomarResultado('y')?.valores).toEqual([]);
    expect(tomarResultado('x')?.valores).toEqual(['a']);
  });

  it('cancel answers nothing; a new request drops a stale answer', () => {
    const a = criarPedido({ ...base, finalidade: 'x' });
    cancelarPedido(a);
    expect(tomarResultado('x')).toBeNull();
    responderPedido(criarPedido({ ...base, finalidade: 'x' }), [base.opcoes[0]]);
    criarPedido({ ...base, finalidade: 'x' });
    expect(tomarResultado('x')).toBeNull();
  });

  it('cidades-escolher requests have their own route; unknown ids read as null', () => {
    expect(rotaDaEscolha(criarPedido({ ...base, finalidade: 'c', tipo: 'cidades' }))).toMatch(/^\/cidades-escolher\?pedido=/);
    expect(lerPedido('nao-existe')).toBeNull();
    expect(lerPedido(null)).toBeNull();
  });
});
