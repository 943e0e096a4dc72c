// First impression (issue 12): what a newcomer reads. Against the real crm with the demo company,
// the Auth emulator and Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, checkEnvironment, launchBrowser, newContext, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('first impression', () => {
  it('the landing page lists only what exists; orders, goals, agenda and check-in as "Em breve"', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${BASE}/landing`);
      await page.getByTestId('em-breve').waitFor();
      const recursos = await page.locator('.shortcut strong').allTextContents();
      assert.deepEqual(recursos, ['Clientes', 'Carteira', 'Regiões', 'Pesquisas', 'Trabalho sem sinal', 'Gestão']);
      assert.equal(await page.getByTestId('em-breve').textContent(), 'Em breve: Pedidos, Metas, Agenda, Check-in.');
    } finally {
      await context.close();
    }
  });

  it('the company is shown by its name, not its id, on the home screens and the profile', async () => {
    const { context, page } = await signedInContext(browser, DEMO.vendedor);
    try {
      await page.getByTestId('empresa').filter({ hasText: 'Demo Distribuidora' }).waitFor();
      await page.goto(`${BASE}/profile`);
      await page.locator('ion-item', { hasText: 'Empresa' }).filter({ hasText: 'Demo Distribuidora' }).waitFor();
      await page.goto(`${BASE}/home`);
      await page.getByTestId('empresa').filter({ hasText: 'Demo Distribuidora' }).waitFor();
      // Kept on the device after a reload, never in a localStorage key of its own.
      await page.reload();
      await page.getByTestId('empresa').filter({ hasText: 'Demo Distribuidora' }).waitFor();
      const chaves = await page.evaluate(() => Object.keys(localStorage));
      assert.ok(!chaves.some((k) => !['UID', 'empresa', 'filtro_vendedor', 'filtro_vendedor_id', 'firebase_email', 'firebase_nome', 'medida', 'nome_operador', 'operador', 'perfil', 'usuario', 'localizacao', 'latitude', 'longitude', 'rememberedEmail'].includes(k)), chaves.join());
    } finally {
      await context.close();
    }
  });

  it('"Exibir medida" is explained where it is set (the operator form)', async () => {
    const { context, page } = await signedInContext(browser, DEMO.admin);
    try {
      await page.goto(`${BASE}/admin/operadores/novo`);
      const ajuda = page.locator('#ajuda-exibir-medida');
      await ajuda.waitFor();
      assert.match(await ajuda.textContent(), /unidade de venda .* ao lado dos produtos e das quantidades/);
      assert.equal(await page.locator('ion-toggle', { hasText: 'Exibir medida' }).getAttribute('aria-describedby'), 'ajuda-exibir-medida');
    } finally {
      await context.close();
    }
  });
});
