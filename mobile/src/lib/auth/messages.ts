// Messages of SPEC §4 and §8, exactly.

export const TITULO_ERRO_LOGIN = 'Erro de Login';
export const TITULO_ERRO = 'Erro';
export const TITULO_LINK_ENVIADO = 'Link enviado';

export const MSG_LINK_ENVIADO = 'Verifique seu e-mail e clique no link para concluir o login.';
export const MSG_LINK_FALHA_ENVIO = 'Não foi possível enviar o link. Tente novamente.';
export const MSG_LINK_FALHA_CONCLUSAO = 'Não foi possível concluir o login. Verifique o link ou tente novamente.';
export const MSG_EMAIL_NAO_ENCONTRADO = 'E-mail não encontrado. Tente novamente.';
export const MSG_EMAIL_NAO_VERIFICADO = 'Seu email não foi verificado. Verifique sua caixa de entrada.';
export const MSG_NENHUM_USUARIO = 'Nenhum usuário encontrado com este e-mail.';

export const MSG_ERRO_DESCONHECIDO = 'Erro desconhecido. Tente novamente mais tarde.';
export const MSG_ERRO_SEM_CODIGO = 'Ocorreu um erro inesperado. Verifique sua conexão ou tente novamente.';

/** Login error messages by identity-provider error code (without the `auth/` prefix). */
export const MENSAGENS_ERRO_LOGIN: Readonly<Record<string, string>> = {
  'invalid-email': 'O endereço de e-mail está mal formatado.',
  'user-disabled': 'Este usuário foi desativado.',
  'user-not-found': 'Não há registro de usuário correspondente a este e-mail.',
  'wrong-password': 'A senha fornecida é incorreta.',
  'too-many-requests': 'Muitas tentativas falharam. Tente novamente mais tarde.',
  'network-request-failed': 'Falha de rede. Verifique sua conexão.',
  'operation-not-allowed': 'Este tipo de login não está habilitado.',
  'invalid-credential': 'Credencial inválida.',
};

/** The code of a provider error (`auth/wrong-password` → `wrong-password`), or '' without one. */
export function codigoDoErro(err: unknown): string {
  if (!err || typeof err !== 'object') return '';
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || code === '') return '';
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/** The message of the 'Erro de Login' alert for an error thrown by a sign-in call. */
export function mensagemErroLogin(err: unknown): string {
  const code = codigoDoErro(err);
  if (!code) return MSG_ERRO_SEM_CODIGO;
  return MENSAGENS_ERRO_LOGIN[code] ?? MSG_ERRO_DESCONHECIDO;
}
