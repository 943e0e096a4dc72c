// Sign-up and password reset.
import { createUserWithEmailAndPassword, sendEmailVerification, sendPasswordResetEmail, signOut, updateProfile } from 'firebase/auth';
import { auth } from '../firebase';
import { mensagemErroLogin } from './messages';

export const MSG_CADASTRO_OK =
  'Conta criada. Enviamos um e-mail de verificação. Um administrador da sua empresa precisa adicionar este e-mail ao CRM antes do primeiro acesso.';
export const MSG_RESET_OK = 'Se houver uma conta com este e-mail, você receberá um link para criar uma nova senha.';
export const MSG_SENHAS_DIFERENTES = 'As senhas não conferem.';
export const MSG_SENHA_CURTA = 'A senha precisa ter pelo menos 6 caracteres.';
export const MSG_NOME_OBRIGATORIO = 'Informe seu nome.';

export type ResultadoConta = { ok: true } | { ok: false; message: string };

export function validarCadastro(nome: string, email: string, senha: string, confirmacao: string): string | null {
  if (!nome.trim()) return MSG_NOME_OBRIGATORIO;
  if (!email.trim()) return mensagemErroLogin({ code: 'auth/invalid-email' });
  if (senha.length < 6) return MSG_SENHA_CURTA;
  if (senha !== confirmacao) return MSG_SENHAS_DIFERENTES;
  return null;
}

/** Creates the account, sets its displayName, sends the verification e-mail and signs out. */
export async function cadastrar(nome: string, email: string, senha: string): Promise<ResultadoConta> {
  try {
    const { user } = await createUserWithEmailAndPassword(auth, email.trim(), senha);
    await updateProfile(user, { displayName: nome.trim() });
    await sendEmailVerification(user);
    await signOut(auth);
    return { ok: true };
  } catch (err) {
    const code = (err as { code?: string })?.code;
    if (code === 'auth/email-already-in-use') return { ok: false, message: 'Já existe uma conta com este e-mail.' };
    if (code === 'auth/weak-password') return { ok: false, message: MSG_SENHA_CURTA };
    return { ok: false, message: mensagemErroLogin(err) };
  }
}

export async function redefinirSenha(email: string): Promise<ResultadoConta> {
  try {
    await sendPasswordResetEmail(auth, email.trim());
    return { ok: true };
  } catch (err) {
    // Do not reveal whether an account exists.
    if ((err as { code?: string })?.code === 'auth/user-not-found') return { ok: true };
    return { ok: false, message: mensagemErroLogin(err) };
  }
}
