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

const N = Number(process.env.BENCH_CATALOGO_N || 15000);
const TABELAS = ['t-padrao', 't-sp', 't-pr'];
const PAGINA_MAX = 1000;
// Budgets: the sync may cost at most this many times the baseline (time, heap).
const ORCAMENTO = { tempo: 3, memoria: 3, teclaMs: 100 };
const ROUNDS = Number(process.env.BENCH_CATALOGO_ROUNDS || 3);
const CONSULTAS = ['cafe 500', '7891', 'refrigerante cola', 'biscoito', 'detergente 5'];

const GRUPOS = [
  ['Bebidas', ['Refrigerante cola', 'Água mineral', 'Suco de uva', 'Cerveja pilsen'], '22021000'],
  ['Mercearia', ['Café torrado', 'Arroz tipo 1', 'Feijão carioca', 'Açúcar refinado'], '09012100'],
  ['Biscoitos', ['Biscoito recheado', 'Biscoito cream cracker', 'Wafer chocolate'], '19053100'],
  ['Limpeza', ['Detergente líquido', 'Sabão em pó', 'Água sanitária', 'Desinfetante'], '34022000'],
  ['Higiene', ['Sabonete', 'Creme dental', 'Xampu', 'Desodorante'], '33051000'],
  ['Doces', ['Chocolate ao leite', 'Bala de goma', 'Paçoca', 'Doce de leite'], '17049020'],
];
const MARCAS = ['Boa Mesa', 'Da Roça', 'Borbulha', 'Fonte Clara', 'Brilho', 'Vale Verde', 'Sabor & Cia', 'Estrela'];
const TAMANHOS = ['500 g', '1 kg', '5 kg', '350 ml', '1 L', '2 L', '5 L', '90 g', 'cx 12'];

function ean(i) {
  const base = `789${String(1000000000 + i).slice(-9)}`;
  let s = 0;
  for (let k = 0; k < 12; k++) s += Number(base[k]) * (k % 2 ? 3 : 1);
  return base + ((10 - (s % 10)) % 10);
}

/** The catalogue as the sales service sends it (EmitUnpopulated: every field; int64 as strings). */
function gerar(n) {
  let s = 2026;
  const r = (k) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 8) % k;
  };
  const produtos = [];
  const precos = [];
  for (let i = 0; i < n; i++) {
    const [grupo, itens, ncm] = GRUPOS[i % GRUPOS.length];
    const mult = [1, 1, 6, 12][r(4)];
    const id = `p-${String(i + 1).padStart(5, '0')}`;
    produtos.push({
      id,
      empresa: 'bench',
      codigo: String(100000 + i),
      descricao: `${itens[r(itens.length)]} ${MARCAS[r(MARCAS.length)]} ${TAMANHOS[r(TAMANHOS.length)]}`,
      marca: MARCAS[r(MARCAS.length)],
      grupo,
      unidade: mult > 1 ? 'CX' : 'UN',
      multiplo_venda: String(mult),
      ean: ean(i),
      ncm,
      ipi_percentual: [0, 0, 5, 10][r(4)],
      peso_gramas: String(100 + r(5000)),
      ativo: i % 50 !== 49,
      estoque: String(r(2000)),
      estoque_em: '2026-11-23T09:00:00Z',
      unidades_caixa: String(mult),
      versao: '1',
      criado_em: '2026-01-01T00:00:00Z',
      alterado_em: '2026-01-01T00:00:00Z',
      criado_por: 'admin',
      alterado_por: 'admin',
      excluido: false,
      foto_versao: '',
    });
    const base = 199 + r(20000);
    TABELAS.forEach((t, k) => {
      const c = Math.round((base * [100, 97, 102][k]) / 100);
      precos.push({ id: `${t}:${id}`, preco: { tabela_id: t, produto_id: id, preco_centavos: String(c), preco_minimo_centavos: String(Math.round(c * 0.9)), versao: '1', alterado_em: '2026-01-01T00:00:00Z', excluido: false } });
    });
  }
  const tabelas = TABELAS.map((id, k) => ({
    id,
    tabela: { id, empresa: 'bench', nome: ['Tabela padrão', 'Grande São Paulo', 'Paraná'][k], padrao: k === 0, validade_inicio: '2025-01-01', validade_fim: '', clientes: [], regioes: k ? [`r${k}`] : [], ufs: [], desconto_percentual: 0, versao: '1', criado_em: '', alterado_em: '', excluido: false },
  }));
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
