import type { CapacitorConfig } from '@capacitor/cli';

// Android build settings. The web build (npm run build) is copied into the app by
// `npx cap sync android`. Google sign-in needs the OAuth *web* client id of the Firebase project
// (its id tokens are what Firebase accepts): GOOGLE_SERVER_CLIENT_ID at sync time (or
// -PgoogleServerClientId / GOOGLE_SERVER_CLIENT_ID when Gradle builds, see app/build.gradle).
const googleServerClientId = process.env.GOOGLE_SERVER_CLIENT_ID || process.env.VITE_GOOGLE_SERVER_CLIENT_ID || '';

const config: CapacitorConfig = {
  appId: 'br.com.crmvendas.app',
  appName: 'CRM Vendas',
  webDir: 'dist',
  android: {
    // The app's origin is https://localhost; API calls go to VITE_API_BASE_URL.
    allowMixedContent: false,
  },
  plugins: {
    GoogleAuth: {
      scopes: ['profile', 'email'],
      // The Android plugin reads androidClientId, then clientId, then @string/server_client_id.
      ...(googleServerClientId ? { androidClientId: googleServerClientId, serverClientId: googleServerClientId } : {}),
      forceCodeForRefreshToken: false,
    },
  },
};

export default config;
