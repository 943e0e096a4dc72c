import { describe, expect, it } from 'vitest';
import type { Produto } from '../../../lib/api/types';
import type { PrecoLocal } from '../../../entities/preco/colecoes';
import { indexarProduto } from '../../../entities/produto/colecao';
import { indexarTextos, refina, registrosCom } from '../../../lib/sync/busca';
import { palavrasDaBusca } from '../../../lib/texto';
import { filtrarLinhas, type LinhaLista } from '../utils/lista';
import { montarTela } from '../../../test/tela';
import { useLinhasBuscadas } from './useBusca';

const tela = montarTela();
function Ids({ t }: { t: string }) {
  return <p>{useLinhasBuscadas(base, t).map((l) => l.produto.id).join(',')}</p>;
}

const NOMES = ['Café Torrado 500 g', 'Café Solúvel 200 g', 'Cacau em pó', 'Refrigerante Cola 2 L', 'Refrigerante Laranja', 'Açúcar 5 kg', 'Cafeteira'];
const base: LinhaLista[] = NOMES.map((d, i) => ({
  produto: indexarProduto({ id: `p${i}`, codigo: String(100 + i), descricao: d, ativo: true } as Produto),
  preco: { id: `t:p${i}` } as PrecoLocal,
}));

describe('the list search as the user types', () => {
  it('narrowing is every old word inside a new one', () => {
    expect(refina(['caf'], ['cafe'])).toBe(true);
    expect(refina(['cafe'], ['cafe', '500'])).toBe(true);
    expect(refina(['cafe', '5'], ['cafe', '50'])).toBe(true);
    expect(refina(['cafe'], ['caf'])).toBe(false);
    expect(refina(['cafe', '500'], ['cafe'])).toBe(false);
    expect(refina([], ['cafe'])).toBe(false);
  });

  it('each keystroke (forward, back, replaced) shows what a search of the whole list shows', () => {
    for (const t of ['c', 'ca', 'caf', 'cafe', 'cafe ', 'cafe 5', 'cafe 50', 'cafe 5', 'cafe', 'caf', 'refri', 'refri cola', 'laranja', '', 'acucar']) {
      tela.render(<Ids t={t} />);
      const esperado = t.trim() ? filtrarLinhas(base, palavrasDaBusca(t)) : base;
      expect(tela.container.textContent, t).toBe(esperado.map((l) => l.produto.id).join(','));
    }
  });
});

describe('the whole-list index (one string of every text)', () => {
  it('finds each record containing the word once, in order, never across two records', () => {
    const i = indexarTextos(['cafe torrado', 'cacau', '', 'cafeteira cafe', 'acucar', 'xcaf']);
    expect(registrosCom(i, 'caf')).toEqual([0, 3, 5]);
    expect(registrosCom(i, 'ca')).toEqual([0, 1, 3, 4, 5]);
    expect(registrosCom(i, 'o acu')).toEqual([]);
    expect(registrosCom(i, 'rado')).toEqual([0]);
    expect(registrosCom(i, 'zz')).toEqual([]);
    expect(registrosCom(indexarTextos([]), 'a')).toEqual([]);
  });
});
