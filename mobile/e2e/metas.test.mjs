// Goals (crm-metas, issue 23), end to end against the real crm and the Auth emulator: a
// supervisor picks a seller of the team in escolher, creates a goal for them on the screen, and
// the seller opens crm-metas and sees it with its achievement (realizado) from the sales
// summaries.
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

/** A sent order of the seller (12 units): the month has sales to count. */
async function pedidoEnviado(email) {
  const r = await apiAs(email, 'GET', '/clientes?page_size=20&status=ativo');
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const cliente = r.body.clientes.find((c) => c.status === 'ativo');
  const criado = await apiAs(email, 'POST', '/pedidos', {
    id: randomUUID(),
    cliente_id: cliente.id,
    condicao_id: 'demo-cond-avista-pix',
    tipo: 'venda',
    enviar: true,
    itens: [{ produto_id: 'demo-produto-0002', quantidade: '12' }],
  });
  assert.equal(criado.status, 200, JSON.stringify(criado.body));
  assert.equal(criado.body.status, 'enviado', JSON.stringify(criado.body));
  return criado.body;
}

const unidades = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

describe('goals (crm-metas)', () => {
  it('a supervisor creates a goal for a seller of the team; the seller sees it with its realizado', async () => {
    await pedidoEnviado(DEMO.vendedor);
    const sup = await signedInContext(browser, DEMO.supervisor);
    let metaId = '';
    try {
      const { page } = sup;
      await page.goto(`${BASE}/crm-metas`);
      await page.getByTestId('nova-meta').waitFor();
      // Victor, chosen in escolher: the screen shows and creates his goals.
      await page.locator('.barra-vendedor ion-button', { hasText: 'Trocar' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.getByTestId('opcoes-escolha').locator('button', { hasText: 'Victor Vendedor' }).click();
      await page.waitForURL((u) => u.pathname === '/crm-metas');
      await esperarAte(async () => (await page.getByTestId('filtro-vendedor').textContent()) === 'Victor Vendedor', 'o vendedor escolhido não aparece');

      await page.getByTestId('nova-meta').click();
      const form = page.getByTestId('form-meta');
      await form.waitFor();
      assert.equal(await form.locator('select[name=vendedor_id]').inputValue(), 'demo-vendedor');
      await form.locator('select[name=tipo]').selectOption('quantidade');
      await form.locator('input[name=alvo]').fill('1.000');
      await page.getByTestId('salvar-meta').click();
      const criada = page.locator('[data-testid=meta][data-tipo=quantidade][data-vendedor=demo-vendedor][data-grupo=""][data-cliente=""]');
      await criada.waitFor({ timeout: 20_000 });
      assert.match(await criada.getByTestId('meta-realizado').textContent(), /de 1\.000 un\./);
    } finally {
      await sup.context.close();
    }

    // What the server says the seller achieved (from the summaries), and what the seller sees.
    const mes = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
    const lista = await apiAs(DEMO.vendedor, 'GET', `/metas?mes=${mes}`);
    assert.equal(lista.status, 200, JSON.stringify(lista.body));
    const meta = lista.body.metas.find((m) => m.tipo === 'quantidade' && !m.grupo && !m.cliente_id);
    assert.ok(meta, JSON.stringify(lista.body));
    metaId = meta.id;
    assert.ok(Number(meta.realizado) >= 12, `realizado ${meta.realizado}: o pedido enviado conta`);
    const vend = await signedInContext(browser, DEMO.vendedor);
    try {
      const { page } = vend;
      await page.goto(`${BASE}/crm-metas`);
      const item = page.locator(`[data-testid=meta][data-tipo=quantidade][data-grupo=""][data-cliente=""]`);
      await item.waitFor({ timeout: 20_000 });
      const texto = await item.getByTestId('meta-realizado').textContent();
      assert.ok(texto.startsWith(`${unidades.format(Number(meta.realizado))} un. de 1.000 un.`), texto);
      const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(meta.percentual);
      assert.equal(await item.getByTestId('meta-percentual').textContent(), `${pct}%`);
      assert.equal(await item.getByRole('progressbar').count(), 1);
      // A seller sets no goals.
      assert.equal(await page.getByTestId('nova-meta').count(), 0);
      // Offline: the goals the device keeps (the feed), for a month this screen never fetched (the
      // demo's goals two months back): the server's goals of that month, with the copy's date.
      const doisAtras = new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)) - 3, 1)).toISOString().slice(0, 7);
      const antigas = await apiAs(DEMO.vendedor, 'GET', `/metas?mes=${doisAtras}`);
      assert.equal(antigas.status, 200, JSON.stringify(antigas.body));
      assert.ok(antigas.body.metas.length > 0, `nenhuma meta demo em ${doisAtras}`);
      await esperarAte(
        () =>
          page.evaluate(
            () =>
              new Promise((ok) => {
                const req = indexedDB.open('crm-vendas');
                req.onerror = () => ok(false);
                req.onsuccess = () => {
                  const db = req.result;
                  const tx = db.transaction('meta', 'readonly');
                  const r = tx.objectStore('meta').get('sync:metas');
                  r.onsuccess = () => ok(Boolean(r.result?.sincronizadoEm));
                  r.onerror = () => ok(false);
                  tx.oncomplete = tx.onabort = () => db.close();
                };
              }),
          ),
        'as metas não foram copiadas para o aparelho',
        { timeout: 20_000 },
      );
      await vend.context.setOffline(true);
      await page.locator('input[name=mes]').fill(doisAtras);
      await page.getByTestId('metas-de').waitFor({ timeout: 20_000 });
      assert.match(await page.getByTestId('metas-de').textContent(), /^Sem conexão — Metas copiadas em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} · o realizado aparece com conexão/);
      await esperarAte(async () => (await page.getByTestId('meta').count()) === antigas.body.metas.length, 'as metas do aparelho não são as do servidor');
      await vend.context.setOffline(false);
    } finally {
      await vend.context.close();
      if (metaId) await apiAs(DEMO.supervisor, 'DELETE', `/metas/${metaId}`);
    }
  });

  it('a seller\'s visits goal moves after a check-in at a customer not visited today', async () => {
    const mes = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
    const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    // The seller's visits goal of the month (the demo's, or one the supervisor sets now).
    const lista = await apiAs(DEMO.vendedor, 'GET', `/metas?mes=${mes}&vendedor_id=demo-vendedor`);
    assert.equal(lista.status, 200, JSON.stringify(lista.body));
    let meta = lista.body.metas.find((m) => m.tipo === 'visitas' && !m.cliente_id);
    let criada = '';
    if (!meta) {
      const r = await apiAs(DEMO.supervisor, 'POST', '/metas', { id: randomUUID(), mes, vendedor_id: 'demo-vendedor', tipo: 'visitas', alvo: '40' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      meta = r.body;
      criada = meta.id;
    }
    assert.equal(meta.aviso, '', JSON.stringify(meta));
    // A customer of the seller's portfolio with coordinates and no visit today.
    let alvo;
    for (let n = 61; n < 200 && !alvo; n++) {
      const id = `demo-cliente-${String(n).padStart(5, '0')}`;
      const c = await apiAs(DEMO.vendedor, 'GET', `/clientes/${id}`);
      const e = c.body?.enderecos?.find((x) => x.principal);
      if (c.status !== 200 || e?.latitude == null || c.body.vendedor_id !== 'demo-vendedor') continue;
      const v = await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${id}&de=${hoje}&ate=${hoje}`);
      assert.equal(v.status, 200, JSON.stringify(v.body));
      if (v.body.visitas.length === 0) alvo = { id, latitude: e.latitude, longitude: e.longitude };
    }
    assert.ok(alvo, 'nenhum cliente demo do vendedor com coordenadas e sem visita hoje');
    const antes = Number(meta.realizado);
    const seller = await signedInContext(browser, DEMO.vendedor, {
      contextOptions: { geolocation: { latitude: alvo.latitude, longitude: alvo.longitude, accuracy: 10 }, permissions: ['geolocation'] },
    });
    try {
      const { page } = seller;
      const item = page.locator(`[data-testid=meta][data-tipo=visitas][data-vendedor=demo-vendedor][data-cliente=""]`);
      await page.goto(`${BASE}/crm-metas`);
      await item.waitFor({ timeout: 20_000 });
      const texto = async () => (await item.getByTestId('meta-realizado').textContent()) ?? '';
      assert.ok((await texto()).startsWith(`${unidades.format(antes)} de ${unidades.format(Number(meta.alvo))} visitas · `), await texto());
      // The check-in at the customer, on the check-in screen.
      await page.goto(`${BASE}/checkin?cliente=${encodeURIComponent(alvo.id)}`);
      await page.getByTestId('fazer-checkin').click();
      await page.getByTestId('veredito').waitFor({ timeout: 20_000 });
      // Back on the goals: one more visit (and one more verified).
      await page.goto(`${BASE}/crm-metas`);
      await item.waitFor({ timeout: 20_000 });
      await esperarAte(
        async () => (await texto()).startsWith(`${unidades.format(antes + 1)} de ${unidades.format(Number(meta.alvo))} visitas · `),
        'a meta de visitas não andou com o check-in',
        { timeout: 20_000 },
      );
      const depois = await apiAs(DEMO.vendedor, 'GET', `/metas?mes=${mes}&vendedor_id=demo-vendedor`);
      const m = depois.body.metas.find((x) => x.id === meta.id);
      assert.equal(Number(m.realizado), antes + 1, JSON.stringify(m));
      assert.equal(Number(m.verificadas), Number(meta.verificadas) + 1, JSON.stringify(m));
    } finally {
      await seller.context.close();
      if (criada) await apiAs(DEMO.supervisor, 'DELETE', `/metas/${criada}`);
    }
  });
});
