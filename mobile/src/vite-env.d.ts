/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
  readonly VITE_FIREBASE_LINK_DOMAIN?: string;
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_AUTH_LINK_URL?: string;
  readonly VITE_GOOGLE_SERVER_CLIENT_ID?: string;
  readonly VITE_CONTATO_PRIVACIDADE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
