/** `historico` of the access log, by how the operator came in. */
export const HISTORICO = {
  senha: 'Login com e-mail e senha',
  link: 'Login por link de e-mail',
  google: 'Login com Google',
  googleRedirect: 'Login com Google (redirecionamento)',
  googleNativo: 'Login com Google (Android)',
  abertura: 'Abertura do aplicativo',
} as const;
