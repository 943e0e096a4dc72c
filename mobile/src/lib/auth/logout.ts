// Sign-out (SPEC §4): sign out, clear local and session storage but keep the remembered
// e-mail, wipe the device copy of data; the caller goes to '/'.
import { signOut } from 'firebase/auth';
import { auth } from '../firebase';
import { clearOnLogout } from '../storage';
import { isNative } from '../platform';
import { limparBloqueio } from '../version';
import { apagarDadosDoAparelho } from '../device-db';

export async function sair(): Promise<void> {
  try {
    await signOut(auth);
  } catch (err) {
    console.error('signOut falhou', err);
  }
  if (isNative()) {
    try {
      const { GoogleAuth } = await import('@codetrix-studio/capacitor-google-auth');
      await GoogleAuth.signOut();
    } catch {
      /* not signed in with Google */
    }
  }
  clearOnLogout();
  limparBloqueio();
  await apagarDadosDoAparelho();
}
