// A new seller's first day on a slow network (issue 21 §1): while the portfolio's first copy is
// under way, the screens say how far it is ("Baixando a carteira: 500 de 1.000 clientes"), never
// "Nenhum cliente", and a customer or a product typed in the order entry is found by the server
// search before the copy reaches them. The feed's pages are held back by the test (page.route)
// until it lets them through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, esperarAte, launchBrowser, newContext, signInWithPassword } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const TAMANHO_PAGINA = 500; // the app's page of the customers' feed (entities/cliente/colecao)
const PRIMEIRA_PAGINA = 100; // a first copy's first page (lib/sync/colecao)
const numero = (n) => n.toLocaleString('pt-BR');
const dobrar = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The seller's feed as the app reads it: the first page, and every customer after it. */
async function feedDoVendedor() {
  const primeira = await apiAs(DEMO.vendedor, 'GET', `/clientes/alteracoes?page_size=${PRIMEIRA_PAGINA}`);
  assert.equal(primeira.status, 200, JSON.stringify(primeira.body));
  assert.ok(primeira.body.mais, 'the seller has more than one page of customers');
  const depois = [];
  let cursor = primeira.body.cursor;
  for (let mais = true; mais; ) {
    const r = await apiAs(DEMO.vendedor, 'GET', `/clientes/alteracoes?page_size=${TAMANHO_PAGINA}&desde=${encodeURIComponent(cursor)}`);
    assert.equal(r.status, 200);
    depois.push(...r.body.alteracoes.filter((a) => a.cliente).map((a) => a.cliente));
    ({ cursor, mais } = r.body);
  }
  return { total: primeira.body.total, primeiros: primeira.body.alteracoes.filter((a) => a.cliente).map((a) => a.cliente), depois };
}

/** A feed's first page (desde '') goes through; the later ones wait until `liberar()`. */
async function segurarPaginasSeguintes(context, feed) {
  let liberar;
  const liberado = new Promise((ok) => (liberar = ok));
  let n = 0;
  await context.route(feed, async (route) => {
    if ((new URL(route.request().url()).searchParams.get('desde') ?? '') !== '') {
      n++;
      await liberado;
    }
    await route.continue().catch(() => undefined);
  });
  return { liberar, segurados: () => n };
}

describe('first copy on a slow network (seller)', () => {
  it('says "Baixando a carteira: n de m" and finds a customer by name through the server before the copy has them', async () => {
    const feed = await feedDoVendedor();
    assert.ok(feed.total >= 1000, `the demo seller's portfolio: ${feed.total}`);
    // A customer only the pages held back bring, with a name no one in the first page shares.
    const nomesDaPrimeira = new Set(feed.primeiros.map((c) => dobrar(c.nome)));
    const repetidos = new Map();
    for (const c of feed.depois) repetidos.set(dobrar(c.nome), (repetidos.get(dobrar(c.nome)) ?? 0) + 1);
    const alvo = feed.depois.find((c) => c.status === 'ativo' && !nomesDaPrimeira.has(dobrar(c.nome)) && repetidos.get(dobrar(c.nome)) === 1);
    assert.ok(alvo, 'a customer of the later pages with a name of its own');

    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    // The feed's first page goes through; the others wait until the test lets them.
    const { liberar, segurados } = await segurarPaginasSeguintes(context, /\/crm\/clientes\/alteracoes\?/);
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);

      // The order entry: the portfolio's progress, then the customer typed, found on the server.
      await page.goto(`${BASE}/crm-vendas-pedidos-incluir`);
      const progresso = page.getByTestId('progresso-copia').first();
      const esperado = `Baixando a carteira: ${numero(feed.primeiros.length)} de ${numero(feed.total)} clientes`;
      await page.getByText(esperado).first().waitFor({ timeout: 30_000 });
      assert.ok(segurados() > 0, 'the second page is held back');
      assert.equal(await page.getByText('Nenhum cliente').count(), 0, 'never "Nenhum cliente" during the first copy');

      await page.locator('input[name=busca-cliente]').fill(alvo.nome);
      const sugestao = page.locator('ul[aria-label="Clientes encontrados"] li[data-origem=servidor]', { hasText: alvo.nome });
      await sugestao.first().waitFor({ timeout: 15_000 });
      assert.match(await sugestao.first().innerText(), /do servidor/);
      await sugestao.first().locator('button').click();
      await page.getByTestId('cliente-escolhido').filter({ hasText: alvo.nome }).waitFor();

      // The customers' search screen says the same (the copy has still not reached the customer
      // chosen above) and searches the server meanwhile.
      await page.goto(`${BASE}/crm-clientes-buscar`);
      await page.getByText(new RegExp(`^Baixando a carteira: (?:${numero(feed.primeiros.length)}|${numero(feed.primeiros.length + 1)}) de ${numero(feed.total)} clientes$`)).first().waitFor();
      await page.locator('input[name=busca]').fill(alvo.nome);
      await page.locator('[data-testid=resultados-busca][data-origem=servidor] li', { hasText: alvo.nome }).first().waitFor({ timeout: 15_000 });
      assert.match(await page.getByTestId('contagem-busca').innerText(), /Resultados do servidor/);

      // The held pages arrive: the progress goes away and the search runs over the device copy.
      liberar();
      await progresso.waitFor({ state: 'detached', timeout: 60_000 });
      await page.goto(`${BASE}/crm-clientes-buscar`);
      await page.locator('input[name=busca]').fill(alvo.nome);
      await page.locator('[data-testid=resultados-busca] li', { hasText: alvo.nome }).first().waitFor();
      assert.equal(await page.locator('[data-testid=resultados-busca][data-origem=servidor]').count(), 0, 'the device copy answers once complete');
      assert.match(await page.getByTestId('contagem-busca').innerText(), /cliente/);
    } finally {
      liberar();
      await context.close();
    }
  });

  it('a product search in the order entry during the catalogue\'s first copy finds, through the server, a product the device has not copied', async () => {
    // An active product with a description of its own (the catalogue repeats descriptions across sizes).
    const r = await apiAs(DEMO.vendedor, 'GET', '/produtos?ativo=true&page_size=500');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const vezes = new Map();
    for (const p of r.body.produtos) vezes.set(dobrar(p.descricao), (vezes.get(dobrar(p.descricao)) ?? 0) + 1);
    const alvo = [...r.body.produtos].reverse().find((p) => vezes.get(dobrar(p.descricao)) === 1);
    assert.ok(alvo, 'an active product with a description of its own');

    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    // Every page of the catalogue's feed waits until the test lets it through: the device has no product.
    let liberar;
    const liberado = new Promise((ok) => (liberar = ok));
    let segurou;
    const segurado = new Promise((ok) => (segurou = ok));
    await context.route(/\/crm\/produtos\/alteracoes\?/, async (route) => {
      segurou();
      await liberado;
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);
      await page.goto(`${BASE}/crm-vendas-pedidos-incluir`);
      await page.getByText(/^Baixando o catálogo/).first().waitFor({ timeout: 30_000 });
      // The catalogue's first page is asked for (after the portfolio's pages) and held.
      let prazo;
      await Promise.race([segurado, new Promise((_, falha) => (prazo = setTimeout(() => falha(new Error('the catalogue feed was not asked for in 60 s')), 60_000)))]);
      clearTimeout(prazo);

      await page.locator('input[name=busca-produto]').fill(alvo.descricao);
      const sugestao = page.locator('ul[aria-label="Produtos encontrados"] li[data-origem=servidor]', { hasText: alvo.descricao });
      await sugestao.first().waitFor({ timeout: 15_000 });
      assert.match(await sugestao.first().innerText(), /do servidor/);
      // Chosen, it is kept on the device: the order's line names it (the catalogue's copy has not reached it).
      await sugestao.first().locator('button').click();
      await page.locator(`[data-testid=linha-pedido][data-produto="${alvo.codigo}"]`, { hasText: alvo.descricao }).waitFor({ timeout: 15_000 });
      assert.equal(await page.getByText('Produto fora do catálogo').count(), 0);
    } finally {
      liberar();
      await context.close();
    }
  });

  it('listas during the catalogue\'s first copy: its search finds, through the server, a product the device has not copied, shown without a price until the catalogue is copied', async () => {
    // The catalogue's first page (the app's, PRIMEIRA_PAGINA) goes through; a product of the
    // later ones, active, with a description of its own, is searched.
    const primeira = await apiAs(DEMO.vendedor, 'GET', `/produtos/alteracoes?page_size=${PRIMEIRA_PAGINA}`);
    assert.equal(primeira.status, 200, JSON.stringify(primeira.body));
    const copiados = new Set(primeira.body.alteracoes.map((a) => a.id));
    const r = await apiAs(DEMO.vendedor, 'GET', '/produtos?ativo=true&page_size=500');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const vezes = new Map();
    for (const p of r.body.produtos) vezes.set(dobrar(p.descricao), (vezes.get(dobrar(p.descricao)) ?? 0) + 1);
    const alvo = [...r.body.produtos].reverse().find((p) => !copiados.has(p.id) && vezes.get(dobrar(p.descricao)) === 1);
    assert.ok(alvo, 'an active product of the later pages with a description of its own');

    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const { liberar, segurados } = await segurarPaginasSeguintes(context, /\/crm\/produtos\/alteracoes\?/);
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);
      await page.goto(`${BASE}/listas`);
      await page.getByText(/^Baixando o catálogo/).first().waitFor({ timeout: 60_000 });
      await esperarAte(() => segurados() > 0, 'the catalogue\'s second page is asked for and held', { timeout: 60_000 });

      await page.locator('input[name=busca]').fill(alvo.descricao);
      const linha = page.locator('[data-testid=linha-produto][data-origem=servidor]', { hasText: alvo.descricao });
      await linha.first().waitFor({ timeout: 15_000 });
      const texto = await linha.first().innerText();
      assert.match(texto, /do servidor/);
      assert.match(texto, /preço ao copiar o catálogo/);
      assert.equal(await page.getByText('Nenhum produto encontrado.').count(), 0);

      // Opened, it is kept on the device: its page shows it (the copy has not reached it).
      await linha.first().click();
      await page.waitForURL(/\/listas-produto\?/);
      await page.getByText(alvo.descricao).first().waitFor({ timeout: 15_000 });
      assert.equal(await page.getByText('Produto não encontrado no aparelho').count(), 0);
    } finally {
      liberar();
      await context.close();
    }
  });

  it('offline before the copy is complete: says the copy is incomplete instead of "Nenhum cliente"', async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    let liberar;
    const liberado = new Promise((ok) => (liberar = ok));
    await context.route(/\/crm\/clientes\/alteracoes\?/, async (route) => {
      const desde = new URL(route.request().url()).searchParams.get('desde') ?? '';
      if (desde !== '') {
        await liberado;
        await route.abort('internetdisconnected').catch(() => undefined);
        return;
      }
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);
      await page.goto(`${BASE}/crm-vendas-pedidos-incluir`);
      await page.getByText(/Baixando a carteira: [\d.]+ de [\d.]+ clientes/).first().waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      liberar();
      await page.getByText('A carteira ainda está sendo baixada: conecte-se para buscar todos os clientes.').first().waitFor({ timeout: 15_000 });
      await page.locator('input[name=busca-cliente]').fill('zzzz inexistente');
      assert.equal(await page.getByText('Nenhum cliente').count(), 0);
      // The customers' list, open when the connection drops, shows the incomplete copy and says so.
      await context.setOffline(false);
      await page.evaluate(() => {
        window.history.pushState({}, '', '/crm-clientes');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.locator('input[name=cidade]').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      await page.getByTestId('aviso-copia').waitFor({ timeout: 15_000 });
      await page.getByText('A carteira ainda está sendo baixada: conecte-se para buscar todos os clientes.').first().waitFor();
      assert.equal(await page.getByText(/Nenhum cliente/).count(), 0, 'no empty result from an incomplete copy');
    } finally {
      liberar();
      await context.close();
    }
  });
});
