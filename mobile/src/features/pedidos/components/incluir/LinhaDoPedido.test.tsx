import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { digitarEm, montarTela } from '../../../../test/tela';
import { rascunhoVazio, type RascunhoPedido } from '../../../../entities/pedido/previa';
import type { Produto } from '../../../../lib/api/types';
import { LinhaDoPedido } from './LinhaDoPedido';

const tela = montarTela();

const caixa = { id: 'p2', codigo: '456', descricao: 'Detergente neutro 500 ml', unidade: 'CX', multiplo_venda: '6' } as unknown as Produto;

/** One line of an order of `produto`, starting at `quantidade`, with its draft kept as the page keeps it. */
function Linha({ produto, quantidade }: { produto: Produto; quantidade: number }) {
  const [r, setR] = useState<RascunhoPedido>({
    ...rascunhoVazio('x', 'c'),
    itens: [{ produto_id: produto.id, quantidade, desconto_percentual: 0, bonificacao: false }],
  });
  return (
    <LinhaDoPedido
      i={0}
      linha={r.itens[0]}
      produto={produto}
      res={undefined}
      bonificacao={false}
      aprovacao=""
      flex={false}
      erro=""
      aberta={false}
      mudar={setR}
      alternar={() => undefined}
    />
  );
}

const campo = () => tela.container.querySelector<HTMLInputElement>('input[name=quantidade-0]')!;
const nota = () => tela.container.querySelector('[data-testid=arredondado]');
function sair(input: HTMLInputElement) {
  act(() => {
    input.focus();
    input.blur();
  });
}

describe('the quantity of an order line (issue 21 §2: rounding is never silent)', () => {
  it('7 of a product sold by 6 leaves the field as 12, and the field says so until the quantity changes', () => {
    tela.render(<Linha produto={caixa} quantidade={6} />);
    digitarEm(campo(), '7');
    expect(nota()).toBeNull();
    sair(campo());
    expect(campo().value).toBe('12');
    expect(nota()?.textContent).toBe('Arredondado para 12 (múltiplo de 6).');
    expect(campo().getAttribute('aria-describedby')).toBe(nota()?.id);
    // Typing again takes the note away; a multiple leaves the field as typed, with no note.
    digitarEm(campo(), '18');
    expect(nota()).toBeNull();
    sair(campo());
    expect(campo().value).toBe('18');
    expect(nota()).toBeNull();
    expect(campo().getAttribute('aria-describedby')).toBeNull();
  });

  it('a product sold by the unit is never rounded', () => {
    tela.render(<Linha produto={{ ...caixa, multiplo_venda: '1' } as Produto} quantidade={1} />);
    digitarEm(campo(), '7');
    sair(campo());
    expect(campo().value).toBe('7');
    expect(nota()).toBeNull();
  });
});
