// The agenda and the tasks (issue 24: `calendario`, `tarefa-editar`), end to end against the real
// crm and the Auth emulator: a seller creates a task offline — it shows in the week at once and
// reaches the server once the device is back online; the week view shows the visits a
// customer's frequency plans, each opening the customer; the supervisor picks a seller and sees
// their day: planned vs done, a verified and an out-of-radius check-in with their distances.
// The demo data (a month of past visits, frequencies, open tasks) is there: nothing here assumes
// an empty agenda.
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

const hoje = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** The app is cached by its service worker and has loaded the screens, so it works offline. */
async function prontoParaFicarOffline(page) {
  await page.goto(`${BASE}/tarefa-editar`);
  await page.getByTestId('form-tarefa').waitFor();
  await page.goto(`${BASE}/calendario`);
  await page.getByTestId('calendario').waitFor();
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
}

describe('agenda (calendario, tarefa-editar)', () => {
  it('a seller creates a task offline, sees it in the week at once, and the server has it after reconnecting', async () => {
    const titulo = `Tarefa E2E ${randomUUID().slice(0, 8)}`;
    const { context, page } = await signedInContext(browser, DEMO.vendedor);
    try {
      await prontoParaFicarOffline(page);
      await context.setOffline(true);
      await page.getByRole('link', { name: 'Nova tarefa' }).or(page.locator('ion-button', { hasText: 'Nova tarefa' })).first().click();
      const form = page.getByTestId('form-tarefa');
      await form.waitFor();
      await form.locator('input[name=titulo]').fill(titulo);
      assert.equal(await form.locator('input[name=data]').inputValue(), hoje(), 'a nova tarefa começa hoje');
      await form.locator('input[name=hora]').fill('23:30');
      await form.locator('select[name=lembrete_minutos_antes]').selectOption('60');
      await form.locator('ion-button[type=submit]').click();
      await page.waitForURL((u) => u.pathname === '/calendario');
      // Offline, from the device's copy: in today's box of the week.
      const item = page.getByTestId(`dia-${hoje()}`).locator('[data-testid=agenda-item][data-tipo=tarefa]', { hasText: titulo });
      await item.waitFor({ timeout: 20_000 });
      assert.equal(await item.getAttribute('data-situacao'), 'planejada');
      const noServidor = async () => (await apiAs(DEMO.vendedor, 'GET', `/tarefas?de=${hoje()}&ate=${hoje()}&page_size=200`)).body.tarefas.filter((t) => t.titulo === titulo);
      assert.equal((await noServidor()).length, 0, 'offline: nada chegou ao servidor');

      await context.setOffline(false);
      const enviadas = await esperarAte(async () => {
        const ts = await noServidor();
        return ts.length ? ts : null;
      }, 'a tarefa não chegou ao servidor depois de reconectar', { timeout: 60_000 });
      assert.equal(enviadas.length, 1, 'enviada uma vez só');
      assert.equal(enviadas[0].responsavel_id, 'demo-vendedor');
      assert.equal(enviadas[0].lembrete_minutos_antes, 60);
      assert.equal(enviadas[0].vence_em, new Date(`${hoje()}T23:30:00-03:00`).toISOString().replace('.000Z', 'Z'), 'vence às 23:30 em São Paulo');
      // After a reload, from the server's agenda (and the device copy): still there, once.
      await page.reload();
      await page.getByTestId('calendario').waitFor();
      await page.getByTestId(`dia-${hoje()}`).locator('[data-testid=agenda-item][data-tipo=tarefa]', { hasText: titulo }).waitFor();
      assert.equal(await page.locator('[data-testid=agenda-item][data-tipo=tarefa]', { hasText: titulo }).count(), 1);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('the week view shows the visits planned by a frequency; a visit opens the customer', async () => {
    const r = await apiAs(DEMO.vendedor, 'GET', '/clientes?page_size=1&status=ativo');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const cliente = r.body.clientes[0];
    const inicio = new Date(Date.now() - 14 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const f = await apiAs(DEMO.vendedor, 'PUT', `/frequencias-visita/${cliente.id}`, { frequencia: 'semanal', dias_semana: [1, 2, 3, 4, 5], inicio });
    assert.equal(f.status, 200, JSON.stringify(f.body));
    // What the server plans for this week (working days only).
    const ag = await apiAs(DEMO.vendedor, 'GET', `/agenda?de=${inicio}&ate=${hoje()}`);
    assert.equal(ag.status, 200, JSON.stringify(ag.body));
    const { context, page } = await signedInContext(browser, DEMO.vendedor);
    try {
      await page.goto(`${BASE}/calendario`);
      await page.getByTestId('calendario').waitFor();
      const visitas = page.locator(`[data-testid=agenda-item][data-tipo=frequencia]`, { hasText: cliente.nome_fantasia || cliente.nome });
      await visitas.first().waitFor({ timeout: 20_000 });
      const semana = await page.locator('[data-testid^=dia-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid').slice(4)));
      assert.equal(semana.length, 7, `a semana tem 7 dias: ${semana}`);
      const esperadas = (await apiAs(DEMO.vendedor, 'GET', `/agenda?de=${semana[0]}&ate=${semana[6]}&vendedor_id=demo-vendedor`)).body.itens.filter(
        (i) => i.tipo === 'frequencia' && i.cliente_id === cliente.id,
      );
      assert.ok(esperadas.length >= 1, 'a semana tem ao menos um dia útil');
      assert.equal(await visitas.count(), esperadas.length, 'uma visita por dia útil da semana');
      // Each day as the server states it: before today missed or done (the demo's past visits
      // may have visited the customer), today and after planned or done.
      for (const e of esperadas) {
        const noDia = page.getByTestId(`dia-${e.data}`).locator('[data-testid=agenda-item][data-tipo=frequencia]', { hasText: cliente.nome_fantasia || cliente.nome });
        assert.equal(await noDia.getAttribute('data-situacao'), e.situacao, e.data);
        assert.ok(e.situacao === 'realizada' || e.situacao === (e.data < hoje() ? 'perdida' : 'planejada'), `${e.data}: ${e.situacao}`);
      }
      await visitas.first().locator('a').click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes-ficha' && u.searchParams.get('id') === cliente.id);
    } finally {
      await context.close();
      await apiAs(DEMO.vendedor, 'DELETE', `/frequencias-visita/${cliente.id}`);
    }
  });

  it("the supervisor picks a seller and sees their day: planned vs done, a verified and an out-of-radius check-in with their distances", async () => {
    // Two demo customers of the seller whose main addresses have coordinates.
    const clientes = [];
    for (let n = 1; n < 80 && clientes.length < 2; n += 2) {
      const c = await apiAs(DEMO.vendedor, 'GET', `/clientes/demo-cliente-${String(n).padStart(5, '0')}`);
      assert.equal(c.status, 200, JSON.stringify(c.body));
      const e = c.body.enderecos.find((x) => x.principal);
      if (e?.latitude != null && c.body.vendedor_id === 'demo-vendedor') clientes.push({ id: c.body.id, latitude: e.latitude, longitude: e.longitude });
    }
    assert.equal(clientes.length, 2, 'os clientes demo do vendedor têm coordenadas');
    const checkin = async (c, metros) => {
      const r = await apiAs(DEMO.vendedor, 'POST', '/visitas/checkin', {
        id: randomUUID(),
        cliente_id: c.id,
        latitude: c.latitude + metros / 111_195,
        longitude: c.longitude,
        precisao_metros: 10,
        capturado_em: new Date().toISOString(),
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body;
    };
    // 30 m from the first customer, then a kilometre from the second (the first is checked out).
    const dentro = await checkin(clientes[0], 30);
    const fora = await checkin(clientes[1], 1000);
    assert.deepEqual([dentro.veredito, fora.veredito], ['verificado', 'fora_do_raio']);
    const sup = await signedInContext(browser, DEMO.supervisor);
    try {
      const { page } = sup;
      await page.goto(`${BASE}/calendario`);
      await page.getByTestId('calendario').waitFor();
      await page.locator('ion-button', { hasText: 'Vendedor:' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.getByTestId('opcoes-escolha').locator('li', { hasText: 'Victor Vendedor' }).locator('button').first().click();
      await page.waitForURL((u) => u.pathname === '/calendario');
      await page.locator('ion-button', { hasText: 'Vendedor: Victor Vendedor' }).waitFor();
      await page.locator('ion-segment-button').filter({ hasText: /^Dia$/ }).click();
      await page.getByTestId('resumo-do-dia').waitFor();
      const dia = page.getByTestId(`dia-${hoje()}`);
      const itemDentro = dia.locator(`[data-testid=agenda-item][data-visita="${dentro.id}"]`);
      const itemFora = dia.locator(`[data-testid=agenda-item][data-visita="${fora.id}"]`);
      await itemDentro.waitFor({ timeout: 20_000 });
      assert.equal(await itemDentro.getAttribute('data-veredito'), 'verificado');
      assert.match(await itemDentro.getByTestId('agenda-checkin').textContent(), /Verificada · (2\d|3\d) m · check-in \d\d:\d\d · Outro/);
      assert.equal(await itemFora.getAttribute('data-veredito'), 'fora_do_raio');
      assert.match(await itemFora.getByTestId('agenda-checkin').textContent(), /Fora do raio · 1,0 km · check-in \d\d:\d\d$/);
      // Planned vs done, as the server's day adds up.
      const itens = (await apiAs(DEMO.supervisor, 'GET', `/agenda?de=${hoje()}&ate=${hoje()}&vendedor_id=demo-vendedor`)).body.itens.filter((i) => i.tipo !== 'tarefa');
      const planejadas = itens.filter((i) => i.tipo !== 'visita');
      const realizadas = planejadas.filter((i) => i.situacao === 'realizada').length;
      const visitas = itens.filter((i) => i.visita_id);
      const verificadas = visitas.filter((i) => i.veredito === 'verificado').length;
      const resumo = page.locator('[data-testid=resumo-vendedor][data-vendedor=demo-vendedor]');
      await resumo.waitFor();
      const texto = await resumo.textContent();
      assert.ok(texto.startsWith(`Victor Vendedor: ${realizadas} de ${planejadas.length} visita(s) planejada(s) realizada(s)`), texto);
      assert.ok(texto.endsWith(` · ${verificadas} de ${visitas.length} check-in(s) verificado(s)`), texto);
    } finally {
      await sup.context.close();
      await apiAs(DEMO.vendedor, 'POST', `/visitas/${fora.id}/checkout`, { resultado: 'outro', observacao: 'E2E da agenda' });
    }
  });
});
