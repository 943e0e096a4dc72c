// First impression (issue 12): what a newcomer reads. Against the real crm with the demo company,
// the Auth emulator and Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, launchBrowser, newContext, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('first impression', () => {
  it('the landing page lists only what exists; goals, agenda and check-in as "Em breve"', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${BASE}/landing`);
      await page.getByTestId('em-breve').waitFor();
      const recursos = await page.locator('.shortcut strong').allTextContents();
      assert.deepEqual(recursos, ['Clientes', 'Carteira', 'Regiões', 'Produtos e preços', 'Pedidos', 'Pesquisas', 'Trabalho sem sinal', 'Gestão']);
      assert.equal(await page.getByTestId('em-breve').textContent(), 'Em breve: Metas, Agenda, Check-in.');
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
      // Ionic's helper text: shown under the label, and the toggle (role switch) is described by it.
      const toggle = page.locator('ion-toggle', { hasText: 'Exibir medida' });
      const ajuda = toggle.locator('.helper-text');
      await ajuda.waitFor();
      assert.match(await ajuda.textContent(), /unidade de venda .* ao lado dos produtos e das quantidades/);
      const descrito = await toggle.getAttribute('aria-describedby');
      assert.equal(await toggle.locator(`#${descrito}`).textContent(), await ajuda.textContent());
    } finally {
      await context.close();
    }
  });

  it('only sellers own portfolios: the summary and the pickers leave out ADMIN and SUPERVISOR, and the server refuses them', async () => {
    const { context, page } = await signedInContext(browser, DEMO.admin);
    try {
      await page.goto(`${BASE}/carteira`);
      const resumo = page.getByTestId('resumo-carteira');
      await resumo.locator('tr[data-vendedor="demo-vendedor"]').waitFor();
      // Other test files may have added sellers to the same server: the demo's are there, the
      // ADMIN and the SUPERVISOR are not.
      const donos = await resumo.locator('tr[data-vendedor]').evaluateAll((trs) => trs.map((tr) => tr.dataset.vendedor));
      assert.ok(donos.includes('demo-vendedor') && donos.includes('demo-vendedor2'), donos.join());
      assert.ok(!donos.includes('demo-admin') && !donos.includes('demo-supervisor'), donos.join());
      const transferir = page.locator('section[aria-label="Transferir carteira"]');
      await transferir.locator('select[name=para_vendedor] option[value="demo-vendedor2"]').waitFor({ state: 'attached' });
      for (const campo of ['de_vendedor', 'para_vendedor']) {
        const valores = await transferir.locator(`select[name=${campo}] option`).evaluateAll((os) => os.map((o) => o.value));
        assert.ok(valores.includes('demo-vendedor') && valores.includes('demo-vendedor2'), `${campo}: ${valores}`);
        assert.ok(!valores.includes('demo-admin') && !valores.includes('demo-supervisor'), `${campo}: ${valores}`);
      }
    } finally {
      await context.close();
    }
    const r = await apiAs(DEMO.admin, 'POST', '/carteira/atribuir', { cliente_ids: ['demo-cliente-00001'], vendedor_id: 'demo-supervisor' });
    assert.equal(r.status, 400);
    assert.equal(r.body.mensagem, 'Só vendedores têm carteira: escolha um operador com perfil Vendedor.');
  });

  it('places are shown as a map link, never as raw coordinates (access log, "Usar minha localização")', async () => {
    const geo = { geolocation: { latitude: -23.55052, longitude: -46.63331 }, permissions: ['geolocation'] };
    const { context, page } = await signedInContext(browser, DEMO.admin, { contextOptions: geo });
    try {
      // The sign-in recorded the position; the access log links it to a map.
      await page.goto(`${BASE}/admin/acessos`);
      const local = page.getByTestId('local-acesso').filter({ has: page.locator('a', { hasText: 'Ver no mapa' }) }).first();
      await local.waitFor();
      assert.equal(await local.locator('a').getAttribute('href'), 'https://www.google.com/maps/search/?api=1&query=-23.550520,-46.633310');
      assert.doesNotMatch(await local.textContent(), /-23[.,]5|-46[.,]6/);

      // The address form: the position is marked and linked, not printed.
      await page.goto(`${BASE}/enderecos?cliente=demo-cliente-00001`);
      await page.getByTestId('lista-enderecos').waitFor();
      await page.locator('ion-button', { hasText: 'Incluir endereço' }).click();
      await page.locator('ion-button', { hasText: 'Usar minha localização' }).click();
      const pos = page.getByTestId('posicao-endereco');
      await pos.waitFor();
      assert.match(await pos.textContent(), /Posição marcada/);
      assert.doesNotMatch(await pos.textContent(), /-23[.,]5|-46[.,]6/);
      assert.equal(await pos.locator('a', { hasText: 'Ver no mapa' }).getAttribute('href'), 'https://www.google.com/maps/search/?api=1&query=-23.550520,-46.633310');
    } finally {
      await context.close();
    }
  });

  it('a wide screen (≥ 1024 px) uses the width: side menu and a sortable customers table; a phone keeps the list', async () => {
    const { context, page } = await signedInContext(browser, DEMO.admin, { contextOptions: { viewport: { width: 1366, height: 800 } } });
    try {
      await page.getByTestId('menu-lateral').waitFor();
      await page.getByTestId('menu-lateral').getByRole('link', { name: 'Clientes', exact: true }).click();
      await page.waitForURL(`${BASE}/crm-clientes`);
      const tabela = page.getByTestId('tabela-clientes');
      await tabela.locator('tbody tr').first().waitFor();
      assert.equal(await page.getByTestId('lista-clientes').count(), 0);
      const largura = await tabela.evaluate((t) => t.getBoundingClientRect().width);
      assert.ok(largura > 700, `tabela com ${largura}px`);
      const coluna = async (i) => tabela.locator(`tbody tr td:nth-child(${i})`).allTextContents();
      const ordenada = (l, dir) => l.every((x, k) => k === 0 || dir * l[k - 1].localeCompare(x, 'pt-BR', { sensitivity: 'base', numeric: true }) <= 0);
      // By city, then the other way.
      await tabela.locator('th button[data-coluna="cidade"]').click();
      assert.equal(await tabela.locator('th', { has: page.locator('[data-coluna="cidade"]') }).getAttribute('aria-sort'), 'ascending');
      assert.ok(ordenada(await coluna(3), 1), 'cidades em ordem crescente');
      await tabela.locator('th button[data-coluna="cidade"]').click();
      assert.equal(await tabela.locator('th', { has: page.locator('[data-coluna="cidade"]') }).getAttribute('aria-sort'), 'descending');
      assert.ok(ordenada(await coluna(3), -1), 'cidades em ordem decrescente');
      // A row opens the customer.
      const id = await tabela.locator('tbody tr').first().getAttribute('data-id');
      await tabela.locator('tbody tr').first().locator('td').nth(1).click();
      await page.waitForURL(`${BASE}/crm-clientes-ficha?id=${id}`);

      // The operators too: a table sortable by profile, a row opens the operator.
      await page.goto(`${BASE}/admin/operadores`);
      const ops = page.getByTestId('tabela-operadores');
      await ops.locator('tbody tr').first().waitFor();
      assert.equal(await page.getByTestId('lista-operadores').count(), 0);
      await ops.locator('th button[data-coluna="perfil"]').click();
      assert.ok(ordenada(await ops.locator('tbody tr td:nth-child(3)').allTextContents(), 1), 'perfis em ordem crescente');
      const op = await ops.locator('tbody tr').first().getAttribute('data-id');
      await ops.locator('tbody tr').first().locator('td').nth(2).click();
      await page.waitForURL(`${BASE}/admin/operadores/${encodeURIComponent(op)}`);
    } finally {
      await context.close();
    }
    const celular = await signedInContext(browser, DEMO.admin);
    try {
      await celular.page.goto(`${BASE}/crm-clientes`);
      await celular.page.getByTestId('lista-clientes').waitFor();
      assert.equal(await celular.page.getByTestId('menu-lateral').count(), 0);
      assert.equal(await celular.page.getByTestId('tabela-clientes').count(), 0);
      await celular.page.goto(`${BASE}/admin/operadores`);
      await celular.page.getByTestId('lista-operadores').waitFor();
      assert.equal(await celular.page.getByTestId('tabela-operadores').count(), 0);
    } finally {
      await celular.context.close();
    }
  });
});
