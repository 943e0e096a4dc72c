// `npm run bench:saida`: replaying the device's outbox (src/lib/sync/saida.ts) after the connection
// returns — BENCH_SAIDA_N (default 500) queued 'clientes.alterar' changes, each on a different
// customer of the demo seller — in headless Chromium with a 4x CPU slowdown, against the crm at
// CRM_BASE_URL (its Auth emulator at FIREBASE_AUTH_EMULATOR_HOST; `scripts/with-crm.sh` starts both
// with the demo data, and the app it serves must be built for that emulator).
//
// 1. Signs in as the seller in the app and waits for the device copy (crm-clientes-buscar).
// 2. Baseline A: the same N PATCH /crm/clientes/{id} ({observacoes, versao}) sent one after the
//    other by plain fetch from the page (a minimal client doing the same network work), same
//    token, same throttling. The app then catches up with them (its copy holds the new versao).
// 3. Offline: the N changes go into IndexedDB ('crm-vendas', store 'saida') as the app keeps them,
//    the app is reloaded (served by its service worker) and its badge must say N. A build without
//    sw.js (or BENCH_SAIDA_SEM_SW=1) is reloaded online with every /crm call failing like a lost
//    connection instead, then taken offline.
// 4. Online (loopback, no network emulation: the client's own cost shows in full): time from the
//    'online' event until the badge is gone (outbox empty), JS heap before
//    (after a GC), at the end and its peak (CDP Performance.getMetrics, sampled). The server must
//    hold every change, each applied exactly once (versao + 1).
// 5. Baseline B: as in 2, after the replay. The baseline is the mean of A and B (drift on a shared
//    machine shows as their spread).
// Budgets: replay / baseline ≤ 2.5 and heap growth ≤ 30 MiB (peak during the replay over the heap
// before it). The baseline only sends; each replayed change also drops its item from the outbox
// and keeps the server's answer in the device copy, in one IndexedDB transaction, and the screens
// hear of it (at most every 100 ms). The first outbox measured 6.65 (one re-read of the whole
// outbox and a full re-index of the collection per change); 2.1–2.3 after those were removed. Prints PASS/FAIL lines like bench.mjs; exits non-zero on a FAIL or an error.
// The screen open during the replay is BENCH_SAIDA_ROTA (default /crm-clientes-buscar, which renders
// the device collection). BENCH_SAIDA_PROFILE=file.cpuprofile also records a CPU profile of the
// replay (CDP Profiler; open it in Chrome DevTools) and prints the functions with the most self time;
// BENCH_SAIDA_TRACE=file.json a Chromium trace of it (main-thread tasks, IndexedDB, rendering);
// BENCH_VERBOSE=1 logs the steps and the replay's progress to stderr.
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { launchBrowser, newContext } from './lib/browser.mjs';

const BASE = (process.env.CRM_BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099'}`;
const API_KEY = process.env.VITE_FIREBASE_API_KEY || 'fake-api-key';
const EMAIL = 'vendedor@demo.example.com';
const SENHA = 'demo1234';
const N = Number(process.env.BENCH_SAIDA_N || 500);
const ROTA = process.env.BENCH_SAIDA_ROTA || '/crm-clientes-buscar';
const PERFIL = process.env.BENCH_SAIDA_PROFILE || '';
const TRACE = process.env.BENCH_SAIDA_TRACE || '';
const CPU_RATE = 4;
const BUDGET = { ratio: 2.5, heapMiB: 30 };
const MiB = (n) => (n / 1024 / 1024).toFixed(1);
const pass = (ok) => (ok ? 'PASS' : 'FAIL');
const log = (s) => process.env.BENCH_VERBOSE && console.error(`  [${new Date().toISOString().slice(11, 19)}] ${s}`);

// --- server side ---------------------------------------------------------------------------
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

/** The seller's customers as the server has them (every page), by id. */
async function clientesDoServidor(token, ate = Infinity) {
  const out = new Map();
  let pageToken = '';
  do {
    const r = await api(token, `/clientes?page_size=200${pageToken ? `&page_token=${encodeURIComponent(pageToken)}` : ''}`);
    for (const c of r.clientes ?? []) out.set(c.id, c);
    pageToken = r.next_page_token || '';
  } while (pageToken && out.size < ate);
  return out;
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
  const sw = await fetch(`${BASE}/sw.js`).catch(() => null);
  return Boolean(sw?.ok && /javascript/.test(sw.headers.get('content-type') || '')) && !process.env.BENCH_SAIDA_SEM_SW;
}

// --- in the page ---------------------------------------------------------------------------
/** Timestamps of the replay: the 'online' event and the moment the badge is gone. */
const MARCAS = `
  window.__saida = { armada: 0, online: 0, vazia: 0 };
  window.addEventListener('online', () => {
    if (window.__saida.armada && !window.__saida.online) window.__saida.online = performance.now();
  });
  window.__armarSaida = () => {
    window.__saida.armada = performance.now();
    window.__saida.offlineAoArmar = !navigator.onLine;
    const mo = new MutationObserver(() => {
      if (!document.querySelector('[data-testid=selo-saida]')) {
        window.__saida.vazia = performance.now();
        mo.disconnect();
      }
    });
    mo.observe(document.body, { subtree: true, childList: true });
  };
`;

/** Baseline: the same PATCHes by plain fetch, one after the other; checks each answer. */
async function linhaDeBase(page, token, alvos, texto) {
  return page.evaluate(
    async ({ token, alvos, texto }) => {
      const t0 = performance.now();
      for (const a of alvos) {
        const res = await fetch(`/crm/clientes/${encodeURIComponent(a.id)}`, {
          method: 'PATCH',
          headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ observacoes: `${texto} ${a.id}`, versao: String(a.versao) }),
        });
        const corpo = await res.text();
        const c = corpo ? JSON.parse(corpo) : null;
        if (!res.ok || Number(c?.versao) !== a.versao + 1) throw new Error(`PATCH ${a.id}: ${res.status} ${corpo.slice(0, 300)}`);
        a.versao += 1;
      }
      return { ms: performance.now() - t0, versoes: alvos.map((a) => a.versao) };
    },
    { token, alvos, texto },
  );
}

/** Puts the changes in the outbox as the app keeps them (one transaction). */
function injetar(page, itens) {
  return page.evaluate(
    (itens) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('crm-vendas');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction('saida', 'readwrite');
          for (const it of itens) tx.objectStore('saida').add(it);
          tx.oncomplete = () => {
            req.result.close();
            resolve(undefined);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    itens,
  );
}

/** How many of these customers the device copy holds at these versions. */
function naCopia(page, esperado) {
  return page.evaluate(
    (esperado) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('crm-vendas');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('registros')) {
            db.close();
            return resolve(0);
          }
          const s = db.transaction('registros', 'readonly').objectStore('registros');
          let ok = 0;
          let faltam = esperado.length;
          for (const [id, v] of esperado) {
            const g = s.get(['clientes', id]);
            g.onsuccess = () => {
              if (Number(g.result?.r?.versao) === v) ok++;
              if (--faltam === 0) {
                db.close();
                resolve(ok);
              }
            };
          }
        };
      }),
    esperado,
  );
}

function contarSaida(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('crm-vendas');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const c = req.result.transaction('saida', 'readonly').objectStore('saida').count();
          c.onsuccess = () => {
            req.result.close();
            resolve(c.result);
          };
        };
      }),
  );
}

const selo = (page) => page.locator('[data-testid=selo-saida-total]').filter({ visible: true }).first();

async function esperarAte(f, timeoutMs, oque) {
  const fim = Date.now() + timeoutMs;
  for (;;) {
    const r = await f();
    if (r === true) return;
    if (Date.now() > fim) throw new Error(`timed out waiting for ${oque} (${r})`);
    await new Promise((ok) => setTimeout(ok, 1000));
  }
}

/** JS heap of the page (CDP Performance.getMetrics). */
async function heap(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/** Runs `enquanto`, sampling the heap every 250 ms: its result and the peak. */
async function amostrando(cdp, enquanto) {
  let pico = 0;
  let ativo = true;
  const loop = (async () => {
    while (ativo) {
      pico = Math.max(pico, await heap(cdp).catch(() => 0));
      await new Promise((ok) => setTimeout(ok, 250));
    }
  })();
  try {
    const r = await enquanto();
    return { r, pico: Math.max(pico, await heap(cdp)) };
  } finally {
    ativo = false;
    await loop;
  }
}

async function gc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return heap(cdp);
}

async function memoriaUA(page) {
  return page.evaluate(async () => {
    if (!self.crossOriginIsolated || typeof performance.measureUserAgentSpecificMemory !== 'function') return null;
    return (await performance.measureUserAgentSpecificMemory()).bytes;
  });
}

/** Waits until the app sends nothing to /crm for `quietoMs`. */
async function apiQuieta(page, emVoo, quietoMs = 2000, timeoutMs = 120_000) {
  const fim = Date.now() + timeoutMs;
  let desde = Date.now();
  while (Date.now() < fim) {
    if (emVoo.size > 0) desde = Date.now();
    else if (Date.now() - desde >= quietoMs) return;
    await page.waitForTimeout(200);
  }
}

function topFuncoes(profile, n = 15) {
  const porNo = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map();
  const dt = profile.timeDeltas ?? [];
  profile.samples?.forEach((id, i) => {
    const no = porNo.get(id);
    const f = no.callFrame;
    const chave = `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`.trim();
    self.set(chave, (self.get(chave) ?? 0) + (dt[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
}

// --- the run -------------------------------------------------------------------------------
async function main() {
  const comSW = await checkEnvironment();
  const token = await idToken();
  const todos = await clientesDoServidor(token, N);
  const alvos = [...todos.values()].filter((c) => !c.excluido).slice(0, N);
  if (alvos.length < N) throw new Error(`the seller has ${alvos.length} customers, the bench needs ${N} (BENCH_SAIDA_N)`);
  const versao0 = new Map(alvos.map((c) => [c.id, Number(c.versao) || 0]));
  const marca = randomUUID().slice(0, 8);

  const browser = await launchBrowser();
  const erros = [];
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.on('pageerror', (e) => erros.push(e.message));
    await page.addInitScript(MARCAS);
    const emVoo = new Set();
    let requisicoesCrm = 0;
    let primeiraApos = 0;
    let marcoPrimeira = Infinity;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/crm/')) {
        emVoo.add(r);
        requisicoesCrm++;
        if (!primeiraApos && Date.now() >= marcoPrimeira) primeiraApos = Date.now();
      }
    });
    const fim = (r) => emVoo.delete(r);
    page.on('requestfinished', fim);
    page.on('requestfailed', fim);

    // 1. Sign in; the device copy and the service worker.
    log('sign in');
    await page.goto(`${BASE}/signin`);
    await page.locator('input[type=email]').fill(EMAIL);
    await page.locator('input[type=password]').fill(SENHA);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${BASE}/crm-home`, { timeout: 60_000 });
    await page.goto(`${BASE}/crm-clientes-buscar`);
    await page.getByText(/Dados do aparelho, atualizados em/).waitFor({ timeout: 180_000 });
    if (ROTA !== '/crm-clientes-buscar') await page.goto(`${BASE}${ROTA}`);
    if (comSW) await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
    await apiQuieta(page, emVoo);

    // A CDP session of ours must not be attached across the offline reload: Chromium then opens
    // the page with navigator.onLine true and no 'online' event follows (the app would only send
    // on its retry timer). So: one session until then, a new one after.
    const sessao = async () => {
      const s = await context.newCDPSession(page);
      await s.send('Performance.enable');
      return s;
    };
    let cdp = await sessao();
    const throttle = (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });

    // 2. Baseline A.
    log('baseline A');
    const heapA0 = await gc(cdp);
    await throttle(CPU_RATE);
    const a = await amostrando(cdp, () =>
      linhaDeBase(
        page,
        token,
        alvos.map((c) => ({ id: c.id, versao: versao0.get(c.id) })),
        `Bench saída ${marca} A`,
      ),
    );
    await throttle(1);
    const versaoA = new Map(alvos.map((c, i) => [c.id, a.r.versoes[i]]));
    // The app catches up with the baseline's writes (its copy is where a device would be).
    log('device copy catches up');
    await page.reload();
    const esperado = [...versaoA.entries()];
    await esperarAte(async () => (await naCopia(page, esperado)) === N || `${await naCopia(page, esperado)} of ${N} in the copy`, 180_000, 'the device copy');
    if (comSW) await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
    await apiQuieta(page, emVoo);

    // 3. Offline: the outbox gets the N changes and the app opens with them.
    log('offline, inject, reload');
    await cdp.detach();
    const texto = (id) => `Bench saída ${marca} fila ${id}`;
    const itens = alvos.map((c) => ({
      id: randomUUID(),
      op: 'clientes.alterar',
      colecao: 'clientes',
      alvo: c.id,
      dados: { id: c.id, mudancas: { observacoes: texto(c.id) }, nome: c.nome },
      base: versaoA.get(c.id),
      criadoEm: new Date().toISOString(),
      tentativas: 0,
    }));
    if (comSW) {
      await context.setOffline(true);
      await injetar(page, itens);
      await page.reload();
    } else {
      // No service worker: the app cannot open offline. It opens with the API out of reach
      // instead (every /crm call fails like a lost connection), then the connection "drops".
      await context.route(`${BASE}/crm/**`, (r) => r.abort('internetdisconnected'));
      await injetar(page, itens);
      await page.reload();
    }
    await esperarAte(async () => (await selo(page).textContent({ timeout: 1000 }).catch(() => '')) === String(N) || 'badge not at N yet', 120_000, `the badge to say ${N}`);
    if (!comSW) {
      await context.setOffline(true);
      await context.unroute(`${BASE}/crm/**`);
    }
    await page.waitForTimeout(1000);
    cdp = await sessao();
    if (await page.evaluate(() => navigator.onLine)) throw new Error('the reopened app sees itself online (navigator.onLine): its replay would start on a retry timer, not on reconnecting');

    // 4. Online: the replay.
    log('replay');
    const heapR0 = await gc(cdp);
    const uaAntes = await memoriaUA(page);
    await page.evaluate(() => window.__armarSaida());
    if (PERFIL) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_SAIDA_PROFILE_US || 1000) });
      await cdp.send('Profiler.start');
    }
    if (TRACE) await browser.startTracing(page, { path: TRACE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'IndexedDB', 'blink', 'loading'] });
    await throttle(CPU_RATE);
    const req0 = requisicoesCrm;
    const wall0 = Date.now();
    marcoPrimeira = wall0;
    const r = await amostrando(cdp, async () => {
      await context.setOffline(false);
      const progresso = process.env.BENCH_VERBOSE
        ? setInterval(async () => {
            const s = await page.evaluate(() => ({ ...window.__saida, selo: document.querySelector('[data-testid=selo-saida-total]')?.textContent ?? '-' })).catch(() => null);
            log(`replay: badge ${s?.selo}, ${requisicoesCrm - req0} /crm requests, heap ${MiB(await heap(cdp).catch(() => 0))} MiB`);
          }, 5000)
        : null;
      try {
        await page.waitForFunction(() => window.__saida.vazia > 0, null, { timeout: 30 * 60_000, polling: 250 });
      } finally {
        if (progresso) clearInterval(progresso);
      }
      return page.evaluate(() => ({ ...window.__saida }));
    });
    const wall = Date.now() - wall0;
    const heapR1 = await heap(cdp);
    let perfil = null;
    if (PERFIL) perfil = (await cdp.send('Profiler.stop')).profile;
    if (TRACE) await browser.stopTracing();
    const reqReplay = requisicoesCrm - req0;
    await throttle(1);
    const heapR1gc = await gc(cdp);
    const uaDepois = await memoriaUA(page);
    const replayMs = r.r.vazia - (r.r.online || r.r.armada);
    const restantes = await contarSaida(page);

    // The server holds every change, each applied once.
    const depois = await clientesDoServidor(token);
    const problemas = [];
    for (const c of alvos) {
      const s = depois.get(c.id);
      if (!s) problemas.push(`${c.id}: gone`);
      else if (s.observacoes !== texto(c.id)) problemas.push(`${c.id}: observacoes ${JSON.stringify(s.observacoes)}`);
      else if (Number(s.versao) !== versaoA.get(c.id) + 1) problemas.push(`${c.id}: versao ${s.versao}, expected ${versaoA.get(c.id) + 1}`);
    }
    await apiQuieta(page, emVoo);

    // 5. Baseline B (the app's follow-up sync is over).
    log('baseline B');
    const heapB0 = await gc(cdp);
    await throttle(CPU_RATE);
    const b = await amostrando(cdp, () =>
      linhaDeBase(
        page,
        token,
        alvos.map((c) => ({ id: c.id, versao: versaoA.get(c.id) + 1 })),
        `Bench saída ${marca} B`,
      ),
    );
    await throttle(1);
    await context.close();

    // --- report ---
    const baseMs = (a.r.ms + b.r.ms) / 2;
    const ratio = replayMs / baseMs;
    const pico = r.pico - heapR0;
    const fimHeap = heapR1 - heapR0;
    const retido = heapR1gc - heapR0;
    console.log(
      `bench saída: ${BASE}, ${N} queued 'clientes.alterar' replayed on reconnect (${comSW ? 'app reopened offline by its service worker' : 'no sw.js: app reopened with the API blocked'}), screen ${ROTA}, ${CPU_RATE}x CPU slowdown, loopback network`,
    );
    console.log(`replay (${r.r.online ? "online event" : "going online"} → badge gone): ${Math.round(replayMs)} ms, ${(replayMs / N).toFixed(1)} ms per change (wall from going online: ${wall} ms, first /crm request after ${primeiraApos ? primeiraApos - wall0 : '-'} ms; ${reqReplay} /crm requests)`);
    if (!r.r.online) console.log(`  note: no 'online' event reached the page (navigator.onLine was ${r.r.offlineAoArmar ? 'false' : 'true'} before going online): the app sent on its retry timer`);
    console.log(
      `baseline (${N} sequential PATCH by plain fetch, same page and token): ${Math.round(baseMs)} ms, ${(baseMs / N).toFixed(1)} ms per change (before: ${Math.round(a.r.ms)} ms, after: ${Math.round(b.r.ms)} ms)`,
    );
    console.log(`replay / baseline: ${ratio.toFixed(2)}  [budget ${BUDGET.ratio}: ${pass(ratio <= BUDGET.ratio)}]`);
    console.log(
      `replay JS heap growth: peak ${MiB(pico)} MiB over ${MiB(heapR0)} MiB before (at the end ${MiB(fimHeap)} MiB, after GC ${MiB(retido)} MiB)  [budget ${BUDGET.heapMiB} MiB: ${pass(pico / 1024 / 1024 <= BUDGET.heapMiB)}]`,
    );
    console.log(`baseline JS heap growth: peak ${MiB(a.pico - heapA0)} / ${MiB(b.pico - heapB0)} MiB (before / after)`);
    console.log(
      `measureUserAgentSpecificMemory: ${uaAntes == null ? 'not available (the page is not cross-origin isolated)' : `${MiB(uaAntes)} → ${MiB(uaDepois)} MiB`}`,
    );
    const exato = problemas.length === 0 && restantes === 0;
    console.log(
      `server: ${N - problemas.length} of ${N} customers with the queued observacoes and versao + 1 (exactly once); outbox left on the device: ${restantes}  [${pass(exato)}]`,
    );
    for (const p of problemas.slice(0, 10)) console.log(`  ${p}`);
    if (erros.length) console.log(`page errors: ${[...new Set(erros)].slice(0, 5).join(' | ')}`);
    if (perfil) {
      writeFileSync(PERFIL, JSON.stringify(perfil));
      console.log(`CPU profile of the replay: ${PERFIL}; most self time:`);
      for (const l of topFuncoes(perfil)) console.log(l);
    }
    if (!(ratio <= BUDGET.ratio) || !(pico / 1024 / 1024 <= BUDGET.heapMiB) || !exato) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(`bench saída error: ${err.stack || err.message}`);
  process.exit(1);
});
