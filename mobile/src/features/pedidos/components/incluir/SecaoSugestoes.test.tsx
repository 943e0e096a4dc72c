import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Sugestao } from '../../../../lib/api/types';

vi.mock('@ionic/react', () => import('../../../../test/tela').then((m) => m.ionicFalso));

import { montarTela } from '../../../../test/tela';
import type { EstadoIncluirPedido } from '../../hooks/useIncluirPedido';
import { SecaoSugestoes } from './SecaoSugestoes';

const tela = montarTela();
const sug = (produto_id: string, descricao: string) =>
  ({ produto_id, descricao, unidade: 'CX', quantidade_usual: '12', ultima_compra: '2026-08-10', meses_comprados: ['2026-06', '2026-08'] }) as Sugestao;

function abrir(sugeridos: Sugestao[]) {
  const s = { sugeridos, adicionarSugerido: vi.fn(), adicionarTodosSugeridos: vi.fn() };
  tela.render(<SecaoSugestoes s={s as unknown as EstadoIncluirPedido} />);
  return s;
}

describe('a new order: "Sugestão: N itens que este cliente costuma comprar"', () => {
  it('names how many, each with a tap to add it, and one to add all', () => {
    const s = abrir([sug('p1', 'Açúcar 5kg'), sug('p2', 'Café 500g')]);
    const secao = tela.container.querySelector('[data-testid=sugestoes-pedido]')!;
    expect(secao.textContent).toContain('Sugestão: 2 itens que este cliente costuma comprar');
    expect(secao.textContent).toContain('12 CX · comprou em 2 dos últimos 6 meses · última compra 10/08/2026');
    const botoes = [...secao.querySelectorAll('button')];
    expect(botoes.map((b) => b.textContent)).toEqual(['Adicionar', 'Adicionar', 'Adicionar todos']);
    act(() => botoes[1].click());
    expect(s.adicionarSugerido).toHaveBeenCalledWith(expect.objectContaining({ produto_id: 'p2' }));
    act(() => botoes[2].click());
    expect(s.adicionarTodosSugeridos).toHaveBeenCalledTimes(1);
  });

  it('one suggestion: "1 item", no "Adicionar todos"; none: no section', () => {
    abrir([sug('p1', 'Açúcar 5kg')]);
    expect(tela.container.textContent).toContain('Sugestão: 1 item que este cliente costuma comprar');
    expect(tela.container.textContent).not.toContain('Adicionar todos');
    abrir([]);
    expect(tela.container.querySelector('[data-testid=sugestoes-pedido]')).toBeNull();
  });
});
