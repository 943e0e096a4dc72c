// The agenda and the tasks (issue 24: `calendario`, `tarefa-editar`), end to end against the real
// crm and the Auth emulator: a seller creates a task offline — it shows in the week at once and
// reaches the server once the device is back online; the week view shows the visits a
// customer's frequency plans, each opening the customer.
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
      // Days before today were missed (no check-in), today and after are planned.
      for (const e of esperadas) {
        const noDia = page.getByTestId(`dia-${e.data}`).locator('[data-testid=agenda-item][data-tipo=frequencia]', { hasText: cliente.nome_fantasia || cliente.nome });
        assert.equal(await noDia.getAttribute('data-situacao'), e.data < hoje() ? 'perdida' : 'planejada', e.data);
      }
      await visitas.first().locator('a').click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes-ficha' && u.searchParams.get('id') === cliente.id);
    } finally {
      await context.close();
      await apiAs(DEMO.vendedor, 'DELETE', `/frequencias-visita/${cliente.id}`);
    }
  });
});
