// `npm run build:e2e`: a build for the end-to-end tests into dist-e2e/, talking to the Auth
// emulator at FIREBASE_AUTH_EMULATOR_HOST (default 127.0.0.1:9099). Serve it with
// CRM_WEB_DIR=mobile/dist-e2e; `npm run build` (dist/) stays as configured.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
execFileSync('npx', ['vite', 'build', '--outDir', 'dist-e2e', '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${host}` },
});
