import { describe, expect, it } from 'vitest';
import { montarTela } from '../../test/tela';
import type { ResultadoLinha } from '../../entities/preco/calcular';
import { DetalhePreco } from './DetalhePreco';

const tela = montarTela();

// 12 CX at R$ 7,43, a promotion of 10 % and PIX: R$ 6,49 each.
const linha: ResultadoLinha = {
  produto_id: 'p1',
  quantidade: 12,
  tabela_id: 't-padrao',
  preco_lista_centavos: 743,
  descontos: [
    { origem: 'promocao', percentual: 10, regra_id: 'pr' },
    { origem: 'condicao', percentual: 3, regra_id: 'cp-pix' },
  ],
  preco_unitario_centavos: 649,
  valor_centavos: 7788,
  ipi_centavos: 0,
  base_st_centavos: 0,
  icms_proprio_centavos: 0,
  st_centavos: 0,
  total_centavos: 7788,
  flex_centavos: 0,
  avisos: [],
};

/** The breakdown as [term, figure] pairs, spaces made plain (Intl writes R$ with a no-break space). */
const pares = () =>
  [...tela.container.querySelectorAll('[data-testid=detalhe-preco] > div')].map((d) =>
    [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? ''].map((t) => t.replace(/\s/g, ' ')),
  );

describe('the price breakdown ("Por que este preço?")', () => {
  it('names the unit on each per-unit figure and on the quantity (issue 21 §2)', () => {
    tela.render(<DetalhePreco linha={linha} unidade="CX" />);
    expect(pares()).toEqual([
      ['Preço de tabela', 'R$ 7,43 por CX'],
      ['Promoção', '-10%'],
      ['Condição de pagamento', '-3%'],
      ['Preço unitário', 'R$ 6,49 por CX'],
      ['12 CX', 'R$ 77,88'],
      ['Total com impostos', 'R$ 77,88'],
    ]);
  });

  it('without a unit, the figures stand alone', () => {
    tela.render(<DetalhePreco linha={linha} />);
    expect(pares()[0]).toEqual(['Preço de tabela', 'R$ 7,43']);
    expect(pares()[3]).toEqual(['Preço unitário', 'R$ 6,49']);
    expect(pares()[4]).toEqual(['12 unidades', 'R$ 77,88']);
  });
});
