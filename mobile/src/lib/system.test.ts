import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atualizacaoObrigatoria, compararVersoes, limparBloqueio, verificarVersao } from './version';
import { acessoAindaNaoRegistrado, aposLogin, checarVersao, registrarAcesso, registrarComLocalizacao } from './access';
import { descreverLocalizacao, obterPosicao } from './geo';
import { ERRO_DADOS_ACESSO, ERRO_EMPRESA_VERSAO } from './storage';

const calls: { url: string; body: unknown }[] = [];
function stubFetch(responder: (url: string) => unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
      return new Response(JSON.stringify(responder(url)), { status: 200 });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  limparBloqueio();
});

describe('version comparison', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0.0', '1.0.1', -1],
    ['1.10.0', '1.9.9', 1],
    ['2', '1.99.99', 1],
    ['1.2', '1.2.0', 0],
    ['0.9.9', '1.0.0', -1],
  ])('%s vs %s', (a, b, expected) => {
    expect(compararVersoes(a, b)).toBe(expected);
  });

  it.each([
    ['below the minimum', '1.0.0', { versao_minima: '1.2.0', atualizacao_obrigatoria: false }, true],
    ['at the minimum', '1.2.0', { versao_minima: '1.2.0', atualizacao_obrigatoria: false }, false],
    ['above the minimum', '1.3.0', { versao_minima: '1.2.0', atualizacao_obrigatoria: false }, false],
    ['no minimum', '1.0.0', { versao_minima: '', atualizacao_obrigatoria: false }, false],
    ['the server says so', '9.0.0', { versao_minima: '1.0.0', atualizacao_obrigatoria: true }, true],
  ])('mandatory update: %s', (_n, app, r, expected) => {
    expect(atualizacaoObrigatoria(app, r)).toBe(expected);
  });
});

describe('POST {api}/sistema/versao', () => {
  it('throws the spec error without empresa in storage', async () => {
    await expect(verificarVersao('web')).rejects.toThrow(ERRO_EMPRESA_VERSAO);
    expect(ERRO_EMPRESA_VERSAO).toBe('Empresa não encontrada no Armazenamento Local, ao Pegar Versão');
  });

  it.each(['web', 'android'] as const)('sends exactly empresa and tipo (%s)', async (tipo) => {
    localStorage.setItem('empresa', 'demo');
    stubFetch(() => ({ tipo, versao_atual: '1.0.0', versao_minima: '0.0.1', atualizacao_obrigatoria: false, url_atualizacao: '', mensagem: '' }));
    await verificarVersao(tipo);
    expect(calls).toEqual([{ url: '/crm/sistema/versao', body: { empresa: 'demo', tipo } }]);
  });
});

describe('POST {api}/sistema/logacesso', () => {
  it.each([
    ['nothing stored', {}],
    ['no operador', { empresa: 'demo', localizacao: 'desconhecida' }],
    ['no localizacao', { empresa: 'demo', operador: 'op-1' }],
    ['no empresa', { operador: 'op-1', localizacao: 'desconhecida' }],
  ])('throws the spec error with %s', async (_n, stored) => {
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v as string);
    await expect(registrarAcesso('x', null)).rejects.toThrow(ERRO_DADOS_ACESSO);
    expect(ERRO_DADOS_ACESSO).toBe('Empresa, Operador ou Localização não encontrados no Armazenamento Local');
  });

  it.each([
    ['without a position: null coordinates', null, { latitude: null, longitude: null }],
    ['with a position', { latitude: -23.5, longitude: -46.6 }, { latitude: -23.5, longitude: -46.6 }],
  ])('%s', async (_n, pos, coords) => {
    localStorage.setItem('empresa', 'demo');
    localStorage.setItem('operador', 'op-1');
    localStorage.setItem('localizacao', 'desconhecida');
    stubFetch(() => ({ id: 'a1', registrado_em: '2026-01-01T00:00:00Z' }));
    await registrarAcesso('Login com e-mail e senha', pos);
    expect(calls).toEqual([
      {
        url: '/crm/sistema/logacesso',
        body: { empresa: 'demo', operador: 'op-1', historico: 'Login com e-mail e senha', localizacao: 'desconhecida', ...coords },
      },
    ]);
  });

  it.each([
    ['position refused', null, 'desconhecida', null],
    ['position known', { latitude: -23.55052, longitude: -46.63331 }, '-23.55052, -46.63331', '-23.55052'],
  ])('after sign-in (%s): localizacao stored before the call, version checked', async (_n, pos, localizacao, lat) => {
    localStorage.setItem('empresa', 'demo');
    localStorage.setItem('operador', 'op-1');
    let localizacaoNoInicio: string | null = null;
    stubFetch((url) =>
      url.endsWith('/versao')
        ? { tipo: 'web', versao_atual: '1.0.0', versao_minima: '', atualizacao_obrigatoria: false, url_atualizacao: '', mensagem: '' }
        : { id: 'a', registrado_em: '' },
    );
    await aposLogin('Login', {
      posicao: async () => {
        localizacaoNoInicio = localStorage.getItem('localizacao');
        return pos;
      },
    });
    expect(localizacaoNoInicio).toBe('desconhecida');
    expect(localStorage.getItem('localizacao')).toBe(localizacao);
    expect(localStorage.getItem('latitude')).toBe(lat);
    expect(calls.map((c) => c.url).sort()).toEqual(['/crm/sistema/logacesso', '/crm/sistema/versao']);
    const acesso = calls.find((c) => c.url.endsWith('logacesso'))!.body as Record<string, unknown>;
    expect(acesso.localizacao).toBe(localizacao);
    expect(acesso.latitude).toBe(pos ? pos.latitude : null);
  });
});

describe('one access-log row per sign-in (issue 21 §5)', () => {
  beforeEach(() => sessionStorage.clear());

  it('a sign-in is this tab’s logged access: the opening after it (a reload, the restored session) does not log again', async () => {
    localStorage.setItem('empresa', 'demo');
    localStorage.setItem('operador', 'op-1');
    localStorage.setItem('UID', 'u-1');
    stubFetch((url) => (url.endsWith('/versao') ? { versao_minima: '' } : { id: 'a', registrado_em: '' }));
    await aposLogin('Login com e-mail e senha', { posicao: async () => null });
    expect(calls.filter((c) => c.url.endsWith('/logacesso'))).toHaveLength(1);
    // What StartupTasks asks before logging the opening of a restored session.
    expect(acessoAindaNaoRegistrado('u-1')).toBe(false);
    // Another operator in the same tab is another access.
    expect(acessoAindaNaoRegistrado('u-2')).toBe(true);
    expect(acessoAindaNaoRegistrado('u-2')).toBe(false);
  });

  it('the tab counts as logged only once the server has the row: a sign-in whose row did not land leaves the opening to log it', async () => {
    localStorage.setItem('empresa', 'demo');
    localStorage.setItem('operador', 'op-3');
    localStorage.setItem('UID', 'u-3');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/logacesso') ? new Response('{"mensagem":"falhou"}', { status: 500 }) : new Response('{"versao_minima":""}', { status: 200 }))),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await aposLogin('Login com e-mail e senha', { posicao: async () => null });
    // This page does not log it twice, but a reload (a new page) finds the tab not logged.
    expect(acessoAindaNaoRegistrado('u-3')).toBe(false);
    expect(sessionStorage.getItem('crm:abertura-registrada')).not.toBe('u-3');
  });
});

describe('background calls offline (issue 21 §5)', () => {
  const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  const semRede = () => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  const comRede = () => {
    delete (navigator as unknown as Record<string, unknown>).onLine;
    Object.defineProperty(Navigator.prototype, 'onLine', onLine);
  };
  afterEach(() => {
    comRede();
    vi.restoreAllMocks();
  });

  it('the version check and the access log: no request, nothing in the console; sent once when the connection returns', async () => {
    localStorage.setItem('empresa', 'demo');
    localStorage.setItem('operador', 'op-1');
    stubFetch((url) => (url.endsWith('/versao') ? { versao_minima: '' } : { id: 'a', registrado_em: '' }));
    const erro = vi.spyOn(console, 'error');
    const aviso = vi.spyOn(console, 'warn');
    semRede();
    await checarVersao();
    await checarVersao();
    await registrarComLocalizacao('Abertura do aplicativo', { posicao: async () => null });
    expect(calls).toEqual([]);
    expect(erro).not.toHaveBeenCalled();
    expect(aviso).not.toHaveBeenCalled();
    comRede();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calls.map((c) => c.url).sort()).toEqual(['/crm/sistema/logacesso', '/crm/sistema/versao']));
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toHaveLength(2);
  });

  it('a failure that is not the connection is a console warning, never an error', async () => {
    localStorage.setItem('empresa', 'demo');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ mensagem: 'Falhou.' }), { status: 500 })),
    );
    const erro = vi.spyOn(console, 'error').mockImplementation(() => {});
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await checarVersao();
    expect(erro).not.toHaveBeenCalled();
    expect(aviso).toHaveBeenCalledWith('Verificação de versão falhou', expect.anything());
  });
});

describe('position within 5 s, never blocking', () => {
  const fakeGeo = (behave: 'ok' | 'deny' | 'never'): Geolocation =>
    ({
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        if (behave === 'ok') ok({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
        if (behave === 'deny') fail({ code: 1 } as GeolocationPositionError);
      },
    }) as unknown as Geolocation;

  it.each([
    ['allowed', 'ok', { latitude: 1, longitude: 2 }],
    ['denied', 'deny', null],
    ['prompt left open', 'never', null],
  ] as const)('%s', async (_n, behave, expected) => {
    const t0 = Date.now();
    await expect(obterPosicao(50, fakeGeo(behave))).resolves.toEqual(expected);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('no geolocation API → null', async () => {
    await expect(obterPosicao(50, undefined)).resolves.toBeNull();
  });

  it('describes the place', () => {
    expect(descreverLocalizacao(null)).toBe('desconhecida');
    expect(descreverLocalizacao({ latitude: -23.550521, longitude: -46.633309 })).toBe('-23.55052, -46.63331');
  });
});
