// Build-time configuration (Vite env, read at `npm run build`). See mobile/README.md.

const env = import.meta.env;

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-crm';

export const config = {
  /** The version this build runs, compared with the server's versao_minima. */
  appVersion: __APP_VERSION__,
  /** The Android package, also named by the e-mail sign-in link. */
  androidPackage: 'br.com.crmvendas.app',
  /** Minimum Android app version that may open the e-mail link (SPEC §9). */
  androidMinimumVersion: '1',
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY || 'fake-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
  },
  /** e.g. http://127.0.0.1:9099: connects the Auth emulator (local runs and tests). */
  authEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL ? trimSlash(env.VITE_FIREBASE_AUTH_EMULATOR_URL) : '',
  /** Firebase Hosting custom domain that serves the e-mail link (ActionCodeSettings.linkDomain). */
  linkDomain: env.VITE_FIREBASE_LINK_DOMAIN || '',
  /** The product API ({api} of the spec): same origin `/crm` unless configured (Android). */
  apiBase: trimSlash(env.VITE_API_BASE_URL || '/crm'),
  /** Where the e-mail link returns; defaults to this origin's /auth-links. */
  authLinkUrl: env.VITE_AUTH_LINK_URL || '',
  /**
   * How the data controller (the company using the app) is reached about personal data (LGPD):
   * an e-mail or a page, shown on /privacidade; empty when the deployment did not set it.
   */
  contatoPrivacidade: (env.VITE_CONTATO_PRIVACIDADE || '').trim(),
} as const;

export const AUTH_LINKS_PATH = '/auth-links';

/** The continue URL of the e-mail sign-in link. */
export function authLinkContinueUrl(): string {
  return config.authLinkUrl || `${window.location.origin}${AUTH_LINKS_PATH}`;
}
