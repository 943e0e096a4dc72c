import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => import('../../test/tela').then((m) => m.ionicFalso));
import type { RotulosColecao, SituacaoSync } from '../../lib/sync/colecao';
import { montarTela } from '../../test/tela';
import { ProgressoCopia, progressoDaCopia } from './ProgressoCopia';

const carteira: RotulosColecao = { copia: 'a carteira', itens: 'clientes', incompleta: 'A carteira ainda está sendo baixada' };
const situacao = (p: Partial<SituacaoSync>): SituacaoSync => ({ sincronizando: true, erro: null, sincronizadoEm: '', primeiraCopia: true, recebidos: 0, total: null, ...p });

/** A collection whose sync state the test moves. */
function colecaoFalsa(s: SituacaoSync) {
  const ouvintes = new Set<() => void>();
  return {
    rotulos: carteira,
    atual: s,
    assinarSituacao(l: () => void) {
      ouvintes.add(l);
      return () => ouvintes.delete(l);
    },
    situacaoAtual() {
      return this.atual;
    },
    mudar(p: Partial<SituacaoSync>) {
      this.atual = { ...this.atual, ...p };
      act(() => ouvintes.forEach((l) => l()));
    },
  };
}

describe('the first copy said on the screen', () => {
  it('counts in pt-BR, with the words of the declaration', () => {
    expect(progressoDaCopia(carteira, situacao({ recebidos: 1200, total: 2000 }), true).texto).toBe('Baixando a carteira: 1.200 de 2.000 clientes');
    expect(progressoDaCopia(carteira, situacao({ recebidos: 1000 }), true).texto).toBe('Baixando a carteira: 1.000 clientes até agora');
    expect(progressoDaCopia(carteira, situacao({}), true).texto).toBe('Baixando a carteira…');
    // Offline, or the sync stopped on an error: the copy is incomplete, only the server has the rest.
    const parada = 'A carteira ainda está sendo baixada: conecte-se para buscar todos os clientes.';
    expect(progressoDaCopia(carteira, situacao({ recebidos: 500, total: 2000 }), false)).toEqual({ incompleta: true, parada: true, texto: parada });
    expect(progressoDaCopia(carteira, situacao({ sincronizando: false, erro: 'Sem conexão' }), true).texto).toBe(parada);
    // Complete, or not read yet: nothing to say.
    expect(progressoDaCopia(carteira, situacao({ primeiraCopia: false, recebidos: 2000 }), true)).toEqual({ incompleta: false, parada: false, texto: null });
    expect(progressoDaCopia(carteira, situacao({ primeiraCopia: null }), true).texto).toBeNull();
  });

  const tela = montarTela();

  it('follows the collection page by page and goes away when the copy caught up', () => {
    const c = colecaoFalsa(situacao({ recebidos: 500, total: 2000 }));
    tela.render(<ProgressoCopia colecao={c} />);
    const aviso = () => tela.container.querySelector('[data-testid=progresso-copia]');
    expect(aviso()?.getAttribute('role')).toBe('status');
    expect(aviso()?.textContent).toBe('Baixando a carteira: 500 de 2.000 clientes');
    c.mudar({ recebidos: 1500 });
    expect(aviso()?.textContent).toBe('Baixando a carteira: 1.500 de 2.000 clientes');
    c.mudar({ primeiraCopia: false, recebidos: 2000, total: null, sincronizando: false, sincronizadoEm: '2026-11-27T01:00:00Z' });
    expect(aviso()).toBeNull();
  });

  it('offline: says the copy is incomplete', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      tela.render(<ProgressoCopia colecao={colecaoFalsa(situacao({ recebidos: 500, total: 2000, sincronizando: false }))} />);
      const aviso = tela.container.querySelector('[data-testid=progresso-copia]');
      expect(aviso?.textContent).toBe('A carteira ainda está sendo baixada: conecte-se para buscar todos os clientes.');
      expect(aviso?.getAttribute('data-parada')).toBe('true');
    } finally {
      online.mockRestore();
    }
  });
});
