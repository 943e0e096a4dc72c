// Sign-out (SPEC §4): sign out, clear local and session storage but keep the remembered
// e-mail, wipe the device copy of data; the caller goes to '/'. The outbox is the other
// exception: what this user changed and did not send stays on the device, theirs, and is sent when
// they sign in again (lib/sync/saida; the "Sair" button says what waits before signing out).
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
