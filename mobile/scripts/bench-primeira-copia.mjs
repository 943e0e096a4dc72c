// `npm run bench:primeira-copia`: a new seller's first day on a mobile network (issue 21 §1) —
// the time from sign-in to the first customer found by name in the order entry
// (crm-vendas-pedidos-incluir), on a fresh device (new browser context: no IndexedDB, no service
// worker, no cache), in headless Chromium with a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate)
// and 150 ms latency, 1.6 Mbps down, 750 kbps up (CDP Network.emulateNetworkConditions), against
// the crm at CRM_BASE_URL (its Auth emulator at FIREBASE_AUTH_EMULATOR_HOST; `scripts/with-crm.sh`
// starts both with the demo data, and the app it serves must be built for that emulator).
//
// Each run: /signin, the seller's e-mail and password typed, then the clock starts at the tap on
// "Entrar"; when crm-home is there the app goes to the order entry (in-app navigation, as the
// menu does), the name of a customer is typed in "Cliente", and the clock stops when that customer
// shows among "Clientes encontrados". The customer is one of the LAST page of the seller's feed
// (the device copy brings it last): the screen must not wait for the whole first copy.
// Budget (the issue's): median ≤ 5 s. Measured on this 2-core machine shared with other work
// (1,000 customers, REST compression on): before the first-copy progress and server search —
// the screen waits for the device copy — runs of 7.5–10.5 s, median 8.1 s; with them and every
// collection syncing side by side 8.2–10.6 s (the search's answer waited behind the feed pages);
// with one feed page in flight and the portfolio's pages first, medians of 5.1 and 6.7 s in two
// runs (4.3–6.8 s each): about 1.5 s to crm-home, 2.5–3 s more until the order entry's customer
// field is there (its code and the device's first writes share the line and the CPU).
// Then (a trace of one run: requests, IndexedDB transactions and long tasks logged from the page)
// the order entry waited for its draft's read of `meta`, queued behind the transaction writing a
// whole 500-customer page (1–1.5 s of the slowed main thread), and its code was fetched after the
// tap. Now a page is written in batches of 100 with the main thread given back between them (the
// sync state, in `meta`, with the last one only), a first copy starts with a page of 100, the order
// entry does not wait for the copies, and the home's and the order entry's code is fetched on the
// sign-in screen. The credentials are typed, TECLA_MS a key (about 5 s, as a seller types them on a
// phone): filled at once, what the sign-in screen fetches meanwhile (the sign-in code, the next
// screens' code, the service worker's precache) was left to the first second after the tap.
// Measured A/B in one crm, the two builds' runs alternated (same machine state, load 11–21, 5 runs
// each): typed, main 4.8 s → 3.5 s (median); filled at once (BENCH_TECLA_MS=0), 6.0 s → 6.1 s (the
// early fetches then compete with the sign-in itself); this script alone on the new build, 3.6 s
// (3.6–4.3 s, load 7–11). The CDP network emulation does not slow the
// service worker's own fetches: its precache's share of the line is not in these figures.
// Filled at once, the tap came while the sign-in screen's early fetches ran: a trace (requests
// and long tasks from the page) had the sign-in's own chunk (lib/auth/flows) queued behind the
// next screens' 60 files — the sign-in request 1.5 s after the tap — and the service worker's
// install and precache (235 files on the same 6 connections and the same CPU) under way. Now the
// sign-in's code is fetched first (StartupTasks.precarregarNaEntrada) and the service worker opened
// on the sign-in screen registers after the first sync of this start, at most 20 s after the first
// screen (app/pwa/iniciar.ts). A JS profile of the main thread from the tap to the customer found
// (5.4–7.8 s) had the feed pages' IndexedDB puts at 0.4–0.6 s of it, most of the rest native
// (rendering, parsing): a worker owning the first copy would take the puts off. A/B in one crm, the two builds
// served by turns (CRM_WEB_DIR a symlink switched between runs of BENCH_RUNS=1: the crm reads
// the web dir on every request), in three rounds (load 13.6–21, 10–13.6, 7.4–11.7; 8, 8 and 6
// runs a build filled at once, 5 typed): filled at once, median 5.2 → 4.7, 4.8 → 4.0, 5.0 → 4.2 s
// (all 22: 5.0 → 4.2 s, the new build's runs 2.9–5.4 s but one of 11.4 s at load 14); typed,
// 6.0 → 6.3, 3.9 → 3.2, 3.4 → 3.0 s (all 15: 3.9 → 3.5 s).
// Prints PASS/FAIL lines like bench.mjs; exits non-zero on a FAIL or an error.
// BENCH_RUNS (default 5) runs; BENCH_VERBOSE=1 logs the steps to stderr.
import { launchBrowser, newContext } from './lib/browser.mjs';

const BASE = (process.env.CRM_BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099'}`;
const API_KEY = process.env.VITE_FIREBASE_API_KEY || 'fake-api-key';
const EMAIL = 'vendedor@demo.example.com';
const SENHA = 'demo1234';
const RUNS = Number(process.env.BENCH_RUNS || 5);
const CPU_RATE = 4;
const TECLA_MS = Number(process.env.BENCH_TECLA_MS ?? 150);
const REDE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const BUDGET_MS = 5000;
const LIMITE_MS = 120_000;
const pass = (ok) => (ok ? 'PASS' : 'FAIL');
const log = (s) => process.env.BENCH_VERBOSE && console.error(`  [${new Date().toISOString().slice(11, 19)}] ${s}`);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function idToken() {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: SENHA, returnSecureToken: true }),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`emulator sign-in of ${EMAIL}: ${JSON.stringify(data)}`);
  return data.idToken;
}

async function api(token, path) {
  const res = await fetch(`${BASE}/crm${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET /crm${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** An active customer of the last page of the seller's feed, with a name no other customer of theirs shares. */
async function clienteDaUltimaPagina(token) {
  const todos = [];
  let ultima = [];
  let desde = '';
  for (let mais = true; mais; ) {
    const r = await api(token, `/clientes/alteracoes?page_size=500&desde=${encodeURIComponent(desde)}`);
    const clientes = (r.alteracoes ?? []).filter((a) => a.cliente).map((a) => a.cliente);
    todos.push(...clientes);
    if (clientes.length) ultima = clientes;
    ({ cursor: desde, mais } = r);
  }
  const vezes = new Map();
  for (const c of todos) vezes.set(c.nome, (vezes.get(c.nome) ?? 0) + 1);
  const alvo = [...ultima].reverse().find((c) => c.status === 'ativo' && vezes.get(c.nome) === 1);
  if (!alvo) throw new Error('no active customer with a name of its own on the last page of the seller feed');
  return { alvo, total: todos.length };
}

async function checkEnvironment() {
  const html = await fetch(`${BASE}/signin`).then(
    (r) => r.text(),
    (e) => {
      throw new Error(`cannot reach ${BASE}: ${e.message}`);
    },
  );
  if (!html.includes('<div id="root">')) throw new Error(`${BASE}/signin does not serve the app`);
  const meta = html.match(/<meta name="crm-auth-emulator" content="([^"]*)"/)?.[1]?.replace(/\/+$/, '');
  if (meta !== EMULATOR) {
    throw new Error(`the app served uses the Auth emulator ${meta || '(none)'}, this run ${EMULATOR}: build it with VITE_FIREBASE_AUTH_EMULATOR_URL=${EMULATOR}`);
  }
}

async function umaVez(browser, alvo) {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', REDE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.goto(`${BASE}/signin`, { waitUntil: 'domcontentloaded', timeout: LIMITE_MS });
    // Typed as a seller types on a phone (TECLA_MS a key; BENCH_TECLA_MS=0 fills at once): what the
    // sign-in screen fetches meanwhile is fetched while a real seller types.
    const email = page.locator('input[type=email]');
    await email.waitFor({ timeout: LIMITE_MS });
    await email.pressSequentially(EMAIL, { delay: TECLA_MS });
    await page.locator('input[type=password]').pressSequentially(SENHA, { delay: TECLA_MS });
    const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
    await entrar.waitFor();
    log('sign-in form filled');
    const t0 = Date.now();
    await entrar.click();
    await page.waitForURL(`${BASE}/crm-home`, { timeout: LIMITE_MS });
    const home = Date.now() - t0;
    log(`crm-home after ${home} ms`);
    // In-app navigation, as the menu's "Novo pedido" does (no reload).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/crm-vendas-pedidos-incluir');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const campo = page.locator('input[name=busca-cliente]');
    await campo.waitFor({ timeout: LIMITE_MS });
    const tela = Date.now() - t0;
    log(`order entry after ${tela} ms`);
    await campo.fill(alvo.nome);
    await page.locator('ul[aria-label="Clientes encontrados"] li', { hasText: alvo.nome }).first().waitFor({ timeout: LIMITE_MS });
    const achado = Date.now() - t0;
    const origem = await page.locator('ul[aria-label="Clientes encontrados"] li', { hasText: alvo.nome }).first().getAttribute('data-origem');
    log(`found after ${achado} ms (${origem ?? 'device copy'})`);
    return { home, tela, achado, origem: origem ?? 'aparelho' };
  } finally {
    await context.close();
  }
}

async function main() {
  await checkEnvironment();
  const token = await idToken();
  const { alvo, total } = await clienteDaUltimaPagina(token);
  console.log(`first day on a mobile network: seller with ${total} customers; looking for "${alvo.nome}" (last page of the feed)`);
  console.log(`  CPU ${CPU_RATE}x slower, ${REDE.latency} ms latency, 1.6 Mbps down, fresh device each run, ${RUNS} runs`);
  const browser = await launchBrowser();
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const r = await umaVez(browser, alvo);
      runs.push(r);
      console.log(`  run ${i + 1}: crm-home ${(r.home / 1000).toFixed(1)} s, order entry ${(r.tela / 1000).toFixed(1)} s, customer found ${(r.achado / 1000).toFixed(1)} s (${r.origem === 'servidor' ? 'server search' : 'device copy'})`);
    }
  } finally {
    await browser.close();
  }
  const m = median(runs.map((r) => r.achado));
  const ok = m <= BUDGET_MS;
  console.log(`${pass(ok)} sign-in → first customer found by name in the order entry: median ${(m / 1000).toFixed(1)} s (budget ≤ ${BUDGET_MS / 1000} s)`);
  if (!ok) process.exitCode = 1;
}

main().catch((e) => {
  console.error(`bench:primeira-copia: ${e.stack || e.message}`);
  process.exit(2);
});
