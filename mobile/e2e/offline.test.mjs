// The web app offline (service worker, src/app/pwa/ and vite.config.ts): once the service worker
// has precached the build, a reload without a connection starts the app and every built screen
// opens; a new build is announced ("Nova versão disponível") and only taken when the user asks.
// Against the real crm (demo data) and the Auth emulator. The new build is the served sw.js with
// one byte more, which is all a deploy changes for the browser: a small proxy in front of crm adds
// it (Playwright's routing does not see the browser's own update check of sw.js).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, checkEnvironment, esperarAte, launchBrowser, newContext, signInWithPassword } from './helpers.mjs';

/** A route list of src/app/routes.tsx: a screen built later is checked without editing this. */
function rotas(nome) {
  const src = readFileSync(new URL('../src/app/routes.tsx', import.meta.url), 'utf8');
  const lista = src.match(new RegExp(`export const ${nome} = \\[([\\s\\S]*?)\\] as const`))?.[1];
  assert.ok(lista !== undefined, `${nome} não encontrada em src/app/routes.tsx`);
  return [...lista.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}
// The built screens, then the later areas ("Em breve", a chunk of their own too).
const ROTAS = [...rotas('ROTAS_CONSTRUIDAS'), ...rotas('ROTAS_FUTURAS')];
const PUBLICAS = new Set(['home', 'landing', 'signin', 'signup', 'reset-password', 'about', 'auth-links']);
const soAdmin = (rota) => rota.startsWith('admin/');
// ':id' gets an id no record has: the screen must still open (and say what it can offline).
const caminho = (rota) => `/${rota.replace(/:id\b/g, 'e2e-offline-sem-registro')}`;

const ERRO_DE_CHUNK = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

let browser;
let precache;
before(async () => {
  await checkEnvironment();
  const sw = await fetch(`${BASE}/sw.js`);
  assert.equal(sw.status, 200, `${BASE}/sw.js: o build servido não tem service worker`);
  // Updates are found only if the browser always asks the server for sw.js.
  assert.equal(sw.headers.get('cache-control'), 'no-cache', 'sw.js precisa de Cache-Control: no-cache');
  const texto = await sw.text();
  precache = [...texto.matchAll(/\burl:\s*"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(precache.includes('index.html'), 'index.html fora do precache');
  assert.deepEqual(precache.filter((u) => /\.(gz|br)$/.test(u)), [], 'cópias .gz/.br no precache');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A context whose page records what would leave a screen blank. */
async function novaPagina(origem = BASE) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const erros = [];
  const falhas = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && ERRO_DE_CHUNK.test(m.text())) erros.push(m.text());
  });
  page.on('pageerror', (e) => erros.push(`pageerror: ${e.message}`));
  // Offline, only the API (/crm/…) may fail: every file of the app comes from the service worker.
  // A request the page itself abandoned (net::ERR_ABORTED: the test navigated away while a lazy
  // chunk was still loading, seen on a loaded machine) says nothing about where it would have
  // come from; one that went to the network offline fails with ERR_INTERNET_DISCONNECTED.
  page.on('requestfailed', (r) => {
    const u = new URL(r.url());
    const erro = r.failure()?.errorText ?? '';
    if (u.origin === origem && !u.pathname.startsWith('/crm/') && erro !== 'net::ERR_ABORTED') falhas.push(`${u.pathname} (${erro})`);
  });
  return { context, page, erros, falhas };
}

/** Waits until the service worker controls the page with the whole build precached. */
async function esperarServiceWorker(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
  const guardados = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const nome = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
    return nome ? (await (await caches.open(nome)).keys()).map((r) => new URL(r.url).pathname) : [];
  });
  assert.equal(guardados.length, precache.length, `precache incompleto: ${guardados.length} de ${precache.length}`);
}

/**
 * Listens, in the page, for what a swap of service worker does (the waiting build changing state,
 * another worker taking control: `window.__trocas`) and has the browser look for a new build once
 * more (a whole update check: sw.js fetched and compared).
 */
async function ouvirTrocas(page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    window.__trocas = [];
    reg?.waiting?.addEventListener('statechange', (e) => window.__trocas.push(`a versão em espera passou a ${e.target.state}`));
    navigator.serviceWorker.addEventListener('controllerchange', () => window.__trocas.push('outro service worker assumiu a página'));
    await reg?.update();
  });
}

/**
 * For what must not happen: polls `fn` in the page for `ms` and returns the first truthy value it
 * gives (the unwanted event, as it was seen), or null when the time ran out without it.
 * (page.evaluate awaits an async `fn`; page.waitForFunction would take its promise as truthy.)
 */
async function oQueVeio(page, fn, ms) {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    const visto = await page.evaluate(fn);
    if (visto) return visto;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** The screen is up: React replaced the boot markup and a title or heading shows. */
async function telaVisivel(page, rotulo, { erros, falhas }) {
  await page.waitForFunction(() => !document.querySelector('#root > .boot'), null, { timeout: 20_000 });
  const titulo = page.locator('ion-title, h1, h2').filter({ visible: true }).first();
  try {
    await titulo.waitFor({ timeout: 20_000 });
  } catch {
    assert.fail(`${rotulo}: tela em branco (${new URL(page.url()).pathname}); erros: ${erros.join(' | ') || '—'}; falhas: ${falhas.join(', ') || '—'}`);
  }
  const texto = (await titulo.textContent())?.trim();
  assert.ok(texto, `${rotulo}: título vazio`);
  assert.deepEqual(erros, [], `${rotulo}: erros`);
  assert.deepEqual(falhas, [], `${rotulo}: arquivos do app que não vieram do service worker`);
  return texto;
}

/**
 * A proxy in front of crm on a port of its own (another origin, so a service worker of its own):
 * once `novaVersao` is set, its sw.js ends with `novaVersao`.
 */
async function proxy() {
  const alvo = new URL(BASE);
  const estado = { novaVersao: '' };
  const server = http.createServer((req, res) => {
    const swNovo = estado.novaVersao && new URL(req.url, 'http://x').pathname === '/sw.js';
    const headers = { ...req.headers, host: alvo.host };
    if (swNovo) {
      // The whole file, never "304 Not Modified": the new sw.js is not the file crm has.
      headers['accept-encoding'] = 'identity';
      delete headers['if-modified-since'];
      delete headers['if-none-match'];
    }
    const up = http.request({ host: alvo.hostname, port: alvo.port, method: req.method, path: req.url, headers }, (r) => {
      if (!swNovo) {
        res.writeHead(r.statusCode, r.headers);
        r.pipe(res);
        return;
      }
      const partes = [];
      r.on('data', (c) => partes.push(c));
      r.on('end', () => {
        const corpo = Buffer.concat([...partes, Buffer.from(`\n${estado.novaVersao}\n`)]);
        const h = { ...r.headers, 'content-length': String(corpo.length) };
        delete h['content-encoding'];
        delete h['last-modified'];
        delete h['etag'];
        res.writeHead(r.statusCode, h);
        res.end(corpo);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}`, estado, fechar: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
  };
}

/** Opens a route inside the running app (no reload), as a tap on a link does. */
async function navegarNoApp(page, path) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function entrar(email) {
  const s = await novaPagina();
  await signInWithPassword(s.page, email);
  await s.page.waitForURL(`${BASE}/crm-home`, { timeout: 30_000 });
  await esperarServiceWorker(s.page);
  return s;
}

describe('offline web app (service worker)', () => {
  it('a seller reloads without a connection and every built screen opens', async () => {
    const s = await entrar(DEMO.vendedor);
    const { context, page } = s;
    try {
      await context.setOffline(true);
      await page.reload();
      await telaVisivel(page, 'recarregar /crm-home', s);
      assert.equal(new URL(page.url()).pathname, '/crm-home', 'o vendedor continua conectado sem rede');

      // Each screen opened from inside the app (its chunk was never loaded in this page)…
      for (const rota of ROTAS) {
        await navegarNoApp(page, caminho(rota));
        const titulo = await telaVisivel(page, `no app: ${rota}`, s);
        const onde = new URL(page.url()).pathname;
        if (PUBLICAS.has(rota)) continue;
        assert.notEqual(onde, '/signin', `${rota}: mandou para o login sem rede`);
        // ADMIN screens may say "Sem permissão" (or send elsewhere): what a seller sees online too.
        if (!soAdmin(rota)) assert.equal(onde, caminho(rota), `${rota} (${titulo})`);
      }
      // …and each one opened by its address (a new page load, no connection).
      for (const rota of ROTAS) {
        await page.goto(`${BASE}${caminho(rota)}`);
        await telaVisivel(page, `endereço: ${rota}`, s);
        if (!PUBLICAS.has(rota) && !soAdmin(rota)) assert.equal(new URL(page.url()).pathname, caminho(rota), rota);
      }
    } finally {
      await context.close();
    }
  });

  it('an ADMIN opens the admin screens without a connection', async () => {
    const s = await entrar(DEMO.admin);
    const { context, page } = s;
    try {
      await context.setOffline(true);
      for (const rota of ROTAS.filter(soAdmin)) {
        await page.goto(`${BASE}${caminho(rota)}`);
        const titulo = await telaVisivel(page, `ADMIN: ${rota}`, s);
        assert.equal(new URL(page.url()).pathname, caminho(rota), rota);
        assert.doesNotMatch(titulo, /Sem permissão/, rota);
      }
    } finally {
      await context.close();
    }
  });

  it('a new build is announced ("Nova versão disponível") and taken only when the user asks', async () => {
    const p = await proxy();
    const s = await novaPagina(p.url);
    const { context, page } = s;
    try {
      await page.goto(`${p.url}/signin`);
      await esperarServiceWorker(page);
      assert.equal(await page.getByTestId('aviso-nova-versao').count(), 0, 'aviso sem versão nova');

      // The next build: sw.js with one byte more. Opening the app again finds it.
      p.estado.novaVersao = `// e2e: nova versão ${Date.now()}`;
      await page.reload();
      const aviso = page.getByTestId('aviso-nova-versao');
      await aviso.waitFor({ timeout: 60_000 });
      assert.match(await aviso.textContent(), /Nova versão disponível/);
      await telaVisivel(page, 'signin com o aviso', s);

      // Announced, not swapped: the new build waits; the old one still serves this page.
      const esperando = () => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
      assert.equal(await esperando(), true);
      // A swap would show as the waiting build changing state or leaving: watch for it for 2 s,
      // after one more update check.
      await ouvirTrocas(page);
      const troca = await oQueVeio(
        page,
        async () => (window.__trocas.length ? window.__trocas.join('; ') : !(await navigator.serviceWorker.getRegistration())?.waiting && 'não há mais versão em espera'),
        2_000,
      );
      assert.equal(troca, null, `a versão nova entrou sem o usuário pedir: ${troca}`);

      // "Atualizar": the new build takes over and the page reloads once, without the notice.
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), aviso.getByRole('button', { name: 'Atualizar' }).click()]);
      await telaVisivel(page, 'depois de atualizar', s);
      await esperarAte(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return !reg?.waiting && !!navigator.serviceWorker.controller;
          }),
        'depois de Atualizar, a versão nova não assumiu a página (ainda há uma em espera ou nenhuma controla a página)',
        { timeout: 30_000, intervalo: 100 },
      );
      // No notice comes back: after one more update check, none shows for 2 s.
      await ouvirTrocas(page);
      const aviso2 = await oQueVeio(page, () => document.querySelector('[data-testid=aviso-nova-versao]')?.textContent || false, 2_000);
      assert.equal(aviso2, null, `o aviso voltou depois de atualizar: ${aviso2}`);
      assert.equal(await page.getByTestId('aviso-nova-versao').count(), 0, 'o aviso some depois de atualizar');
    } finally {
      await context.close();
      await p.fechar();
    }
  });
});
