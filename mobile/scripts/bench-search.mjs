// `npm run bench:search`: the device-copy search of crm-clientes-buscar under a 4x CPU slowdown.
// Builds bench/search.html (the app's own modules: the IndexedDB device copy, the folding and the
// BuscaNaCopia component the screen renders) into dist-bench/, serves it on loopback, stores
// BENCH_SEARCH_N (default 2,000) generated customers in the device copy, types queries key by key
// in Debian's Chromium and measures, per keystroke, the time from the key event to the results
// for that text in the DOM, laid out (and, for information, to the next frame).
// Standalone: needs no crm (CRM_BASE_URL is not used). Prints p50/p95/max and PASS/FAIL against
// 100 ms; exits non-zero only on real errors.
import { launchBrowser, newContext } from './lib/browser.mjs';
import { construir, medirDigitacao, relatarDigitacao, servir } from './lib/harness.mjs';

const N = Number(process.env.BENCH_SEARCH_N || 2000);
const BUDGET_MS = 100;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS || 3);
const CONSULTAS = ['sao joao', '11.222', '3123', 'campinas', 'padaria uniao', 'ribeirao preto'];

async function main() {
  const out = await construir('search.html');
  const server = await servir(out, 'search.html');
  const url = `http://127.0.0.1:${server.address().port}/bench/search.html?n=${N}`;
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    const erros = [];
    page.on('pageerror', (e) => erros.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => window.__bench?.pronto, null, { timeout: 120_000 }).catch(() => {
      throw new Error(`harness did not start: ${erros.join('; ') || 'timeout'}`);
    });
    const quantos = await page.evaluate(() => window.__bench.quantos);
    if (quantos !== N) throw new Error(`device copy holds ${quantos} customers, expected ${N}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const tempos = await medirDigitacao(page, CONSULTAS, ROUNDS);
    await context.close();
    console.log(`bench:search: ${N} customers in the device copy (IndexedDB), Chromium with 4x CPU slowdown, ${tempos.length} keystrokes over ${CONSULTAS.map((q) => `"${q}"`).join(', ')}; each keystroke's median of ${ROUNDS} rounds`);
    relatarDigitacao(tempos, BUDGET_MS);
    if (erros.length) console.log(`page errors: ${erros.join('; ')}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err) => {
  console.error(`bench:search error: ${err.message}`);
  process.exit(1);
});
