// `listas` (issue 10): the price tables and their prices from the device copy of the catalogue.
// Against the real crm (demo catalogue: 1,500 products, a default table and one per region) and
// the Auth emulator: an ADMIN imports a price file on the table's screen, a seller sees the new
// price in `listas` after the sync, and again with no connection (from the device).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, closeAlert, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const brl = (centavos) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(centavos / 100);

/** The list's row of a product (searched by its code). */
async function linhaDoProduto(page, codigo) {
  const busca = page.locator('input[name=busca]');
  await busca.fill(codigo);
  const linha = page.getByTestId('lista-produtos').locator(`[data-codigo="${codigo}"]`);
  await linha.waitFor({ timeout: 30_000 });
  return linha;
}

describe('listas: price tables from the device', () => {
  it('ADMIN imports a price file; the seller sees the new price in listas, and offline after the sync', async () => {
    const tabelas = (await apiAs(DEMO.admin, 'GET', '/tabelas-preco')).body.tabelas;
    const padrao = tabelas.find((t) => t.padrao);
    assert.ok(padrao, 'a demo tem uma tabela padrão');
    const produtos = (await apiAs(DEMO.admin, 'GET', '/produtos?ativo=true&page_size=50')).body.produtos;
    // A product priced in the default table.
    const precos = (await apiAs(DEMO.admin, 'GET', `/tabelas-preco/${padrao.id}/precos?page_size=200`)).body.precos;
    const produto = produtos.find((p) => precos.some((x) => x.produto_id === p.id));
    assert.ok(produto);
    const antes = Number(precos.find((x) => x.produto_id === produto.id).preco_centavos);
    const novo = antes + 1234;

    const { context, page } = await signedInContext(browser, DEMO.vendedor);
    try {
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
      await page.goto(`${BASE}/listas?tabela=${encodeURIComponent(padrao.id)}`);
      // The catalogue comes to the device (1,500 products, 3 tables of prices).
      await page.getByTestId('contagem-produtos').filter({ hasText: /\d[\d.]* produtos na tabela · catálogo de / }).waitFor({ timeout: 90_000 });
      assert.match(await page.getByTestId('contagem-produtos').textContent(), /^1\.\d{3} produtos na tabela/);
      let linha = await linhaDoProduto(page, produto.codigo);
      assert.equal(await linha.getByTestId('preco-tabela').textContent(), brl(antes));

      // The ADMIN imports a price file on the table's screen.
      const admin = await signedInContext(browser, DEMO.admin);
      try {
        await admin.page.goto(`${BASE}/admin/tabelas-preco/${padrao.id}`);
        await admin.page.locator('ion-button', { hasText: 'Importar preços (CSV)' }).click();
        const imp = admin.page.getByTestId('importar-precos');
        const csv = `codigo;preco\n${produto.codigo};${(novo / 100).toFixed(2).replace('.', ',')}\n`;
        await imp.locator('input[type=file]').setInputFiles({ name: 'precos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await imp.locator('ion-button', { hasText: 'Gravar 1 preço(s)' }).click();
        await closeAlert(admin.page, 'OK');
        await imp.getByText('Importação concluída: 0 preço(s) criado(s), 1 atualizado(s).').waitFor();
      } finally {
        await admin.context.close();
      }

      // The device catches up when the app comes back (here: a reload), through the prices' feed.
      await page.reload();
      linha = await linhaDoProduto(page, produto.codigo);
      await linha.getByTestId('preco-tabela').filter({ hasText: brl(novo) }).waitFor({ timeout: 60_000 });

      // No connection: the app starts from the service worker, the list and the product page from
      // the device.
      await context.setOffline(true);
      await page.reload();
      linha = await linhaDoProduto(page, produto.codigo);
      assert.equal(await linha.getByTestId('preco-tabela').textContent(), brl(novo));
      await linha.click();
      await page.waitForURL(/\/listas-produto\?/);
      assert.equal(await page.getByTestId('descricao-produto').textContent(), produto.descricao);
      await page.getByTestId('precos-nas-tabelas').getByText(brl(novo)).first().waitFor();
    } finally {
      await context.setOffline(false);
      // Put the demo price back.
      await apiAs(DEMO.admin, 'PUT', `/tabelas-preco/${padrao.id}/precos/${produto.id}`, { preco_centavos: String(antes) });
      await context.close();
    }
  });

  it("a seller sees their customers' tables and what a product costs a chosen customer", async () => {
    const { context, page } = await signedInContext(browser, DEMO.vendedor);
    try {
      await page.goto(`${BASE}/listas`);
      await page.getByTestId('contagem-produtos').filter({ hasText: /\d[\d.]* produtos na tabela/ }).waitFor({ timeout: 90_000 });
      // Only the tables of the seller's customers are offered.
      const opcoes = await page.locator('select[name=tabela] option').allTextContents();
      const tabelas = (await apiAs(DEMO.admin, 'GET', '/tabelas-preco')).body.tabelas;
      assert.ok(opcoes.length >= 1 && opcoes.length <= tabelas.length, opcoes.join(', '));

      // Filter by group: every row is of that group.
      const grupos = (await page.locator('select[name=grupo] option').allTextContents()).slice(1);
      assert.ok(grupos.length >= 10, grupos.join(', '));
      await page.locator('select[name=grupo]').selectOption({ label: grupos[0] });
      await page.getByTestId('contagem-produtos').filter({ hasText: / de [\d.]+ produtos/ }).waitFor();

      // A customer: the table that applies to them, and a product's price for them with the reasons.
      await page.getByTestId('escolher-cliente').click();
      await page.waitForURL(/\/escolher/);
      await page.getByTestId('opcoes-escolha').locator('button.linha').first().click();
      await page.waitForURL(/\/listas\?.*cliente=/);
      await page.getByTestId('tabela-do-cliente').filter({ hasText: /Tabela do cliente: / }).waitFor();
      await page.getByTestId('lista-produtos').locator('a').first().click();
      await page.waitForURL(/\/listas-produto\?.*cliente=/);
      await page.getByTestId('detalhe-preco').getByText('Total com impostos').waitFor();
      assert.match(await page.getByTestId('detalhe-preco').textContent(), /Preço de tabela.*R\$.*Preço unitário.*R\$/s);
    } finally {
      await context.close();
    }
  });
});
