import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
vi.mock('@ionic/react', () => import('../../../test/tela').then((m) => m.ionicFalso));
import { criarPedido, tomarResultado, type OpcaoEscolha } from '../../../lib/escolha';
import EscolherPage, { rotuloSelecionarTodos } from './EscolherPage';
import { montarTela, Onde } from '../../../test/tela';


const tela = montarTela();
beforeEach(() => {
  sessionStorage.clear();
});

function digitar(valor: string) {
  const input = tela.container.querySelector<HTMLInputElement>('input[name=busca]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, valor);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const botao = (texto: string) => [...tela.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(texto)) as HTMLButtonElement;
const linhas = () => [...tela.container.querySelectorAll('[data-testid=opcoes-escolha] li')];

// 2,000 customers, as the demo company has: a few of them in São José dos Campos.
const CIDADES = ['Campinas', 'Santos', 'Curitiba', 'Londrina', 'Belo Horizonte'];
const clientes: OpcaoEscolha[] = Array.from({ length: 2000 }, (_, i) => ({
  valor: `c${i}`,
  rotulo: `Cliente ${String(i).padStart(4, '0')}`,
  detalhe: i % 250 === 7 ? 'São José dos Campos' : CIDADES[i % CIDADES.length],
}));
const SJC = clientes.filter((c) => c.detalhe === 'São José dos Campos');

function abrir(opcoes: OpcaoEscolha[], multipla = true, selecionados: string[] = []) {
  const p = criarPedido({ finalidade: 'teste/clientes', titulo: 'Escolher clientes', opcoes, multipla, selecionados, voltarPara: '/carteira' });
  act(() =>
    tela.root.render(
      <MemoryRouter initialEntries={[`/escolher?pedido=${p.id}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/escolher" element={<EscolherPage />} />
          <Route path="*" element={<Onde />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('escolher with thousands of options', () => {
  it('puts only the rows in view in the DOM, in a list that tells each row its place', () => {
    abrir(clientes);
    const lista = tela.container.querySelector('[data-testid=opcoes-escolha]')!;
    expect(lista.getAttribute('role')).toBe('list');
    expect(lista.getAttribute('aria-label')).toBe('Escolher clientes');
    expect(linhas().length).toBeGreaterThan(5);
    expect(linhas().length).toBeLessThan(60);
    expect(linhas()[0].getAttribute('aria-posinset')).toBe('1');
    expect(linhas()[0].getAttribute('aria-setsize')).toBe('2000');
    // The list is as tall as all its rows, so the scroll bar is the whole list's.
    expect(parseInt((lista as HTMLElement).style.height, 10)).toBeGreaterThanOrEqual(2000 * 40);
    // Every row is a labelled checkbox.
    const primeira = linhas()[0].querySelector('label')!;
    expect(primeira.querySelector('input[type=checkbox]')).toBeTruthy();
    expect(primeira.textContent).toBe('Cliente 0000Campinas');
    expect(primeira.querySelector('small')?.textContent).toBe('Campinas');
    expect(tela.container.querySelector('[data-testid=contagem-escolha]')?.textContent).toBe('2.000 opção(ões) · 0 selecionado(s)');
    // The action bar comes after the list, not after 2,000 rows.
    expect(botao('Confirmar').textContent).toBe('Confirmar (0)');
  });

  it('searches without accents, selects all found in one tap and confirms them', () => {
    abrir(clientes, true, ['c1']);
    digitar('sao jose');
    expect(linhas().map((l) => l.textContent)).toEqual(SJC.map((c) => `${c.rotulo}${c.detalhe}`));
    expect(tela.container.querySelector('[data-testid=contagem-escolha]')?.textContent).toBe(`${SJC.length} de 2.000 encontrado(s) · 1 selecionado(s)`);
    const todos = botao('Selecionar todos');
    expect(todos.textContent).toBe(`Selecionar todos os ${SJC.length} encontrados`);
    act(() => todos.click());
    expect(linhas().every((l) => l.querySelector<HTMLInputElement>('input')!.checked)).toBe(true);
    expect(botao('Selecionar todos').disabled).toBe(true);
    expect(botao('Confirmar').textContent).toBe(`Confirmar (${SJC.length + 1})`);
    act(() => botao('Confirmar').click());
    expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/carteira');
    expect(tomarResultado('teste/clientes')?.valores).toEqual(['c1', ...SJC.map((c) => c.valor)]);
  });

  it('"Selecionar todos" without a search takes every option; "Limpar seleção" drops the whole selection', () => {
    abrir(clientes, true, ['c3']);
    act(() => botao('Selecionar todos os 2.000 encontrados').click());
    expect(botao('Confirmar').textContent).toBe('Confirmar (2000)');
    digitar('curitiba');
    expect(botao('Limpar seleção').disabled).toBe(false);
    act(() => botao('Limpar seleção').click());
    expect(botao('Confirmar').textContent).toBe('Confirmar (0)');
    expect(botao('Limpar seleção').disabled).toBe(true);
    act(() => linhas()[0].querySelector<HTMLInputElement>('input')!.click());
    act(() => botao('Confirmar').click());
    expect(tomarResultado('teste/clientes')?.valores).toEqual(['c2']);
  });

  it('a search with no match says so; the action bar stays', () => {
    abrir(clientes);
    digitar('xyz');
    expect(tela.container.textContent).toContain('Nenhuma opção encontrada.');
    expect(botao('Selecionar todos os 0 encontrados').disabled).toBe(true);
    act(() => botao('Cancelar').click());
    expect(tela.container.querySelector('[data-testid=onde]')?.textContent).toBe('/carteira');
    expect(tomarResultado('teste/clientes')).toBeNull();
  });

  it('single choice: no checkboxes nor "Selecionar todos", one tap answers', () => {
    abrir(clientes, false, ['c5']);
    expect(tela.container.querySelector('input[type=checkbox]')).toBeNull();
    expect(botao('Selecionar todos')).toBeUndefined();
    expect(botao('Confirmar')).toBeUndefined();
    digitar('cliente 0005');
    expect(linhas()).toHaveLength(1);
    expect(linhas()[0].querySelector('button')?.getAttribute('aria-current')).toBe('true');
    act(() => linhas()[0].querySelector('button')!.click());
    expect(tomarResultado('teste/clientes')?.valores).toEqual(['c5']);
  });

  it('names the count', () => {
    expect(rotuloSelecionarTodos(1)).toBe('Selecionar o 1 encontrado');
    expect(rotuloSelecionarTodos(2007)).toBe('Selecionar todos os 2.007 encontrados');
  });
});
