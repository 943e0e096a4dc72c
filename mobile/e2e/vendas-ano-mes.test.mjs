// Sales month by month (vendas-ano-mes, issue 23), end to end against the real crm (demo data) and
// the Auth emulator: a seller sees their months with values equal to an independent sum over
// GET /crm/pedidos of their counting orders; a supervisor switches seller in escolher and sees that
// seller; a month opens its orders; offline (a reload without a connection) the last figures
// fetched show with their date and time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, esperarAte, launchBrowser, recarregarSemConexao, signedInContext } from './helpers.mjs';

// The statuses that count, read from the contract itself (not from the app's code).
const CONTRATO = JSON.parse(readFileSync(new URL('../../contracts/pedidos.json', import.meta.url), 'utf8'));
const CONTAM = new Set(CONTRATO.conjuntos.find((c) => c.nome === 'ContaNosResumos').status);
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dinheiro = (centavos) => BRL.format(centavos / 100).replace(/\s/g, ' ');
const mesEmSaoPaulo = (iso) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);

/** The last 12 months, this one included ("AAAA-MM"). */
function ultimos12() {
  const ate = mesEmSaoPaulo(new Date().toISOString());
  let [a, m] = ate.split('-').map(Number);
  const meses = [];
  for (let i = 0; i < 12; i++) {
    meses.unshift(`${a}-${String(m).padStart(2, '0')}`);
    if (--m === 0) [a, m] = [a - 1, 12];
  }
  return meses;
}

/** Per month, the products' value of the seller's counting orders, summed over every page of GET /pedidos. */
async function somaIndependente(email, vendedor) {
  const porMes = new Map();
  let token = '';
  for (let i = 0; i < 200; i++) {
    const q = new URLSearchParams({ page_size: '200', vendedor });
    if (token) q.set('page_token', token);
    const r = await apiAs(email, 'GET', `/pedidos?${q}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    for (const p of r.body.pedidos) {
      if (p.vendedor_id !== vendedor || !CONTAM.has(p.status) || p.excluido) continue;
      const mes = mesEmSaoPaulo(p.enviado_em || p.criado_em);
      porMes.set(mes, (porMes.get(mes) ?? 0) + Number(p.total_produtos_centavos));
    }
    token = r.body.next_page_token;
    if (!token) break;
  }
  return porMes;
}

/** The values a row shows, by month. */
async function valoresDaLinha(page, vendedor) {
  const linha = page.locator(`[data-testid=linha-ano-mes][data-chave="${vendedor}"]`);
  await linha.waitFor({ timeout: 20_000 });
  return linha.evaluate((tr) => Object.fromEntries([...tr.querySelectorAll('td[data-mes]')].map((td) => [td.dataset.mes, td.querySelector('.nowrap').textContent.replace(/\s/g, ' ')])));
}

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('vendas-ano-mes', () => {
  it("a seller sees their last 12 months, each equal to the sum of their counting orders; a month opens its orders", async () => {
    const meses = ultimos12();
    const esperado = await somaIndependente(DEMO.vendedor, 'demo-vendedor');
    assert.ok(meses.some((m) => (esperado.get(m) ?? 0) > 0), 'a demo deveria ter vendas nos últimos 12 meses');
    const { page, context } = await signedInContext(browser, DEMO.vendedor);
    try {
      await page.goto(`${BASE}/vendas-ano-mes`);
      const vistos = await valoresDaLinha(page, 'demo-vendedor');
      assert.deepEqual(Object.keys(vistos), meses);
      for (const m of meses) assert.equal(vistos[m], dinheiro(esperado.get(m) ?? 0), `mês ${m}`);
      // Only their own row.
      assert.equal(await page.getByTestId('linha-ano-mes').count(), 1);

      // The month with the most sales opens its orders.
      const maior = meses.reduce((a, b) => ((esperado.get(b) ?? 0) > (esperado.get(a) ?? 0) ? b : a));
      await page.locator(`[data-testid=linha-ano-mes] td[data-mes="${maior}"] a[data-testid=celula-mes]`).click();
      await page.waitForURL((u) => u.pathname === '/crm-vendas-pedidos' && u.searchParams.get('mes') === maior);
      const lista = page.getByTestId('pedidos-do-mes');
      await lista.waitFor();
      await esperarAte(async () => (await lista.locator('a[href*="crm-vendas-pedidos?id="]').count()) > 0, `nenhum pedido de ${maior} na lista`, { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('a supervisor switches seller in escolher and sees that seller', async () => {
    const meses = ultimos12();
    const esperado = await somaIndependente(DEMO.supervisor, 'demo-vendedor2');
    const { page, context } = await signedInContext(browser, DEMO.supervisor);
    try {
      await page.goto(`${BASE}/vendas-ano-mes`);
      await page.getByTestId('tabela-ano-mes').waitFor({ timeout: 20_000 });
      await page.locator('.barra-vendedor ion-button', { hasText: 'Trocar' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.getByTestId('opcoes-escolha').locator('button', { hasText: 'Vera Vendedora' }).click();
      await page.waitForURL((u) => u.pathname === '/vendas-ano-mes');
      await esperarAte(async () => (await page.getByTestId('filtro-vendedor').textContent()) === 'Vera Vendedora', 'o vendedor escolhido não aparece');
      await esperarAte(async () => {
        const chaves = await page.getByTestId('linha-ano-mes').evaluateAll((trs) => trs.map((tr) => tr.dataset.chave));
        return chaves.length === 1 && chaves[0] === 'demo-vendedor2';
      }, 'a tabela não mostra só a vendedora escolhida', { timeout: 20_000 });
      const vistos = await valoresDaLinha(page, 'demo-vendedor2');
      for (const m of meses) assert.equal(vistos[m], dinheiro(esperado.get(m) ?? 0), `mês ${m}`);
    } finally {
      await context.close();
    }
  });

  it('offline, the last figures fetched show with their date and time', async () => {
    const { page, context } = await signedInContext(browser, DEMO.vendedor);
    try {
      await page.goto(`${BASE}/vendas-ano-mes`);
      const online = await valoresDaLinha(page, 'demo-vendedor');
      assert.equal(await page.getByTestId('numeros-de').count(), 0);
      // The service worker has the app, so a reload without a connection starts it.
      await recarregarSemConexao(page, context);
      const aviso = page.getByTestId('numeros-de');
      await aviso.waitFor({ timeout: 30_000 });
      assert.match(await aviso.textContent(), /^Sem conexão — Números de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
      assert.deepEqual(await valoresDaLinha(page, 'demo-vendedor'), online);
      assert.equal(await page.locator('.center-box[role=alert]').count(), 0, 'sem erro: a cópia do aparelho está na tela');
    } finally {
      await context.close();
    }
  });
});
