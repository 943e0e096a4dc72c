// What a customer stopped buying (issue 23), end to end against the real crm with its demo data
// (each demo seller's first customer buys a basket every other week and stopped buying half of it
// 60 days ago) and the Auth emulator: the customer's file lists it; a seller opens a new order for
// that customer, sees "Sugestão: N itens que este cliente costuma comprar" and adds a line with one
// tap, of the usual quantity, priced as any line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, esperarAte, launchBrowser, novoPedidoPara, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The demo seller's regular customer: the first of their portfolio with suggestions. */
async function clienteComSugestoes() {
  for (const n of [1, 3, 5, 7, 9, 11, 13, 15]) {
    const id = `demo-cliente-${String(n).padStart(5, '0')}`;
    const r = await apiAs(DEMO.vendedor, 'GET', `/vendas/sugestoes/${id}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (r.body.sugestoes.length) {
      const c = await apiAs(DEMO.vendedor, 'GET', `/clientes/${id}`);
      assert.equal(c.status, 200, JSON.stringify(c.body));
      return { cliente: c.body, sugestoes: r.body.sugestoes };
    }
  }
  assert.fail('nenhum cliente demo do vendedor tem sugestões: os pedidos demo não criaram o cliente regular');
}

describe('sugestões (what each customer stopped buying)', () => {
  it('the customer file lists it; a new order offers it and one tap adds a line of the usual quantity', async () => {
    const { cliente, sugestoes } = await clienteComSugestoes();
    const primeira = sugestoes[0];
    const produto = (await apiAs(DEMO.vendedor, 'GET', `/produtos/${primeira.produto_id}`)).body;
    const seller = await signedInContext(browser, DEMO.vendedor);
    try {
      const { page } = seller;
      // The customer's file.
      await page.goto(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      const naFicha = page.getByTestId('sugestoes-cliente');
      await naFicha.waitFor({ timeout: 30_000 });
      assert.equal(await naFicha.getByTestId('sugestao').count(), sugestoes.length);
      assert.match(await naFicha.getByTestId('sugestao').first().textContent(), new RegExp(`${primeira.quantidade_usual} .* · comprou em \\d dos últimos 6 meses`));

      // A new order for them.
      await novoPedidoPara(page, cliente);
      const secao = page.getByTestId('sugestoes-pedido');
      await secao.waitFor({ timeout: 30_000 });
      const n = sugestoes.length;
      assert.match(await secao.textContent(), new RegExp(`Sugestão: ${n === 1 ? '1 item' : `${n} itens`} que este cliente costuma comprar`));

      // One tap: the line, with the usual quantity, priced.
      await secao.locator(`[data-testid=sugestao][data-produto="${primeira.produto_id}"] ion-button`).click();
      await page.locator(`[data-testid=linha-pedido][data-produto="${produto.codigo}"]`).waitFor();
      assert.equal(await page.locator('input[name=quantidade-0]').inputValue(), String(primeira.quantidade_usual));
      await esperarAte(async () => !['', '—'].includes((await page.getByTestId('total-pedido').textContent())?.trim() ?? ''), 'a linha sugerida não foi precificada');
      // It is no longer offered.
      assert.equal(await page.locator(`[data-testid=sugestoes-pedido] [data-produto="${primeira.produto_id}"]`).count(), 0);
    } finally {
      await seller.context.close();
    }
  });
});
