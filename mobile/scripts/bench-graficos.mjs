// `npm run bench:graficos`: the `graficos` screen's budgets (issue 23), as plain text lines:
//  - its route's JS and CSS, gzip: what opening /graficos loads beyond the app's entry (the
//    route's chunk with uPlot, and any chunk of its closure the entry does not load), from the
//    production build's manifest (mobile/dist: `npm run build` first; `make bench` does) ≤ 80 KiB;
//    and uPlot in no chunk the entry or another screen loads (lazy: this route alone);
//  - its render time in Debian's Chromium with a 4x CPU slowdown (a mid-range phone) on a 360 px
//    viewport, standalone (no crm: a loopback server answers GET /crm/vendas/ano-mes and
//    GET /crm/painel as the sales service does, int64 as strings): a supervisor of 10 sellers,
//    24 months with goals, 14 product groups; per round the screen mounted afresh (empty query
//    cache) until its four charts are drawn and laid out: median of the rounds ≤ 1,000 ms.
// Prints PASS/FAIL lines; exits non-zero only on real errors.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from './lib/browser.mjs';
import { construir, pct, root, servir } from './lib/harness.mjs';

const ROTA = 'src/features/figuras/graficos/GraficosPage.tsx';
const ORCAMENTO = { rotaKiB: 80, renderMs: 1000 };
const ROUNDS = Number(process.env.BENCH_GRAFICOS_ROUNDS || 7);
const VENDEDORES = 10;
const GRUPOS = 14;
const KiB = (n) => (n / 1024).toFixed(1);
const passa = (ok) => (ok ? 'PASS' : 'FAIL');

// ---------- the route's chunk, from the production build ----------

function tamanhoDaRota() {
  const dist = path.join(root, 'dist');
  const arquivo = path.join(dist, '.vite/manifest.json');
  if (!existsSync(arquivo)) throw new Error(`${arquivo} not found: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(arquivo, 'utf8'));
  if (!manifest[ROTA]) throw new Error(`${ROTA} is not a chunk of this build`);
  const fecho = (k, visto = new Set()) => {
    if (visto.has(k)) return visto;
    visto.add(k);
    for (const d of manifest[k]?.imports ?? []) fecho(d, visto);
    return visto;
  };
  const arquivos = (chaves) => new Set([...chaves].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
  const entrada = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const daEntrada = arquivos(fecho(entrada));
  const daRota = [...arquivos(fecho(ROTA))].filter((f) => !daEntrada.has(f));
  const gz = (f) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  const js = daRota.filter((f) => f.endsWith('.js'));
  const css = daRota.filter((f) => f.endsWith('.css'));
  const soma = (fs) => fs.reduce((n, f) => n + gz(f), 0);
  // uPlot's own class names mark the chunk that holds it.
  const temUplot = (f) => f.endsWith('.js') && readFileSync(path.join(dist, f), 'utf8').includes('u-over');
  const outrasTelas = Object.keys(manifest).filter((k) => k !== ROTA && (manifest[k].isDynamicEntry || manifest[k].isEntry));
  const vazou = [...new Set(outrasTelas.flatMap((k) => [...arquivos(fecho(k))]))].filter(temUplot);
  return { js, css, jsGz: soma(js), cssGz: soma(css), proprio: gz(manifest[ROTA].file), uplotNaRota: js.some(temUplot), vazou };
}

// ---------- the figures the bench server answers ----------

function somarMeses(m, n) {
  const t = Number(m.slice(0, 4)) * 12 + Number(m.slice(5)) - 1 + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
}

function gerar() {
  const ate = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
  const periodo = (n) => Array.from({ length: n }, (_, i) => somarMeses(ate, i - n + 1));
  const valor = (a, b) => 500_000 + ((a * 7919 + b * 104_729) % 4_000_000);
  const linha = (chave, nome, meses, k) => ({
    chave,
    nome,
    meses: meses.map((mes, i) => ({ mes, valor_centavos: String(valor(k, i)), pedidos: String(10 + ((k + i) % 30)), variacao_ano_anterior: i >= 12 ? 3.5 : undefined })),
  });
  const vendedores = Array.from({ length: VENDEDORES }, (_, i) => ({ id: `v${String(i + 1).padStart(2, '0')}`, nome: `Vendedor ${String(i + 1).padStart(2, '0')} da Silva` }));
  const m24 = periodo(24);
  const porVendedor = { linhas: vendedores.map((v, k) => linha(v.id, v.nome, m24, k)), metas: m24.map((mes, i) => ({ mes, meta_centavos: String(VENDEDORES * 2_500_000 + i * 10_000) })) };
  const grupos = ['Bebidas', 'Refrigerantes e sucos', 'Doces', 'Biscoitos', 'Limpeza', 'Higiene', 'Mercearia', 'Laticínios', 'Frios', 'Café', 'Cereais', 'Massas', 'Enlatados', 'Temperos'].slice(0, GRUPOS);
  const porGrupo = { linhas: grupos.map((g, k) => linha(g, g, periodo(12), k + 3)), metas: periodo(12).map((mes) => ({ mes, meta_centavos: '0' })) };
  const ranking = vendedores.map((v, k) => ({ vendedor_id: v.id, nome: v.nome, vendido_centavos: String(valor(k, 23)), meta_centavos: '2500000', percentual: Math.round((valor(k, 23) / 2_500_000) * 10000) / 100, projecao_centavos: '0', ritmo: 90 }));
  ranking.sort((a, b) => b.percentual - a.percentual);
  const painel = { mes: ate, meta_centavos: String(VENDEDORES * 2_500_000), vendido_centavos: '0', percentual: 0, ranking, metas: [] };
  const operadores = {
    operadores: [
      { id: 'sup', nome_operador: 'Bench', perfil_app: 'SUPERVISOR', ativo: true, equipe: vendedores.map((v) => v.id), email: '' },
      ...vendedores.map((v) => ({ id: v.id, nome_operador: v.nome, perfil_app: 'VENDEDOR', ativo: true, equipe: [], email: '' })),
    ],
    next_page_token: '',
  };
  return { porVendedor, porGrupo, painel, operadores };
}

function api(d) {
  const json = (res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    return true;
  };
  return async (url, res) => {
    const p = url.pathname;
    if (p === '/crm/vendas/ano-mes') return json(res, url.searchParams.get('por') === 'grupo' ? d.porGrupo : d.porVendedor);
    if (p === '/crm/painel') return json(res, d.painel);
    if (p === '/crm/operadores') return json(res, d.operadores);
    if (p.startsWith('/crm/')) return json(res, {});
    return false;
  };
}

async function medirRender() {
  const out = await construir('graficos.html');
  const server = await servir(out, 'graficos.html', api(gerar()));
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const erros = [];
    page.on('pageerror', (e) => erros.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/bench/graficos.html`);
    await page.waitForFunction(() => window.__bench?.pronto, null, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Warm-up (JIT, fonts): not counted.
    const primeira = await page.evaluate(() => window.__bench.rodada());
    const rodadas = [];
    for (let i = 0; i < ROUNDS; i++) rodadas.push(await page.evaluate(() => window.__bench.rodada()));
    await context.close();
    if (erros.length) throw new Error(`page errors: ${erros.join('; ')}`);
    return { primeira, rodadas };
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  const r = tamanhoDaRota();
  console.log(`bench:graficos: /graficos route, production build (mobile/dist)`);
  console.log(
    `route JS beyond the entry: ${KiB(r.jsGz)} KiB gzip in ${r.js.length} file(s) (own chunk ${KiB(r.proprio)} KiB), CSS ${KiB(r.cssGz)} KiB; total ${KiB(r.jsGz + r.cssGz)} KiB  [budget ≤ ${ORCAMENTO.rotaKiB} KiB: ${passa((r.jsGz + r.cssGz) / 1024 <= ORCAMENTO.rotaKiB)}]`,
  );
  console.log(`uPlot in this route's chunks and in no chunk the entry or another screen loads  [${passa(r.uplotNaRota && r.vazou.length === 0)}${r.vazou.length ? `: also in ${r.vazou.join(', ')}` : ''}]`);
  const { primeira, rodadas } = await medirRender();
  const ms = rodadas.map((x) => x.ms);
  const quadros = rodadas.map((x) => x.quadro);
  const p50 = pct(ms, 50);
  console.log(`render (Chromium, 4x CPU slowdown, 360 px): ${rodadas[0].titulos.length} charts (${rodadas[0].titulos.join('; ')}), ${VENDEDORES} sellers, 24 months, ${GRUPOS} groups`);
  console.log(
    `mount → every chart drawn and laid out: p50 ${p50.toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms over ${ROUNDS} rounds (next frame p50 ${pct(quadros, 50).toFixed(0)} ms; first, cold: ${primeira.ms.toFixed(0)} ms)  [budget p50 ≤ ${ORCAMENTO.renderMs} ms: ${passa(p50 <= ORCAMENTO.renderMs)}]`,
  );
  console.log(`  rounds: ${ms.map((x) => x.toFixed(0)).join(', ')} ms`);
}

main().catch((err) => {
  console.error(`bench:graficos error: ${err.message}`);
  process.exit(1);
});
