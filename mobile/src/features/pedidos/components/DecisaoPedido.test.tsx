import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
import { montarTela } from '../../../test/tela';
import { FormDecisao, MSG_SEM_MOTIVO, QuadroDecisao } from './DecisaoPedido';

const tela = montarTela();
const botao = (texto: string) => [...tela.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(texto)) as HTMLButtonElement;

function escrever(t: HTMLTextAreaElement, valor: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(t, valor);
    t.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('rejecting or approving at the order', () => {
  it('without a note, a rejection says why nothing happened, at the field; with one it goes', () => {
    const confirmou = vi.fn();
    tela.render(<FormDecisao aprovar={false} ocupado={false} onConfirmar={confirmou} onVoltar={() => undefined} />);
    const nota = tela.container.querySelector('textarea')!;
    expect(nota).toBeTruthy();
    expect(tela.container.querySelector('label')?.textContent).toBe('Motivo da reprovação (obrigatório)');
    escrever(nota, '   ');
    act(() => botao('Confirmar reprovação').click());
    expect(confirmou).not.toHaveBeenCalled();
    const erro = tela.container.querySelector('[data-testid=erro-decisao]');
    expect(erro?.textContent).toBe(MSG_SEM_MOTIVO);
    expect(erro?.getAttribute('role')).toBe('alert');
    expect(nota.getAttribute('aria-invalid')).toBe('true');
    // Typing clears the message; a multi-line note is kept as written (trimmed).
    escrever(nota, 'Desconto alto demais.\nRefaça com 5 %.');
    expect(tela.container.querySelector('[data-testid=erro-decisao]')).toBeNull();
    act(() => botao('Confirmar reprovação').click());
    expect(confirmou).toHaveBeenCalledWith('Desconto alto demais.\nRefaça com 5 %.');
  });

  it('an approval takes an optional note in the same text area', () => {
    const confirmou = vi.fn();
    tela.render(<FormDecisao aprovar ocupado={false} onConfirmar={confirmou} onVoltar={() => undefined} />);
    expect(tela.container.querySelector('textarea')).toBeTruthy();
    act(() => botao('Confirmar aprovação').click());
    expect(confirmou).toHaveBeenCalledWith('');
  });
});

describe('the decision, first on the order', () => {
  it('says who (by name), when and the note', () => {
    tela.render(<QuadroDecisao d={{ aprovado: false, quem: 'Sandra Supervisora', em: '2026-11-20T14:05:00Z', observacao: 'Desconto alto demais' }} />);
    const q = tela.container.querySelector('[data-testid=decisao-pedido]')!;
    expect(q.getAttribute('data-decisao')).toBe('reprovado');
    expect(q.textContent).toContain('Reprovado por Sandra Supervisora em 20/11/2026');
    expect(q.querySelector('[data-testid=decisao-nota]')?.textContent).toBe('Desconto alto demais');
  });
});
