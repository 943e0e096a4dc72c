// Firebase app and Auth. Loaded on demand (lib/session.ts imports it dynamically) so that the
// first paint never waits for it. Only the modular pieces used here are bundled; the popup and
// redirect resolver is loaded by the Google flow alone (lib/auth/google.ts).
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { config } from '../config/env';
import { setTokenProvider } from './api/client';

export const app = initializeApp(config.firebase);

// IndexedDB only: the session must not land in localStorage, whose keys are those of SPEC §3.
export const auth: Auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, inMemoryPersistence],
});
auth.languageCode = 'pt-BR';

if (config.authEmulatorUrl) {
  connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
}

setTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
