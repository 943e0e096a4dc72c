// Orders for a manager (issue 21 §3), end to end against the real crm and the Auth emulator: the
// seller chosen in escolher filters the orders list and the approvals queue, the rows name the
// seller, and one "Aprovações" entry is offered (not two buttons that read alike).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, esperarAte, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** An order of seller email waiting for approval (40 % off 300 units: over the cap and the flex balance). */
async function pedidoAguardando(email, obs) {
  const r = await apiAs(email, 'GET', '/clientes?page_size=20&status=ativo');
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const cliente = r.body.clientes.find((c) => c.status === 'ativo');
  const id = randomUUID();
  const criado = await apiAs(email, 'POST', '/pedidos', {
    id,
    cliente_id: cliente.id,
    tipo: 'venda',
    observacoes: obs,
    itens: [{ produto_id: 'demo-produto-0003', quantidade: '300', desconto_percentual: 40 }],
  });
  assert.equal(criado.status, 200, JSON.stringify(criado.body));
  const enviado = await apiAs(email, 'POST', `/pedidos/${id}/enviar`, { versao: criado.body.versao });
  assert.equal(enviado.status, 200, JSON.stringify(enviado.body));
  assert.equal(enviado.body.status, 'aguardando_aprovacao');
  return enviado.body;
}

describe('orders for a SUPERVISOR (crm-vendas-pedidos)', () => {
  it('one "Aprovações" entry; rows name the seller; the seller chosen in escolher filters the approvals queue and the list', async () => {
    const m = `E2E-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const doVictor = await pedidoAguardando(DEMO.vendedor, `Pedido ${m} Victor`);
    const daVera = await pedidoAguardando(DEMO.vendedor2, `Pedido ${m} Vera`);
    const sup = await signedInContext(browser, DEMO.supervisor);
    try {
      const { page } = sup;
      await page.goto(`${BASE}/crm-vendas-pedidos`);
      const filtros = page.getByRole('group', { name: 'Filtrar por status' });
      await filtros.locator('ion-button').first().waitFor();
      const rotulos = (await filtros.locator('ion-button').allTextContents()).map((t) => t.trim());
      assert.equal(rotulos.filter((t) => /aprova/i.test(t)).length, 1, `uma entrada de aprovações: ${rotulos.join(' | ')}`);
      assert.ok(rotulos.includes('Aprovações'), rotulos.join(' | '));
      assert.equal(await page.getByTestId('filtro-vendedor').textContent(), 'Todos');

      // The queue: the team's, each row with its seller's name.
      await page.getByTestId('entrada-aprovacoes').click();
      await page.getByTestId('lista-aprovacoes').waitFor();
      const linha = (p) => page.locator(`[data-testid=lista-aprovacoes] [data-testid=linha-pedido-lista][data-numero="${p.numero}"]`);
      await linha(doVictor).waitFor({ timeout: 20_000 });
      await linha(daVera).waitFor();
      assert.equal(await linha(doVictor).getByTestId('vendedor-pedido').textContent(), 'Victor Vendedor');
      assert.equal(await linha(daVera).getByTestId('vendedor-pedido').textContent(), 'Vera Vendedora');

      // Vera, chosen in escolher: the queue has only hers.
      await page.locator('.barra-vendedor ion-button', { hasText: 'Trocar' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.getByTestId('opcoes-escolha').locator('button', { hasText: 'Vera Vendedora' }).click();
      await page.waitForURL((u) => u.pathname === '/crm-vendas-pedidos');
      await esperarAte(async () => (await page.getByTestId('filtro-vendedor').textContent()) === 'Vera Vendedora', 'o vendedor escolhido não aparece');
      await page.getByTestId('lista-aprovacoes').waitFor();
      await linha(daVera).waitFor({ timeout: 20_000 });
      assert.equal(await linha(doVictor).count(), 0, 'o pedido de outro vendedor segue na fila filtrada');
      const nomes = await page.locator('[data-testid=lista-aprovacoes] [data-testid=vendedor-pedido]').allTextContents();
      assert.ok(nomes.length > 0 && nomes.every((n) => n === 'Vera Vendedora'), nomes.join(', '));

      // The orders on the device follow the same choice.
      await page.getByRole('group', { name: 'Filtrar por status' }).locator('ion-button', { hasText: 'Todos' }).click();
      await page.getByTestId('lista-pedidos').waitFor();
      await esperarAte(async () => (await page.locator('[data-testid=lista-pedidos] [data-testid=vendedor-pedido]').count()) > 0, 'a lista de pedidos do aparelho ficou vazia');
      const daLista = await page.locator('[data-testid=lista-pedidos] [data-testid=vendedor-pedido]').allTextContents();
      assert.ok(daLista.every((n) => n === 'Vera Vendedora'), daLista.join(', '));
    } finally {
      await sup.context.close();
    }
  });
});
