import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvisoNovaVersao } from './AvisoNovaVersao';
import { avisarNovaVersao, lerAviso, reiniciarAviso } from './estado';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('"Nova versão disponível" banner', () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    reiniciarAviso();
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(() => root.render(<AvisoNovaVersao />));
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const botao = (nome: string) =>
    [...container.querySelectorAll('button')].find((b) => b.textContent === nome || b.getAttribute('aria-label') === nome);

  it('shows nothing until a new version is waiting', () => {
    expect(container.innerHTML).toBe('');
  });

  it('offers the new version without blocking; "Atualizar" activates it once', () => {
    const ativar = vi.fn();
    act(() => avisarNovaVersao(ativar));
    const aviso = container.querySelector('[role=status]');
    expect(aviso?.textContent).toContain('Nova versão disponível');
    expect(container.querySelector('[aria-modal]')).toBeNull();

    act(() => botao('Atualizar')!.click());
    expect(ativar).toHaveBeenCalledTimes(1);
    expect(botao('Atualizando…')?.disabled).toBe(true);
    expect(botao('Agora não')).toBeUndefined();
    act(() => botao('Atualizando…')!.click());
    expect(ativar).toHaveBeenCalledTimes(1);
  });

  it('"Agora não" hides it; a version found again shows it again', () => {
    const ativar = vi.fn();
    act(() => avisarNovaVersao(ativar));
    act(() => botao('Agora não')!.click());
    expect(container.innerHTML).toBe('');
    expect(lerAviso().visivel).toBe(false);
    expect(ativar).not.toHaveBeenCalled();
    act(() => avisarNovaVersao(ativar));
    expect(container.textContent).toContain('Nova versão disponível');
  });
});
