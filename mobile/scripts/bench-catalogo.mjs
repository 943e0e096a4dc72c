// `npm run bench:catalogo`: the catalogue on the device (issue 10's device benchmark), in Debian's
// Chromium with a 4x CPU slowdown (a mid-range phone), standalone (no crm: a loopback server
// answers the sales feeds as the service does, JSON with int64 as strings, pages of 1,000):
//  - full sync of BENCH_CATALOGO_N (default 15,000) products and their prices in 3 tables into
//    IndexedDB through the app's own sync: time and JS heap, each as a ratio to a baseline measured
//    in the same page and run — the least any sync must do with the same pages (fetch, parse,
//    write each record to IndexedDB, keep the records in memory) — because these machines are
//    shared and noisy; absolute figures for information;
//  - product search per keystroke in `listas` (ListasPage over the synced copy): p95 ≤ 100 ms.
// Prints PASS/FAIL lines; exits non-zero only on real errors.
import { launchBrowser, newContext } from './lib/browser.mjs';
import { construir, medirDigitacao, relatarDigitacao, servir } from './lib/harness.mjs';
import { gerarCatalogo, TABELAS } from './lib/catalogo.mjs';

const N = Number(process.env.BENCH_CATALOGO_N || 15000);
const PAGINA_MAX = 1000;
// Budgets: the sync may cost at most this many times the baseline (time, heap).
const ORCAMENTO = { tempo: 3, memoria: 3, teclaMs: 100 };
const ROUNDS = Number(process.env.BENCH_CATALOGO_ROUNDS || 3);
const CONSULTAS = ['cafe 500', '7891', 'refrigerante cola', 'biscoito', 'detergente 5'];

/** The catalogue's feeds as the sales service answers them. */
function gerar(n) {
  const { produtos, precos, tabelas } = gerarCatalogo(n);
  return {
    '/crm/produtos/alteracoes': produtos.map((p) => ({ id: p.id, removido: false, produto: p })),
    '/crm/precos/alteracoes': precos.map((p) => ({ id: p.id, removido: false, preco: p.preco })),
    '/crm/tabelas-preco/alteracoes': tabelas.map((t) => ({ id: t.id, removido: false, tabela: t.tabela })),
  };
}

function api(feeds) {
  const json = (res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    return true;
  };
  return async (url, res) => {
    const p = url.pathname;
    if (feeds[p]) {
      const desde = Number(url.searchParams.get('desde') || 0);
      const n = Math.min(Number(url.searchParams.get('page_size') || 50), PAGINA_MAX);
      const fim = Math.min(desde + n, feeds[p].length);
      return json(res, { alteracoes: feeds[p].slice(desde, fim), cursor: String(fim), mais: fim < feeds[p].length });
    }
    if (p.endsWith('/alteracoes')) return json(res, { alteracoes: [], cursor: '', mais: false });
    if (p === '/crm/politica-comercial') return json(res, { empresa: 'bench', uf_origem: 'SP', flex_permitido: false, desconto_maximo_padrao_percentual: 5, vendedores: [], limites_grupo: [], promocoes: [], descontos_volume: [], versao: '1' });
    if (p === '/crm/regras-st') return json(res, { regras: [], next_page_token: '' });
    if (p === '/crm/pesquisas') return json(res, { pesquisas: [], next_page_token: '' });
    if (p.startsWith('/crm/')) return json(res, {});
    return false;
  };
}

const MiB = (b) => (b / 1048576).toFixed(1);

async function main() {
  const out = await construir('catalogo.html');
  const feeds = gerar(N);
  const server = await servir(out, 'catalogo.html', api(feeds));
  const browser = await launchBrowser();
  let ok = true;
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    const erros = [];
    page.on('pageerror', (e) => erros.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/bench/catalogo.html`);
    await page.waitForFunction(() => !!window.__bench, null, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const h0 = await heap();
    await page.evaluate(() => window.__bench.linhaDeBase());
    const hBase = await heap();
    const base = await page.evaluate(() => ({ ms: window.__bench.baseMs, registros: window.__bench.registrosBase }));
    await page.evaluate(() => window.__bench.soltarLinhaDeBase());
    const h1 = await heap();
    await page.evaluate(() => window.__bench.sincronizar());
    const hApp = await heap();
    const app = await page.evaluate(() => ({ ms: window.__bench.syncMs, produtos: window.__bench.produtos, precos: window.__bench.precos }));
    if (app.produtos !== N || app.precos !== N * TABELAS.length) throw new Error(`device copy holds ${app.produtos} products and ${app.precos} prices, expected ${N} and ${N * TABELAS.length}`);

    const rt = app.ms / base.ms;
    const memBase = hBase - h0;
    const memApp = hApp - h1;
    const rm = memApp / memBase;
    console.log(`bench:catalogo: ${N.toLocaleString('en')} products and ${(N * TABELAS.length).toLocaleString('en')} prices (3 tables) synced into IndexedDB through the app's feeds (pages of ${PAGINA_MAX}), Chromium with 4x CPU slowdown`);
    console.log(`full sync: ${(app.ms / 1000).toFixed(1)} s; baseline (fetch, parse, write ${base.registros.toLocaleString('en')} records, keep them) ${(base.ms / 1000).toFixed(1)} s; ratio ${rt.toFixed(2)}  [budget ≤ ${ORCAMENTO.tempo}: ${rt <= ORCAMENTO.tempo ? 'PASS' : 'FAIL'}]`);
    console.log(`JS heap of the copy: ${MiB(memApp)} MiB; baseline ${MiB(memBase)} MiB; ratio ${rm.toFixed(2)}  [budget ≤ ${ORCAMENTO.memoria}: ${rm <= ORCAMENTO.memoria ? 'PASS' : 'FAIL'}]`);
    ok = rt <= ORCAMENTO.tempo && rm <= ORCAMENTO.memoria;

    const contagem = await page.evaluate(() => window.__bench.montar());
    console.log(`listas over the copy: "${contagem}"`);
    const tempos = await medirDigitacao(page, CONSULTAS, ROUNDS);
    console.log(`product search in listas: ${tempos.length} keystrokes over ${CONSULTAS.map((q) => `"${q}"`).join(', ')}; each keystroke's median of ${ROUNDS} rounds`);
    ok = relatarDigitacao(tempos, ORCAMENTO.teclaMs) && ok;
    if (erros.length) console.log(`page errors: ${erros.join('; ')}`);
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
  if (!ok) console.log('bench:catalogo: FAIL (see the lines above)');
}

main().catch((err) => {
  console.error(`bench:catalogo error: ${err.message}`);
  process.exit(1);
});
