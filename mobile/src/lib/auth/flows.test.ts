import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The identity provider's client and the app's Firebase instance are replaced: these tests
// cover what the app does with their answers.
const fb = vi.hoisted(() => ({
  signInWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  signOut: vi.fn(),
  sendSignInLinkToEmail: vi.fn(),
  isSignInWithEmailLink: vi.fn(),
  signInWithEmailLink: vi.fn(),
}));
vi.mock('firebase/auth', () => fb);
vi.mock('../firebase', () => ({ auth: { name: 'test-auth' } }));
const apos = vi.hoisted(() => ({ aposLogin: vi.fn(async () => {}) }));
vi.mock('../access', () => apos);

import { concluirLink, configuracaoDoLink, enviarLink, entrarComSenha } from './flows';

function user(overrides: Partial<{ uid: string; email: string; displayName: string | null; emailVerified: boolean }> = {}) {
  return {
    uid: 'uid-ana',
    email: 'ana@demo.example.com',
    displayName: 'Ana',
    emailVerified: true,
    getIdToken: vi.fn(async () => 'id-token'),
    ...overrides,
  };
}

const info = { empresa: 'demo', id: 'op-3', nome_operador: 'Ana Vendedora', perfil_app: 'VENDEDOR', exibir_medida: false };
let operatorLookup: unknown[] = [info];
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => new Response(JSON.stringify(url.includes('/info/operador/') ? operatorLookup : {}), { status: 200 }));

function stored(): string[] {
  return Object.keys({ ...localStorage }).sort();
}

beforeEach(() => {
  localStorage.clear();
  operatorLookup = [info];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  Object.values(fb).forEach((f) => f.mockReset());
  apos.aposLogin.mockClear();
  fb.signOut.mockResolvedValue(undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('password sign-in (SPEC §4)', () => {
  it('loads the operator (first entry), stores it and goes to /crm-home', async () => {
    const u = user();
    operatorLookup = [info, { ...info, id: 'other' }];
    fb.signInWithEmailAndPassword.mockResolvedValue({ user: u });
    await expect(entrarComSenha(' ana@demo.example.com ', 'demo1234', true)).resolves.toEqual({ ok: true, to: '/crm-home' });
    expect(fb.signInWithEmailAndPassword).toHaveBeenCalledWith({ name: 'test-auth' }, 'ana@demo.example.com', 'demo1234');
    expect(fetchMock.mock.calls[0][0]).toBe('/crm/info/operador/uid-ana');
    expect((fetchMock.mock.calls[0][1]!.headers as Record<string, string>).Authorization).toBe('Bearer id-token');
    expect(localStorage.getItem('operador')).toBe('op-3');
    expect(stored()).toEqual(
      ['UID', 'empresa', 'filtro_vendedor', 'filtro_vendedor_id', 'firebase_email', 'firebase_nome', 'medida', 'nome_operador', 'operador', 'perfil', 'rememberedEmail', 'usuario'].sort(),
    );
    expect(apos.aposLogin).toHaveBeenCalledWith('Login com e-mail e senha');
    expect(fb.signOut).not.toHaveBeenCalled();
  });

  it.each([
    ['checked', true, 'ana@demo.example.com'],
    ['unchecked', false, null],
  ])('"Lembrar meu e-mail" %s', async (_n, lembrar, expected) => {
    localStorage.setItem('rememberedEmail', 'antigo@x.com');
    fb.signInWithEmailAndPassword.mockResolvedValue({ user: user() });
    await entrarComSenha('ana@demo.example.com', 'x', lembrar);
    expect(localStorage.getItem('rememberedEmail')).toBe(expected);
  });

  it('an unverified e-mail: verification sent, signed out, exact alert, nothing stored', async () => {
    const u = user({ emailVerified: false });
    fb.signInWithEmailAndPassword.mockResolvedValue({ user: u });
    fb.sendEmailVerification.mockResolvedValue(undefined);
    await expect(entrarComSenha('ana@demo.example.com', 'x', false)).resolves.toEqual({
      ok: false,
      header: 'Erro de Login',
      message: 'Seu email não foi verificado. Verifique sua caixa de entrada.',
    });
    expect(fb.sendEmailVerification).toHaveBeenCalledWith(u);
    expect(fb.signOut).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stored()).toEqual([]);
  });

  it('a verified e-mail gets no verification e-mail', async () => {
    fb.signInWithEmailAndPassword.mockResolvedValue({ user: user() });
    await entrarComSenha('ana@demo.example.com', 'x', false);
    expect(fb.sendEmailVerification).not.toHaveBeenCalled();
  });

  it('no operator for the uid: exact alert, signed out, nothing stored', async () => {
    operatorLookup = [];
    fb.signInWithEmailAndPassword.mockResolvedValue({ user: user() });
    await expect(entrarComSenha('ana@demo.example.com', 'x', false)).resolves.toEqual({
      ok: false,
      header: 'Erro de Login',
      message: 'Nenhum usuário encontrado com este e-mail.',
    });
    expect(fb.signOut).toHaveBeenCalled();
    expect(stored()).toEqual([]);
    expect(apos.aposLogin).not.toHaveBeenCalled();
  });

  it('the lookup fails: the server message, signed out', async () => {
    fb.signInWithEmailAndPassword.mockResolvedValue({ user: user() });
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ mensagem: 'Operador desativado.' }), { status: 403 }));
    await expect(entrarComSenha('a@b.c', 'x', false)).resolves.toMatchObject({ ok: false, message: 'Operador desativado.' });
    expect(fb.signOut).toHaveBeenCalled();
  });

  it.each([
    ['auth/wrong-password', 'A senha fornecida é incorreta.'],
    ['auth/user-not-found', 'Não há registro de usuário correspondente a este e-mail.'],
    ['auth/invalid-credential', 'Credencial inválida.'],
    ['auth/quota-exceeded', 'Erro desconhecido. Tente novamente mais tarde.'],
  ])('provider error %s → alert "Erro de Login"', async (code, message) => {
    fb.signInWithEmailAndPassword.mockRejectedValue({ code });
    await expect(entrarComSenha('a@b.c', 'x', false)).resolves.toEqual({ ok: false, header: 'Erro de Login', message });
  });
});

describe('e-mail link (SPEC §4)', () => {
  it('sends the link to the app with the Android package and minimum version 1; keeps emailParaLogin', async () => {
    fb.sendSignInLinkToEmail.mockResolvedValue(undefined);
    await expect(enviarLink(' ana@demo.example.com ')).resolves.toEqual({
      ok: true,
      header: 'Link enviado',
      message: 'Verifique seu e-mail e clique no link para concluir o login.',
    });
    expect(localStorage.getItem('emailParaLogin')).toBe('ana@demo.example.com');
    const [, email, settings] = fb.sendSignInLinkToEmail.mock.calls[0];
    expect(email).toBe('ana@demo.example.com');
    expect(settings).toEqual({
      url: `${window.location.origin}/auth-links`,
      handleCodeInApp: true,
      android: { packageName: 'br.com.crmvendas.app', installApp: true, minimumVersion: '1' },
    });
    expect(configuracaoDoLink().android?.minimumVersion).toBe('1');
  });

  it('a sending failure: alert "Erro"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fb.sendSignInLinkToEmail.mockRejectedValue({ code: 'auth/network-request-failed' });
    await expect(enviarLink('a@b.c')).resolves.toEqual({ ok: false, header: 'Erro', message: 'Não foi possível enviar o link. Tente novamente.' });
    expect(localStorage.getItem('emailParaLogin')).toBeNull();
  });

  const link = 'https://app.example.com/auth-links?mode=signIn&oobCode=abc&apiKey=k';

  it('completes with the stored e-mail, removes it and goes to /crm-home', async () => {
    localStorage.setItem('emailParaLogin', 'ana@demo.example.com');
    fb.isSignInWithEmailLink.mockReturnValue(true);
    fb.signInWithEmailLink.mockResolvedValue({ user: user() });
    await expect(concluirLink(link)).resolves.toEqual({ ok: true, to: '/crm-home' });
    expect(fb.signInWithEmailLink).toHaveBeenCalledWith({ name: 'test-auth' }, 'ana@demo.example.com', link);
    expect(localStorage.getItem('emailParaLogin')).toBeNull();
    expect(localStorage.getItem('empresa')).toBe('demo');
    expect(apos.aposLogin).toHaveBeenCalledWith('Login por link de e-mail');
  });

  it('no stored e-mail: the exact message, asking for the e-mail', async () => {
    fb.isSignInWithEmailLink.mockReturnValue(true);
    await expect(concluirLink(link)).resolves.toEqual({ ok: false, header: 'Erro', message: 'E-mail não encontrado. Tente novamente.', precisaEmail: true });
    expect(fb.signInWithEmailLink).not.toHaveBeenCalled();
  });

  it('an e-mail typed by the user completes it (link opened on another device)', async () => {
    fb.isSignInWithEmailLink.mockReturnValue(true);
    fb.signInWithEmailLink.mockResolvedValue({ user: user() });
    await expect(concluirLink(link, 'ana@demo.example.com')).resolves.toEqual({ ok: true, to: '/crm-home' });
    expect(fb.signInWithEmailLink).toHaveBeenCalledWith({ name: 'test-auth' }, 'ana@demo.example.com', link);
  });

  it.each([
    ['not a sign-in link', false, null],
    ['an expired or used code', true, { code: 'auth/invalid-action-code' }],
  ])('%s: the completion failure message', async (_n, isLink, rejection) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('emailParaLogin', 'ana@demo.example.com');
    fb.isSignInWithEmailLink.mockReturnValue(isLink);
    if (rejection) fb.signInWithEmailLink.mockRejectedValue(rejection);
    await expect(concluirLink(link)).resolves.toEqual({
      ok: false,
      header: 'Erro',
      message: 'Não foi possível concluir o login. Verifique o link ou tente novamente.',
    });
    expect(localStorage.getItem('emailParaLogin')).toBe('ana@demo.example.com');
  });
});
