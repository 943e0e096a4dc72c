import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The API's answers: a plain function recording its calls.
const api = vi.hoisted(() => {
  const estado = { resposta: (): Promise<unknown> => Promise.resolve(undefined), calls: [] as string[] };
  return Object.assign(
    (rota: string) => {
      estado.calls.push(rota);
      return estado.resposta();
    },
    { estado },
  );
});
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));

import { montarTela } from '../../../test/tela';
import { SugestoesDoCliente } from './SugestoesDoCliente';

const tela = montarTela();
const SUGESTOES = [
  { produto_id: 'p1', descricao: 'Açúcar Cristal 5kg', unidade: 'FD', quantidade_usual: '12', ultima_compra: '2026-08-10', meses_comprados: ['2026-05', '2026-06', '2026-07', '2026-08'] },
  { produto_id: 'p2', descricao: 'Café 500g', unidade: 'CX', quantidade_usual: '6', ultima_compra: '2026-07-01', meses_comprados: ['2026-06', '2026-07'] },
];
beforeEach(() => {
  api.estado.calls.length = 0;
  api.estado.resposta = () => Promise.resolve({ sugestoes: SUGESTOES });
});
afterEach(() => vi.restoreAllMocks());

async function abrir() {
  await act(async () => {
    tela.render(
      <QueryClientProvider client={new QueryClient()}>
        <SugestoesDoCliente clienteId="cliente 1" />
      </QueryClientProvider>,
    );
  });
  // Until the answer has been read (the query settles a few ticks later).
  for (let i = 0; i < 20 && api.estado.calls.length > 0; i++) {
    await act(async () => {
      await new Promise((ok) => setTimeout(ok, 0));
    });
    if (tela.container.querySelector('[data-testid=sugestoes-cliente]')) break;
  }
}

describe('the customer file: what the customer stopped buying', () => {
  it('lists each product with the usual quantity, the months and the last purchase, the most usual first', async () => {
    await abrir();
    expect(api.estado.calls).toEqual(['/vendas/sugestoes/cliente%201']);
    const secao = tela.container.querySelector('[data-testid=sugestoes-cliente]');
    expect(secao?.textContent).toContain('2 itens que este cliente costuma comprar e não compra há mais de 45 dias.');
    const linhas = [...tela.container.querySelectorAll('[data-testid=sugestao]')].map((l) => l.textContent);
    expect(linhas).toEqual([
      'Açúcar Cristal 5kg12 FD · comprou em 4 dos últimos 6 meses · última compra 10/08/2026',
      'Café 500g6 CX · comprou em 2 dos últimos 6 meses · última compra 01/07/2026',
    ]);
  });

  it('has no section when there is nothing to suggest, or when the server fails (no error on the file)', async () => {
    api.estado.resposta = () => Promise.resolve({ sugestoes: [] });
    await abrir();
    expect(tela.container.querySelector('[data-testid=sugestoes-cliente]')).toBeNull();
    api.estado.resposta = () => Promise.reject(new Error('rede'));
    await abrir();
    expect(tela.container.querySelector('[data-testid=sugestoes-cliente]')).toBeNull();
    expect(tela.container.textContent).toBe('');
  });

  it('offline: not asked, no section, no error', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await abrir();
    expect(api.estado.calls).toEqual([]);
    expect(tela.container.textContent).toBe('');
  });
});
