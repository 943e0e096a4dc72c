import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apagarDadosDoAparelho, pedido, STORE_META, transacao } from './device-db';
import { nomeDaEmpresa } from './empresa';
import { limparBloqueio, verificarVersao } from './version';

function responder(nome_empresa: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ tipo: 'web', versao_atual: '1.0.0', versao_minima: '0.0.1', atualizacao_obrigatoria: false, url_atualizacao: '', mensagem: '', nome_empresa }), { status: 200 })),
  );
}

beforeEach(async () => {
  await apagarDadosDoAparelho();
  localStorage.clear();
  localStorage.setItem('empresa', 'demo');
});
afterEach(() => {
  vi.unstubAllGlobals();
  limparBloqueio();
});

/** What the device database holds for the company, once the (asynchronous) write has landed. */
async function guardadoNoAparelho(): Promise<unknown> {
  const ler = () => transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get('empresa')));
  for (let i = 0; i < 100; i++) {
    const g = await ler();
    if (g) return g;
    await new Promise((r) => setTimeout(r, 20));
  }
  return ler();
}

describe('company name', () => {
  it('the version answer names the company; the id stays until then and for another company', async () => {
    expect(nomeDaEmpresa('demo')).toBe('demo');
    responder('Demo Distribuidora');
    await verificarVersao('web');
    expect(nomeDaEmpresa('demo')).toBe('Demo Distribuidora');
    expect(nomeDaEmpresa('outra')).toBe('outra');
    // The write lands before the next test wipes the device.
    expect(await guardadoNoAparelho()).toEqual({ id: 'demo', nome: 'Demo Distribuidora' });
  });

  it('is kept in the device database (not localStorage) and forgotten on sign-out', async () => {
    responder('Distribuidora São João');
    await verificarVersao('web');
    expect(await guardadoNoAparelho()).toEqual({ id: 'demo', nome: 'Distribuidora São João' });
    expect(Object.keys(localStorage)).toEqual(['empresa']);
    await apagarDadosDoAparelho();
    expect(nomeDaEmpresa('demo')).toBe('demo');
  });

  it('an answer without a name keeps the id', async () => {
    responder('');
    await verificarVersao('web');
    expect(nomeDaEmpresa('demo')).toBe('demo');
  });
});
