import { describe, expect, it } from 'vitest';
import { codigoDoErro, mensagemErroLogin, MSG_ERRO_DESCONHECIDO, MSG_ERRO_SEM_CODIGO } from './messages';

describe("'Erro de Login' message by provider error code (SPEC §8)", () => {
  it.each([
    ['auth/invalid-email', 'O endereço de e-mail está mal formatado.'],
    ['auth/user-disabled', 'Este usuário foi desativado.'],
    ['auth/user-not-found', 'Não há registro de usuário correspondente a este e-mail.'],
    ['auth/wrong-password', 'A senha fornecida é incorreta.'],
    ['auth/too-many-requests', 'Muitas tentativas falharam. Tente novamente mais tarde.'],
    ['auth/network-request-failed', 'Falha de rede. Verifique sua conexão.'],
    ['auth/operation-not-allowed', 'Este tipo de login não está habilitado.'],
    ['auth/invalid-credential', 'Credencial inválida.'],
    ['wrong-password', 'A senha fornecida é incorreta.'],
    ['auth/internal-error', MSG_ERRO_DESCONHECIDO],
    ['auth/popup-blocked', MSG_ERRO_DESCONHECIDO],
    ['12501', MSG_ERRO_DESCONHECIDO],
  ])('%s', (code, message) => {
    expect(mensagemErroLogin({ code })).toBe(message);
  });

  it.each([
    ['an Error without code', new Error('boom')],
    ['an empty code', { code: '' }],
    ['a non-string code', { code: 42 }],
    ['a string', 'falhou'],
    ['undefined', undefined],
    ['null', null],
  ])('%s → "Ocorreu um erro inesperado…"', (_n, err) => {
    expect(mensagemErroLogin(err)).toBe(MSG_ERRO_SEM_CODIGO);
  });

  it('the other-code and no-code messages are exact', () => {
    expect(MSG_ERRO_DESCONHECIDO).toBe('Erro desconhecido. Tente novamente mais tarde.');
    expect(MSG_ERRO_SEM_CODIGO).toBe('Ocorreu um erro inesperado. Verifique sua conexão ou tente novamente.');
  });

  it('strips the auth/ prefix', () => {
    expect(codigoDoErro({ code: 'auth/user-disabled' })).toBe('user-disabled');
  });
});
