/// <reference types="vitest/config" />
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { navegacoesForaDoApp } from './src/app/pwa/navegacao.js';
import { licencas } from './src/app/build/licencas.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Ionic's packages declare no `sideEffects`, so without this every Ionic component ships in
// the first chunk (see ARCHITECTURE.md, "Facts about the machines"). Their JS modules only
// define components when asked to; their CSS must stay.
const ionicModule = /[\\/]node_modules[\\/]@ionic[\\/]/;
const cssFile = /\.css(\?|$)/;

/**
 * Writes `<file>.gz` and `<file>.br` next to every JS, CSS, HTML, SVG and JSON file of the build,
 * so the server (crm) can send them compressed without compressing on every request. Runs last,
 * after vite-plugin-pwa has written sw.js and the Workbox runtime.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'crm-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string) => {
          for (const e of readdirSync(dir, { withFileTypes: true })) {
            const p = path.join(dir, e.name);
            if (e.isDirectory()) walk(p);
            else if (/\.(js|css|html|svg|json)$/.test(e.name)) {
              const data = readFileSync(p);
              writeFileSync(`${p}.gz`, gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }));
              writeFileSync(`${p}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
            }
          }
        };
        walk(outDir);
      },
    },
  };
}

/** Screens worth fetching before the app's code runs, when the page is opened on their path. */
const PRELOAD_ROUTES: Record<string, string> = {
  '/': 'src/features/public/components/HomePage.tsx',
  '/home': 'src/features/public/components/HomePage.tsx',
  '/signin': 'src/features/auth/components/SignInPage.tsx',
  '/signup': 'src/features/auth/components/SignUpPage.tsx',
  '/reset-password': 'src/features/auth/components/ResetPasswordPage.tsx',
  '/auth-links': 'src/features/auth/components/AuthLinksPage.tsx',
  '/landing': 'src/features/public/components/LandingPage.tsx',
  '/about': 'src/features/public/components/AboutPage.tsx',
  '/privacidade': 'src/features/public/components/PrivacidadePage.tsx',
  '/termos': 'src/features/public/components/TermosPage.tsx',
  '/crm-home': 'src/features/crm-home/components/CrmHomePage.tsx',
};

/**
 * Each screen is its own chunk, which the app requests only after its first chunk has run. A
 * small inline script in index.html starts fetching the chunks of the screen being opened
 * (modulepreload) together with the first chunk, saving a round trip and the first chunk's
 * run time on the first screen.
 */
function routePreload(): Plugin {
  return {
    name: 'crm-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const closure = (file: string, seen = new Set<string>()) => {
          if (seen.has(file)) return seen;
          seen.add(file);
          const c = byFile.get(file);
          if (c && c.type === 'chunk') for (const i of c.imports) closure(i, seen);
          return seen;
        };
        const inEntry = entry ? closure(entry.fileName) : new Set<string>();
        const base = '/';
        const map: Record<string, string[]> = {};
        for (const [route, src] of Object.entries(PRELOAD_ROUTES)) {
          const page = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(src));
          if (!page) continue;
          map[route] = [...closure(page.fileName)].filter((f) => !inEntry.has(f)).map((f) => base + f);
        }
        const script =
          `<script>(function(){var m=${JSON.stringify(map)};` +
          `var f=m[location.pathname.replace(/\\/+$/,'')||'/'];if(!f)return;` +
          `for(var i=0;i<f.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f[i];document.head.appendChild(l)}})()</script>`;
        return html.replace('</head>', `    ${script}\n  </head>`);
      },
    },
  };
}

/**
 * Local and test builds name the Auth emulator they talk to in index.html, so the end-to-end
 * tests can tell at once when the running crm serves a build made for another emulator.
 */
function emulatorMeta(url: string | undefined): Plugin {
  return {
    name: 'crm-emulator-meta',
    transformIndexHtml: (html) =>
      url ? html.replace('</head>', `  <meta name="crm-auth-emulator" content="${url.replace(/"/g, '')}" />\n  </head>`) : html,
  };
}

/**
 * The web app's service worker (Workbox, generateSW): precaches the app shell and every screen's
 * chunk, so the app starts and every screen opens without a connection; navigations to app routes
 * get index.html, never those to the API or other server paths. API answers are never cached here
 * (the app keeps its own copy in IndexedDB). A new build waits for the user ("prompt"; see
 * src/app/pwa/). Registered only in the browser, never in the Android app nor by the dev server.
 */
function serviceWorker(apiBase: string | undefined) {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'CRM Vendas',
      short_name: 'CRM Vendas',
      description: 'CRM Vendas — força de vendas: clientes, pedidos, metas e agenda na palma da mão.',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f5f7fa',
      theme_color: '#0b5cad',
      icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    workbox: {
      // Every file of the build (the manifest and its icons are added by the plugin).
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webp,woff2,json}'],
      // The precompressed copies (precompress) and Vite's manifest are for the server and bench.
      globIgnores: ['**/*.gz', '**/*.br', '.vite/**', '**/node_modules/**'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: navegacoesForaDoApp(apiBase),
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    routePreload(),
    licencas({ servico: ['workbox-core', 'workbox-precaching', 'workbox-routing', 'workbox-strategies'] }),
    precompress(),
    emulatorMeta(loadEnv(mode, process.cwd(), 'VITE_').VITE_FIREBASE_AUTH_EMULATOR_URL),
    serviceWorker(loadEnv(mode, process.cwd(), 'VITE_').VITE_API_BASE_URL),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  // jsPDF's html/svg helpers are never used (src/lib/pdf-sem-html.ts says why).
  resolve: {
    alias: Object.fromEntries(
      ['html2canvas', 'canvg', 'dompurify'].map((m) => [m, fileURLToPath(new URL('./src/lib/pdf-sem-html.ts', import.meta.url))]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: read by `npm run bench` to weigh each screen's chunks.
    manifest: true,
    // The initial chunk is measured by `npm run bench`; keep warnings for real regressions only.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run[\\/]router|@ionic[\\/]react|@stencil[\\/]react-output-target|@lit[\\/]react|@capacitor[\\/]core)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) =>
          ionicModule.test(id) && !cssFile.test(id) ? false : undefined,
        // @ionic/react defines a few components (IonNav, IonRouterOutlet, IonTabBar, …) with
        // calls not marked pure, which keeps them, and their @ionic/core components, in every
        // build. These factories only build components.
        manualPureFunctions: [
          'createForwardRef',
          'createReactComponent',
          'createRoutingComponent',
          'createInlineOverlayComponent',
          'createOverlayComponent',
          'createControllerComponent',
        ],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/crm': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));
