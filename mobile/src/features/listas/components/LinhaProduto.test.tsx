import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Produto } from '../../../lib/api/types';
import { colecaoProdutos, indexarProduto } from '../../../entities/produto/colecao';
import type { PrecoLocal } from '../../../entities/preco/colecoes';
import { emRotas, montarTela, Onde } from '../../../test/tela';
import { LinhaProduto, SEM_PRECO_NA_COPIA } from './LinhaProduto';

const tela = montarTela();
const produto = indexarProduto({ id: 'p9', codigo: '909', descricao: 'Água Tônica 350 ml', grupo: 'Bebidas', ativo: true, multiplo_venda: '1' } as Produto);
const preco = { id: 't1:p9', tabela_id: 't1', produto_id: 'p9', preco_centavos: '459' } as PrecoLocal;

function abrir(l: Parameters<typeof LinhaProduto>[0]['l']) {
  tela.render(
    emRotas(
      <Routes>
        <Route path="/listas" element={<LinhaProduto l={l} href="/listas-produto?id=p9" exibirMedida={false} />} />
        <Route path="*" element={<Onde />} />
      </Routes>,
      '/listas',
    ),
  );
}

describe('a row of listas', () => {
  it("the device's product: the table's price", () => {
    abrir({ produto, preco });
    const linha = tela.container.querySelector('[data-testid=linha-produto]')!;
    expect(linha.getAttribute('data-origem')).toBe('aparelho');
    expect(linha.querySelector('[data-testid=preco-tabela]')?.textContent).toBe('R$\u00a04,59');
    expect(linha.textContent).not.toContain('do servidor');
  });

  it('a product from the server search without a price on the device says so, and is kept on the device before its page opens', async () => {
    const guardar = vi.spyOn(colecaoProdutos, 'guardarDaBusca').mockResolvedValue();
    const daBusca = colecaoProdutos.daBusca(produto);
    abrir({ produto: daBusca, preco: null });
    const linha = tela.container.querySelector<HTMLAnchorElement>('[data-testid=linha-produto]')!;
    expect(linha.getAttribute('data-origem')).toBe('servidor');
    expect(linha.textContent).toContain('do servidor');
    expect(linha.querySelector('[data-testid=sem-preco]')?.textContent).toBe(SEM_PRECO_NA_COPIA);
    expect(linha.querySelector('[data-testid=preco-tabela]')).toBeNull();
    await act(async () => linha.click());
    expect(guardar).toHaveBeenCalledWith(daBusca);
    await vi.waitFor(() => expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/listas-produto'));
    guardar.mockRestore();
  });
});
