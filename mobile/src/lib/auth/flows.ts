// Sign-in flows of SPEC §4, exactly. Loaded on demand by the sign-in screens (it pulls Firebase).
import {
  isSignInWithEmailLink,
  sendEmailVerification,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut,
  type ActionCodeSettings,
  type User,
} from 'firebase/auth';
import { auth } from '../firebase';
import { api, mensagemDeErro, seg } from '../api/client';
import type { InfoOperador } from '../api/types';
import { KEYS, getItem, removeItem, setItem, storeOperatorProfile } from '../storage';
import { aposLogin } from '../access';
import { authLinkContinueUrl, config } from '../../config/env';
import { HISTORICO } from './historico';
import {
  MSG_EMAIL_NAO_ENCONTRADO,
  MSG_EMAIL_NAO_VERIFICADO,
  MSG_LINK_ENVIADO,
  MSG_LINK_FALHA_CONCLUSAO,
  MSG_LINK_FALHA_ENVIO,
  MSG_NENHUM_USUARIO,
  TITULO_ERRO,
  TITULO_ERRO_LOGIN,
  TITULO_LINK_ENVIADO,
  mensagemErroLogin,
} from './messages';

export { auth };

/** Where a flow ended: navigate `to`, or show an alert. */
export type Resultado =
  | { ok: true; to: string }
  | { ok: false; header: string; message: string; precisaEmail?: boolean };

export { HISTORICO };

async function sairSilencioso(): Promise<void> {
  try {
    await signOut(auth);
  } catch (err) {
    console.error('signOut falhou', err);
  }
}

/**
 * A user is signed in to Firebase: load the operator profile (first entry of
 * GET {api}/info/operador/{uid}), store it, start the version check and access log.
 */
export async function concluirComUsuario(user: User, historico: string, to: string): Promise<Resultado> {
  let lista: InfoOperador[];
  try {
    const token = await user.getIdToken();
    lista = await api<InfoOperador[]>(`/info/operador/${seg(user.uid)}`, { token });
  } catch (err) {
    await sairSilencioso();
    return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemDeErro(err) };
  }
  if (!Array.isArray(lista) || lista.length === 0) {
    await sairSilencioso();
    return { ok: false, header: TITULO_ERRO_LOGIN, message: MSG_NENHUM_USUARIO };
  }
  storeOperatorProfile(lista[0], user);
  void aposLogin(historico);
  return { ok: true, to };
}

/** E-mail and password → /crm-home. "Lembrar meu e-mail" fills rememberedEmail. */
export async function entrarComSenha(email: string, senha: string, lembrar: boolean): Promise<Resultado> {
  if (lembrar) setItem(KEYS.rememberedEmail, email.trim());
  else removeItem(KEYS.rememberedEmail);
  let user: User;
  try {
    user = (await signInWithEmailAndPassword(auth, email.trim(), senha)).user;
  } catch (err) {
    return { ok: false, header: TITULO_ERRO_LOGIN, message: mensagemErroLogin(err) };
  }
  if (!user.emailVerified) {
    try {
      await sendEmailVerification(user);
    } catch (err) {
      console.error('Envio da verificação de e-mail falhou', err);
    }
    await sairSilencioso();
    return { ok: false, header: TITULO_ERRO_LOGIN, message: MSG_EMAIL_NAO_VERIFICADO };
  }
  return concluirComUsuario(user, HISTORICO.senha, '/crm-home');
}

/** The e-mail link returns to the app's auth-links path and is handled in the app. */
export function configuracaoDoLink(): ActionCodeSettings {
  const settings: ActionCodeSettings = {
    url: authLinkContinueUrl(),
    handleCodeInApp: true,
    android: {
      packageName: config.androidPackage,
      installApp: true,
      minimumVersion: config.androidMinimumVersion,
    },
  };
  if (config.linkDomain) settings.linkDomain = config.linkDomain;
  return settings;
}

/** Sends the sign-in link; the e-mail waits in emailParaLogin. */
export async function enviarLink(email: string): Promise<{ ok: boolean; header: string; message: string }> {
  const e = email.trim();
  try {
    await sendSignInLinkToEmail(auth, e, configuracaoDoLink());
  } catch (err) {
    console.error('Envio do link falhou', err);
    return { ok: false, header: TITULO_ERRO, message: MSG_LINK_FALHA_ENVIO };
  }
  setItem(KEYS.emailParaLogin, e);
  return { ok: true, header: TITULO_LINK_ENVIADO, message: MSG_LINK_ENVIADO };
}

export function ehLinkDeLogin(url: string): boolean {
  try {
    return isSignInWithEmailLink(auth, url);
  } catch {
    return false;
  }
}

/**
 * Completes the e-mail link sign-in with the stored e-mail (or one typed by the user when the
 * link was opened on another device) → /crm-home.
 */
export async function concluirLink(url: string, emailDigitado?: string): Promise<Resultado> {
  const email = (emailDigitado || '').trim() || getItem(KEYS.emailParaLogin);
  if (!email) return { ok: false, header: TITULO_ERRO, message: MSG_EMAIL_NAO_ENCONTRADO, precisaEmail: true };
  if (!ehLinkDeLogin(url)) return { ok: false, header: TITULO_ERRO, message: MSG_LINK_FALHA_CONCLUSAO };
  let user: User;
  try {
    user = (await signInWithEmailLink(auth, email, url)).user;
  } catch (err) {
    console.error('Conclusão do link falhou', err);
    return { ok: false, header: TITULO_ERRO, message: MSG_LINK_FALHA_CONCLUSAO };
  }
  removeItem(KEYS.emailParaLogin);
  return concluirComUsuario(user, HISTORICO.link, '/crm-home');
}
