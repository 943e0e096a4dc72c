// `npm run bench:calendario`: the `calendario` week view's render budget (issue 24), as plain
// text lines: in Debian's Chromium with a 4x CPU slowdown (a mid-range phone) on a 360 px
// viewport, standalone (no crm: a loopback server answers GET /crm/agenda as the field service
// does), the week of a seller with 400 customers on visit frequencies (weekly, fortnightly and
// monthly, as crmbench -only agenda sets them: some 250 planned visits in a week without the
// monthly ones), the visits done before today with their verdicts and distances; per round the screen mounted afresh (empty query cache)
// until every line of the week is on screen and laid out: median of the rounds ≤ 1,000 ms — the
// graficos screen's budget on the same phone: the seller opens the week and reads it within a
// second, the limit of an uninterrupted flow of thought (a week of a 400-customer portfolio is the
// largest the app shows at once; a day is a fifth of it, the month view counts per day).
// Prints PASS/FAIL lines; exits non-zero only on real errors.
import { launchBrowser } from './lib/browser.mjs';
import { construir, pct, servir } from './lib/harness.mjs';

const ORCAMENTO = { renderMs: 1000 };
const ROUNDS = Number(process.env.BENCH_CALENDARIO_ROUNDS || 7);
const CLIENTES = 400;
const passa = (ok) => (ok ? 'PASS' : 'FAIL');

const DIA = 86_400_000;
const paraDia = (t) => new Date(t).toISOString().slice(0, 10);
const FREQ = ['semanal', 'quinzenal', 'mensal'];
const VEREDITOS = ['verificado', 'verificado', 'verificado', 'verificado', 'verificado', 'verificado', 'fora_do_raio', 'localizacao_antiga'];

/**
 * The visits of the bench seller's agenda from de to ate, as GET /crm/agenda answers them
 * (crmbench's frequencies; the fortnightly ones fall on today's week, the heavier one). The
 * screen shows the tasks from the device's copy, not these: none are sent.
 */
function agenda(de, ate, hoje) {
  const itens = [];
  const semanaDeHoje = Math.floor((Date.parse(`${hoje}T00:00:00Z`) / DIA + 3) / 7);
  const t0 = Date.parse(`${de}T00:00:00Z`);
  const t1 = Date.parse(`${ate}T00:00:00Z`);
  for (let t = t0; t <= t1; t += DIA) {
    const data = paraDia(t);
    const iso = ((new Date(t).getUTCDay() + 6) % 7) + 1;
    if (iso > 5) continue;
    const semana = Math.floor((t / DIA + 3) / 7);
    for (let i = 0; i < CLIENTES; i++) {
      const dias = i % 4 === 0 ? [(i % 5) + 1, ((i + 2) % 5) + 1] : [(i % 5) + 1];
      if (!dias.includes(iso)) continue;
      const f = FREQ[i % 3];
      if ((f === 'quinzenal' && (semana - semanaDeHoje) % 2) || (f === 'mensal' && new Date(t).getUTCDate() > 7)) continue;
      const cliente_id = `demo-cliente-${String(i + 1).padStart(5, '0')}`;
      const base = { data, tipo: 'frequencia', cliente_id, tarefa_id: '', visita_id: '', vendedor_id: 'v01', titulo: '', veredito: '', resultado: '', situacao: 'planejada' };
      if (data < hoje) {
        if (i % 3 === 0) base.situacao = 'perdida';
        else {
          const v = VEREDITOS[i % VEREDITOS.length];
          Object.assign(base, { situacao: 'realizada', visita_id: `vis-${data}-${i}`, veredito: v, distancia_metros: v === 'fora_do_raio' ? 850 + i : 12 + (i % 80), inicio: `${data}T13:${String(i % 60).padStart(2, '0')}:00Z`, resultado: i % 2 ? 'pedido' : 'sem_venda' });
        }
      }
      itens.push(base);
    }
  }
  return { itens };
}

let ultimaSemana = 0;
function api(hoje) {
  const json = (res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    return true;
  };
  return async (url, res) => {
    const p = url.pathname;
    if (p === '/crm/agenda') {
      const a = agenda(url.searchParams.get('de'), url.searchParams.get('ate'), hoje);
      ultimaSemana = a.itens.length;
      return json(res, a);
    }
    if (p.startsWith('/crm/')) return json(res, {});
    return false;
  };
}

async function main() {
  const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const out = await construir('calendario.html');
  const server = await servir(out, 'calendario.html', api(hoje));
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const erros = [];
    page.on('pageerror', (e) => erros.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/bench/calendario.html`);
    await page.waitForFunction(() => window.__bench?.pronto, null, { timeout: 60_000 });
    // The week the screen opens on (today's), as the server answers it.
    const iso = ((new Date(`${hoje}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const de = paraDia(Date.parse(`${hoje}T00:00:00Z`) - (iso - 1) * DIA);
    const esperadas = agenda(de, paraDia(Date.parse(`${de}T00:00:00Z`) + 6 * DIA), hoje).itens.length;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Warm-up (JIT, fonts): not counted.
    const primeira = await page.evaluate((n) => window.__bench.rodada(n), esperadas);
    const rodadas = [];
    for (let i = 0; i < ROUNDS; i++) rodadas.push(await page.evaluate((n) => window.__bench.rodada(n), esperadas));
    await context.close();
    if (erros.length) throw new Error(`page errors: ${erros.join('; ')}`);
    if (ultimaSemana !== esperadas) throw new Error(`the screen asked for another period (${ultimaSemana} lines, expected the week's ${esperadas})`);
    const ms = rodadas.map((x) => x.ms);
    const p50 = pct(ms, 50);
    console.log(`bench:calendario: /calendario week view (Chromium, 4x CPU slowdown, 360 px): a seller with ${CLIENTES} customers on visit frequencies, ${rodadas[0].linhas} lines over ${rodadas[0].dias} days`);
    console.log(
      `mount → every line of the week on screen and laid out: p50 ${p50.toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms over ${ROUNDS} rounds (next frame p50 ${pct(rodadas.map((x) => x.quadro), 50).toFixed(0)} ms; first, cold: ${primeira.ms.toFixed(0)} ms)  [budget p50 ≤ ${ORCAMENTO.renderMs} ms: ${passa(p50 <= ORCAMENTO.renderMs)}]`,
    );
    console.log(`  rounds: ${ms.map((x) => x.toFixed(0)).join(', ')} ms`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err) => {
  console.error(`bench:calendario error: ${err.message}`);
  process.exit(1);
});
