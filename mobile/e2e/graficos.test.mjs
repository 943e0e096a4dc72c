// The charts (graficos, issue 23), end to end against the real crm (demo data) and the Auth
// emulator, on a 360 px phone: every chart is drawn (its canvas painted, no wider than the
// screen), its data table holds what GET /crm/vendas/ano-mes and GET /crm/painel answer (read
// here, not from the app's code); the supervisor sees the team's ranking and, after choosing a
// seller in escolher, that seller's months; a seller sees their own and no ranking; offline (a
// reload without a connection) the last figures with their date. A screenshot of the screen is
// kept in test-results/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, esperarAte, launchBrowser, recarregarSemConexao, signedInContext } from './helpers.mjs';

const TELEFONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dinheiro = (centavos) => BRL.format(Number(centavos) / 100).replace(/\s/g, ' ');
const espacos = (s) => (s ?? '').replace(/\s/g, ' ').trim();
const mes = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
const somarMeses = (m, n) => {
  const t = Number(m.slice(0, 4)) * 12 + Number(m.slice(5)) - 1 + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
};
const GRAFICOS = ['grafico-meta', 'grafico-ano-anterior', 'grafico-grupos'];

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
  mkdirSync('test-results', { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** Per month, the sum of the lines' values, and each month's goal, as the API answers them. */
async function mesesDaApi(email, vendedor = '') {
  const q = `/vendas/ano-mes?de=${somarMeses(mes, -23)}&ate=${mes}&por=vendedor${vendedor ? `&vendedor_id=${vendedor}` : ''}`;
  const r = await apiAs(email, 'GET', q);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const vendido = new Map();
  for (const l of r.body.linhas ?? []) for (const m of l.meses) vendido.set(m.mes, (vendido.get(m.mes) ?? 0) + Number(m.valor_centavos ?? 0));
  const meta = new Map((r.body.metas ?? []).map((m) => [m.mes, Number(m.meta_centavos ?? 0)]));
  assert.equal(meta.size, 24, `uma meta por mês do período: ${JSON.stringify(r.body.metas)}`);
  return { vendido, meta };
}

/** Waits for each chart to be drawn; its canvas's width and how many of its pixels are painted. */
async function desenhados(page, ids) {
  const out = {};
  for (const id of ids) {
    await page.locator(`[data-testid=${id}] .grafico-tela[data-desenhado]`).waitFor({ timeout: 30_000 });
    out[id] = await page.locator(`[data-testid=${id}] canvas`).evaluate((c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let pintados = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) pintados++;
      return { largura: c.getBoundingClientRect().width, direita: c.getBoundingClientRect().right, pintados };
    });
  }
  return out;
}

/** The "Vendido" and "Meta" cells of the goal chart's table, per month. */
async function tabelaDaMeta(page) {
  return page.locator('[data-testid=grafico-meta] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ mes: tr.dataset.mes, vendido: tr.cells[1].textContent.replace(/\s/g, ' '), meta: tr.cells[2].textContent.replace(/\s/g, ' ') })),
  );
}

function esperadoDaMeta({ vendido, meta }) {
  return Array.from({ length: 12 }, (_, i) => somarMeses(mes, i - 11)).map((m) => ({
    mes: m,
    vendido: dinheiro(vendido.get(m) ?? 0),
    meta: meta.get(m) ? dinheiro(meta.get(m)) : '—',
  }));
}

describe('graficos', () => {
  it('the supervisor, on a phone: the charts drawn with the API’s figures, the ranking, and a seller chosen in escolher', async () => {
    const { page, context } = await signedInContext(browser, DEMO.supervisor, { contextOptions: TELEFONE });
    try {
      await page.goto(`${BASE}/graficos`);
      const telas = await desenhados(page, [...GRAFICOS, 'grafico-ranking']);
      for (const [id, t] of Object.entries(telas)) {
        assert.ok(t.pintados > 500, `${id}: nada desenhado (${JSON.stringify(t)})`);
        assert.ok(t.largura > 250 && t.direita <= 360, `${id}: não cabe em 360 px (${JSON.stringify(t)})`);
      }
      // The team's months and goals.
      assert.deepEqual(await tabelaDaMeta(page), esperadoDaMeta(await mesesDaApi(DEMO.supervisor)));
      // The ranking: every seller of GET /crm/painel with their sold value.
      const painel = await apiAs(DEMO.supervisor, 'GET', `/painel?mes=${mes}`);
      assert.equal(painel.status, 200, JSON.stringify(painel.body));
      assert.ok(painel.body.ranking.length >= 2, JSON.stringify(painel.body.ranking));
      for (const l of painel.body.ranking) {
        const linha = page.locator(`[data-testid=grafico-ranking] tr[data-vendedor="${l.vendedor_id}"]`);
        assert.equal(espacos(await linha.locator('td').first().textContent()), dinheiro(l.vendido_centavos), l.vendedor_id);
      }
      // The groups: the largest first, as the API sums them.
      const grupos = await apiAs(DEMO.supervisor, 'GET', `/vendas/ano-mes?de=${somarMeses(mes, -11)}&ate=${mes}&por=grupo`);
      assert.equal(grupos.status, 200, JSON.stringify(grupos.body));
      const maior = grupos.body.linhas[0];
      const primeira = page.locator('[data-testid=grafico-grupos] tbody tr').first();
      assert.equal(await primeira.locator('th').textContent(), maior.nome);
      assert.equal(espacos(await primeira.locator('td').first().textContent()), dinheiro(maior.meses.reduce((a, m) => a + Number(m.valor_centavos ?? 0), 0)));
      // A text alternative for each canvas.
      for (const id of [...GRAFICOS, 'grafico-ranking']) {
        assert.match(await page.locator(`[data-testid=${id}] .grafico-tela`).getAttribute('aria-label'), /^\S.{30,}\.$/, id);
      }
      await page.screenshot({ path: 'test-results/graficos-supervisor-360px.png', fullPage: true });
      for (const id of [...GRAFICOS, 'grafico-ranking']) await page.getByTestId(id).screenshot({ path: `test-results/graficos-supervisor-360px-${id}.png` });

      // Victor, chosen in escolher: his months.
      await page.locator('.barra-vendedor ion-button', { hasText: 'Trocar' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.getByTestId('opcoes-escolha').locator('button', { hasText: 'Victor Vendedor' }).click();
      await page.waitForURL((u) => u.pathname === '/graficos');
      await esperarAte(async () => (await page.getByTestId('filtro-vendedor').textContent()) === 'Victor Vendedor', 'o vendedor escolhido não aparece');
      const dele = esperadoDaMeta(await mesesDaApi(DEMO.supervisor, 'demo-vendedor'));
      await esperarAte(async () => JSON.stringify(await tabelaDaMeta(page)) === JSON.stringify(dele), 'os gráficos não mostram os meses do vendedor escolhido');
      await desenhados(page, [...GRAFICOS, 'grafico-ranking']);
      assert.equal(await page.locator('[data-testid=grafico-ranking] tr.escolhido').getAttribute('data-vendedor'), 'demo-vendedor');
    } finally {
      await context.close();
    }
  });

  it('the seller: their own months, no ranking; offline the last figures with their date', async () => {
    const { page, context } = await signedInContext(browser, DEMO.vendedor, { contextOptions: TELEFONE });
    try {
      await page.goto(`${BASE}/graficos`);
      await desenhados(page, GRAFICOS);
      const online = await tabelaDaMeta(page);
      assert.deepEqual(online, esperadoDaMeta(await mesesDaApi(DEMO.vendedor)));
      assert.equal(await page.getByTestId('grafico-ranking').count(), 0);
      assert.equal(await page.getByTestId('numeros-de').count(), 0);
      await page.screenshot({ path: 'test-results/graficos-vendedor-360px.png', fullPage: true });
      // The service worker has the app (this route's chunk and uPlot too), so a reload without a connection starts it.
      await recarregarSemConexao(page, context);
      const aviso = page.getByTestId('numeros-de');
      await aviso.waitFor({ timeout: 30_000 });
      assert.match(await aviso.textContent(), /^Sem conexão — Números de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
      await desenhados(page, GRAFICOS);
      assert.deepEqual(await tabelaDaMeta(page), online);
    } finally {
      await context.close();
    }
  });
});
