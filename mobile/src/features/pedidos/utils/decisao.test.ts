import { describe, expect, it } from 'vitest';
import type { Pedido } from '../../../lib/api/types';
import { autorDoEvento, decisaoDoPedido, decisaoParaMarcar, decisoesNaoVistas, reprovacaoACorrigir } from './decisao';
import { filtrosDaLista } from './acoes';

type Ev = { acao: string; status: string; por: string; por_nome?: string; em: string; observacao?: string };
const ev = (acao: string, status: string, por: string, em: string, observacao = '', por_nome = ''): Ev => ({ acao, status, por, por_nome, em, observacao });
const pedido = (id: string, status: string, historico: Ev[], vendedor = 'v1') =>
  ({ id, numero: '7', status, vendedor_id: vendedor, cliente: { nome: 'Mercado Bom Preço' }, historico }) as unknown as Pedido;

const enviado = ev('enviado', 'aguardando_aprovacao', 'v1', '2026-11-20T10:00:00Z', '', 'Vendedor Um');
const reprovado = ev('reprovado', 'reprovado', 'demo-supervisor', '2026-11-20T11:00:00.5Z', ' Desconto alto demais ', 'Sandra Supervisora');
const semNomes = new Map<string, string>();

describe('the decision on an order', () => {
  it('names who decided: the name kept with the event, else a known name, never an operator id', () => {
    expect(autorDoEvento({ por: 'demo-supervisor', por_nome: 'Sandra Supervisora' }, semNomes)).toBe('Sandra Supervisora');
    expect(autorDoEvento({ por: 'v1', por_nome: '' }, new Map([['v1', 'Vendedor Um']]))).toBe('Vendedor Um');
    expect(autorDoEvento({ por: 'demo-supervisor', por_nome: '' }, semNomes)).toBe('outro operador');
    expect(autorDoEvento({ por: 'demo-supervisor', por_nome: '' }, semNomes)).not.toContain('demo-');
  });

  it('is the last approval or rejection, unless the order was sent again after it', () => {
    expect(decisaoDoPedido(pedido('p1', 'reprovado', [enviado, reprovado]), semNomes)).toEqual({
      aprovado: false,
      quem: 'Sandra Supervisora',
      em: '2026-11-20T11:00:00.5Z',
      observacao: 'Desconto alto demais',
    });
    const reaberto = ev('reaberto', 'orcamento', 'v1', '2026-11-20T12:00:00Z');
    expect(decisaoDoPedido(pedido('p1', 'orcamento', [enviado, reprovado, reaberto]), semNomes)?.aprovado).toBe(false);
    expect(reprovacaoACorrigir(pedido('p1', 'orcamento', [enviado, reprovado, reaberto]), semNomes)?.observacao).toBe('Desconto alto demais');
    // Sent again: waiting for a new decision, the old one no longer stands.
    const deNovo = ev('enviado', 'aguardando_aprovacao', 'v1', '2026-11-20T13:00:00Z');
    expect(decisaoDoPedido(pedido('p1', 'aguardando_aprovacao', [enviado, reprovado, reaberto, deNovo]), semNomes)).toBeNull();
    expect(reprovacaoACorrigir(pedido('p1', 'reprovado', [enviado, reprovado]), semNomes)).toBeNull();
    expect(decisaoDoPedido(pedido('p2', 'orcamento', [ev('criado', 'orcamento', 'v1', '2026-11-20T09:00:00Z')]), semNomes)).toBeNull();
  });
});

describe('the decisions a seller has not seen', () => {
  const aprovado = ev('aprovado', 'enviado', 'demo-supervisor', '2026-11-25T11:00:00Z', 'ok', 'Sandra Supervisora');
  const pedidos = [
    pedido('p1', 'reprovado', [enviado, reprovado]),
    pedido('p2', 'enviado', [enviado, aprovado]),
    pedido('p3', 'enviado', [enviado, aprovado], 'v2'),
    pedido('p4', 'enviado', [enviado, { ...aprovado, por: 'v1' }]),
  ];

  it("lists the seller's own orders decided by someone else, newest first, until opened", () => {
    const vistos = { desde: '2026-11-01T00:00:00Z', pedidos: {} };
    expect(decisoesNaoVistas(pedidos, 'v1', vistos, semNomes).map((d) => [d.pedido.id, d.aprovado, d.quem])).toEqual([
      ['p2', true, 'Sandra Supervisora'],
      ['p1', false, 'Sandra Supervisora'],
    ]);
    // Opened: the decision's time is kept as seen.
    expect(decisaoParaMarcar(pedidos[0], 'v1')).toBe(reprovado.em);
    expect(decisaoParaMarcar(pedidos[0], 'v2')).toBeNull();
    const depois = { ...vistos, pedidos: { p1: reprovado.em } };
    expect(decisoesNaoVistas(pedidos, 'v1', depois, semNomes).map((d) => d.pedido.id)).toEqual(['p2']);
    // A new decision on an order seen before shows again.
    const outra = pedido('p1', 'enviado', [enviado, reprovado, ev('enviado', 'aguardando_aprovacao', 'v1', '2026-11-26T09:00:00Z'), { ...aprovado, em: '2026-11-26T10:00:00Z' }]);
    expect(decisoesNaoVistas([outra], 'v1', depois, semNomes).map((d) => d.pedido.id)).toEqual(['p1']);
  });

  it('counts from when the device started: older approvals are not news, a standing rejection still is', () => {
    const novo = { desde: '2026-11-26T00:00:00Z', pedidos: {} };
    expect(decisoesNaoVistas(pedidos, 'v1', novo, semNomes).map((d) => d.pedido.id)).toEqual(['p1']);
    expect(decisoesNaoVistas(pedidos, '', novo, semNomes)).toEqual([]);
  });
});

describe('the orders list offers a manager one "Aprovações" entry', () => {
  it('without the device filter that reads alike', () => {
    expect(filtrosDaLista(true).map((f) => f.rotulo)).not.toContain('Aguardando aprovação');
    expect(filtrosDaLista(false).map((f) => f.rotulo)).toContain('Aguardando aprovação');
  });
});
