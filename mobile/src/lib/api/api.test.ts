import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiArquivo, ApiError, buildUrl, mensagemDeErro, MENSAGEM_FALHA_REDE, Motivo, setTokenProvider, temMotivo } from './client';
import { buscarCep, normalizarCep } from '../cep';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenProvider(async () => null);
});

describe('api client', () => {
  it('calls {api}{path} with the bearer token and JSON body', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetch);
    setTokenProvider(async () => 'tok');
    await expect(api('/sistema/versao', { method: 'POST', body: { empresa: 'e', tipo: 'web' } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/crm/sistema/versao');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body as string)).toEqual({ empresa: 'e', tipo: 'web' });
  });

  it('a file answer (a photo) comes as bytes with the token sent; an error as the server said', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));
    vi.stubGlobal('fetch', fetch);
    setTokenProvider(async () => 'tok');
    const b = await apiArquivo('/produtos/p1/foto', { query: { tamanho: 'miniatura' } });
    expect(b.type).toBe('image/jpeg');
    expect(new Uint8Array(await b.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/crm/produtos/p1/foto?tamanho=miniatura');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { mensagem: 'Produto sem foto.' })));
    const err = (await apiArquivo('/produtos/p1/foto').catch((e) => e)) as ApiError;
    expect(err.status).toBe(404);
    expect(mensagemDeErro(err)).toBe('Produto sem foto.');
  });

  it('drops empty query values', () => {
    expect(buildUrl('/operadores', { q: '', page_size: 50, incluir_inativos: true, page_token: undefined })).toBe('/crm/operadores?page_size=50&incluir_inativos=true');
  });

  it.each([
    [
      'the server message',
      jsonResponse(403, { status: 403, code: 'PERMISSION_DENIED', mensagem: 'Sem permissão.', message: 'denied', campos: [] }),
      403,
      'Sem permissão.',
    ],
    ['field violations', jsonResponse(400, { mensagem: 'Dados inválidos.', campos: [{ campo: 'email', descricao: 'Obrigatório.' }] }), 400, 'Dados inválidos.'],
    ['a body that is not JSON', new Response('<html>', { status: 502 }), 502, 'Não foi possível concluir a operação. Tente novamente.'],
  ])('errors carry %s', async (_n, response, status, mensagem) => {
    vi.stubGlobal('fetch', vi.fn(async () => response));
    const err = (await api('/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(status);
    expect(mensagemDeErro(err)).toBe(mensagem);
  });

  it('an error carries its reason and details, which the app acts on', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(409, {
      status: 409, code: 'AlreadyExists', mensagem: 'Já existe um cliente com este documento: Mercado X.',
      motivo: 'DOCUMENTO_DUPLICADO', detalhes: { cliente_id: 'c-1' },
    })));
    const err = await api('/clientes', { method: 'POST', body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(temMotivo(err, Motivo.DocumentoDuplicado)).toBe(true);
    expect(temMotivo(err, Motivo.VersaoDesatualizada)).toBe(false);
    expect((err as ApiError).detalhes.cliente_id).toBe('c-1');
    // An answer without a reason (an older server, a proxy) has none.
    expect(new ApiError(409, { mensagem: 'x' }).motivo).toBe('');
  });

  it('a network failure is a status-0 ApiError with the network message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = (await api('/x').catch((e) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.mensagem).toBe(MENSAGEM_FALHA_REDE);
  });
});

describe('CEP (SPEC §5): 8 digits after stripping, else no call; used only on 200 without erro', () => {
  it.each([
    ['01001-000', '01001000'],
    ['01.001-000', '01001000'],
    ['0100100', null],
    ['010010000', null],
    ['', null],
    ['abcdefgh', null],
  ])('normalizarCep(%j) = %j', (input, expected) => {
    expect(normalizarCep(input)).toBe(expected);
  });

  const endereco = { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', ddd: '11' };

  it.each([
    ['7 digits: no call', '0100100', null, 0, undefined],
    ['200: the address', '01001-000', jsonResponse(200, endereco), 1, endereco],
    ['200 with erro: nothing', '99999-999', jsonResponse(200, { erro: true }), 1, undefined],
    ['404 (not found): nothing', '99999-999', jsonResponse(404, { mensagem: 'CEP não encontrado' }), 1, undefined],
    ['503 (public service down): nothing', '01001-000', jsonResponse(503, { mensagem: 'Indisponível' }), 1, undefined],
  ])('%s', async (_n, cep, response, calls, expected) => {
    const fetcher = vi.fn(async () => response as Response);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(buscarCep(cep, { fetcher, token: 'tok' })).resolves.toEqual(expected);
    expect(fetcher).toHaveBeenCalledTimes(calls);
    if (calls) {
      const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(`/crm/cep/${normalizarCep(cep)}`);
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    }
    if (expected === undefined && calls && (response as Response).status !== 200) expect(error).toHaveBeenCalled();
  });

  it('a network failure is logged and yields nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(buscarCep('01001000', { fetcher: async () => Promise.reject(new Error('offline')), token: null })).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
  });
});
