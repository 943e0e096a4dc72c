// Google sign-in (SPEC §4). Android: the native plugin's id token → signInWithCredential.
// Web: a popup with account selection forced; popup blocked or closed → redirect. The popup and
// redirect code (browserPopupRedirectResolver) is only in this on-demand chunk.
import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  getRedirectResult,
  signInWithCredential,
  signInWithPopup,
  signInWithRedirect,
  type User,
} from 'firebase/auth';
import { auth, concluirComUsuario, HISTORICO, type Resultado } from './flows';
import { codigoDoErro, mensagemErroLogin, TITULO_ERRO_LOGIN } from './messages';
import { isNative } from '../platform';

/** Popup errors that fall back to the redirect flow. */
export const FALHAS_DE_POPUP = new Set(['popup-blocked', 'popup-closed-by-user', 'cancelled-popup-request']);

export type ResultadoGoogle = Resultado | { ok: 'redirecionando' } | { ok: 'cancelado' };

function provedor(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

async function entrarNativo(): Promise<ResultadoGoogle> {
  const { GoogleAuth } = await import('@codetrix-studio/capacitor-google-auth');
  let idToken: string;
  try {
    await GoogleAuth.initialize();
    const conta = await GoogleAuth.signIn();
    idToken = conta.authentication.idToken;
  } catch (err) {
    // 12501: the user closed Google's account chooser.
    const code = codigoDoErro(err);
    const msg = String((err as Error)?.message ?? err);
    if (code === '12501' || /cancel/i.test(msg)) return { ok: 'cancelado' };
    return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemErroLogin(err) };
  }
  let user: User;
  try {
    user = (await signInWithCredential(auth, GoogleAuthProvider.credential(idToken))).user;
  } catch (err) {
    return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemErroLogin(err) };
  }
  return concluirComUsuario(user, HISTORICO.googleNativo, '/crm-home');
}

export async function entrarComGoogle(): Promise<ResultadoGoogle> {
  if (isNative()) return entrarNativo();
  const provider = provedor();
  let user: User;
  try {
    user = (await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user;
  } catch (err) {
    if (FALHAS_DE_POPUP.has(codigoDoErro(err))) {
      try {
        await signInWithRedirect(auth, provider, browserPopupRedirectResolver);
        return { ok: 'redirecionando' };
      } catch (err2) {
        return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemErroLogin(err2) };
      }
    }
    return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemErroLogin(err) };
  }
  return concluirComUsuario(user, HISTORICO.google, '/crm-home');
}

/**
 * At start: the result of a Google redirect. A user → profile loaded → /home (SPEC §2);
 * none → a logged warning only (returns null).
 */
export async function processarRedirecionamento(): Promise<Resultado | null> {
  let user: User | null = null;
  try {
    user = (await getRedirectResult(auth, browserPopupRedirectResolver))?.user ?? null;
  } catch (err) {
    return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemErroLogin(err) };
  }
  if (!user) {
    console.warn('Nenhum login por redirecionamento pendente.');
    return null;
  }
  return concluirComUsuario(user, HISTORICO.googleRedirect, '/home');
}
