// Messages in the user's words (issue 21 §5), against the real crm (demo data) and the Auth
// emulator: one access-log row per sign-in; offline, the calls the user did not start (version
// check, access log, sync, prefetches) write no error to the console and show none; a form's
// "Informe o …" goes away as soon as the field is filled; a CSV import's refusal names the file's
// own column.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, cnpj, createOperator, esperarAte, launchBrowser, newContext, signInWithPassword } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The access-log rows of one operator, as the ADMIN reads them. */
async function acessos(operadorId) {
  const r = await apiAs(DEMO.admin, 'GET', `/sistema/logacesso?operador=${encodeURIComponent(operadorId)}&page_size=50`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.acessos ?? [];
}

/** Opens a route inside the running app (no reload), as a tap on a link does. */
async function navegarNoApp(page, path) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('messages in the user’s words', () => {
  it('one sign-in is one row of the access log', async () => {
    const { email, operador } = await createOperator({ nome: 'Operador Acesso E2E' });
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signInWithPassword(page, email);
      await page.waitForURL(`${BASE}/crm-home`, { timeout: 30_000 });
      await esperarAte(async () => (await acessos(operador.id)).length > 0, 'nenhum registro de acesso depois do login', { timeout: 20_000 });
      // Whatever else runs after the sign-in (session restored, startup tasks) has had its time.
      await page.waitForLoadState('networkidle');
      await new Promise((r) => setTimeout(r, 3000));
      const linhas = await acessos(operador.id);
      assert.deepEqual(
        linhas.map((l) => l.historico),
        ['Login com e-mail e senha'],
        'um login, um registro',
      );
      // A reload of the same tab is the same opening of the app: no new row.
      await page.reload();
      await page.waitForLoadState('networkidle');
      await new Promise((r) => setTimeout(r, 2000));
      assert.equal((await acessos(operador.id)).length, 1, 'recarregar a aba não registra outro acesso');
    } finally {
      await context.close();
    }
  });

  it('offline, the background calls write no error to the console and show none', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const erros = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') erros.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => erros.push(`pageerror: ${e.message}`));
    // The requests behind "Failed to load resource" (the console does not say which), and whether
    // the app started one with the network off (it must not) or one was in flight when the network
    // went away (the browser logs that failure itself; no app can keep it quiet). Which is which is
    // decided in the page, when the call is made: the test's own events reach it later than the
    // page sees the network change, so a call the app made the moment the network came back could
    // be counted as made offline (the CI run of 2026-11-27 failed that way).
    await page.addInitScript(() => {
      const original = window.fetch;
      window.__chamadasSemRede = [];
      window.fetch = function (entrada, opcoes) {
        if (navigator.onLine === false) {
          const url = new URL(entrada instanceof Request ? entrada.url : String(entrada), location.href);
          const metodo = (opcoes?.method ?? (entrada instanceof Request ? entrada.method : 'GET')).toUpperCase();
          window.__chamadasSemRede.push(`${metodo} ${url.pathname}`);
        }
        return original.apply(this, arguments);
      };
    });
    const interrompidas = [];
    // The app's own files (the service worker's precache: icons, scripts, styles) are not calls:
    // the browser itself asks for the page's icon and drops that load (net::ERR_ABORTED) when a
    // screen changes under it; the worker answers them offline. What must not start offline is a
    // call to the services.
    let arquivosDoApp = new Set();
    page.on('requestfailed', (r) => {
      const caminho = new URL(r.url()).pathname;
      if (r.method() === 'GET' && arquivosDoApp.has(caminho)) return;
      interrompidas.push(`${r.method()} ${caminho} (${r.failure()?.errorText})`);
    });
    const chamadasSemRede = () => page.evaluate(() => window.__chamadasSemRede.filter((c) => !c.startsWith('GET /') || !c.match(/\.[a-z0-9]+$/)));
    const desligar = () => context.setOffline(true);
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // The app's own files come from the service worker offline (e2e/offline.test.mjs): only the
      // calls are left to fail.
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
      await esperarAte(
        () =>
          page.evaluate(async () => {
            const nome = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
            return !!nome && (await (await caches.open(nome)).keys()).some((r) => new URL(r.url).pathname === '/icon.svg');
          }),
        'o service worker não guardou os arquivos do app',
        { timeout: 60_000 },
      );
      arquivosDoApp = new Set(
        await page.evaluate(async () => {
          const nome = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
          return (await (await caches.open(nome)).keys()).map((r) => new URL(r.url).pathname);
        }),
      );
      assert.ok([...arquivosDoApp].every((c) => /\.[a-z0-9]+$/.test(c)), `só arquivos no precache: ${[...arquivosDoApp].join(', ')}`);
      // What a seller opens on the road: each screen once online (its code loaded), then offline.
      const rotas = ['/crm-clientes', '/crm-pedidos', '/crm-vendas', '/crm-home'];
      for (const rota of rotas) {
        await navegarNoApp(page, rota);
        await page.locator('ion-title, h1, h2').filter({ visible: true }).first().waitFor({ timeout: 20_000 });
      }
      await page.waitForLoadState('networkidle');
      erros.length = 0;
      interrompidas.length = 0;
      await page.evaluate(() => (window.__chamadasSemRede.length = 0));
      await desligar();
      for (const rota of rotas) {
        await navegarNoApp(page, rota);
        await page.locator('ion-title, h1, h2').filter({ visible: true }).first().waitFor({ timeout: 20_000 });
        await new Promise((r) => setTimeout(r, 1500));
      }
      // The app notices the network is back and gone again (the sync's and the version check's cue).
      await context.setOffline(false);
      await desligar();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await new Promise((r) => setTimeout(r, 3000));
      assert.deepEqual(await chamadasSemRede(), [], 'o app não tenta chamadas com o aparelho sem rede');
      // A call the app started in the moment the network was back is cut when it goes again: the
      // browser's own "Failed to load resource" line for it is the only console error allowed.
      const cortadas = erros.filter((e) => /^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(e));
      assert.ok(cortadas.length <= interrompidas.length, `falhas de rede no console sem um pedido cortado que as explique: ${cortadas.length} > ${interrompidas.length}`);
      assert.deepEqual(
        erros.filter((e) => !cortadas.includes(e)),
        [],
        `mensagens de erro no console numa sessão sem rede; pedidos cortados: ${interrompidas.join(', ') || '—'}`,
      );
      const avisos = await page.locator('ion-toast').evaluateAll((ts) => ts.map((t) => `${t.getAttribute('color') ?? ''}: ${t.message ?? t.textContent ?? ''}`));
      assert.deepEqual(
        avisos.filter((a) => a.startsWith('danger')),
        [],
        'avisos de erro de chamadas que o usuário não fez',
      );
    } finally {
      await context.close();
    }
  });

  it('a form’s "Informe o …" goes away as soon as the field is filled', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`, { timeout: 30_000 });
      await page.goto(`${BASE}/crm-clientes-incluir`);
      const form = page.getByTestId('form-cliente');
      await form.waitFor();
      await form.locator('select[name=tipo_pessoa]').selectOption('FISICA');
      await form.locator('ion-button[type=submit]').click();
      const erroNome = form.getByText('Informe o nome.');
      await erroNome.waitFor();
      await form.locator('input[name=nome]').pressSequentially('Maria');
      await erroNome.waitFor({ state: 'detached', timeout: 2000 });
      const erroDoc = form.getByText('Informe o CPF ou CNPJ.');
      await erroDoc.waitFor();
      await form.locator('input[name=documento]').pressSequentially('52998224725');
      await erroDoc.waitFor({ state: 'detached', timeout: 2000 });
    } finally {
      await context.close();
    }
  });

  it('the same on a form kept in its own state (a new operator): "Informe o nome." goes away as the name is typed', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.admin);
      await page.waitForURL(`${BASE}/crm-home`, { timeout: 30_000 });
      await page.goto(`${BASE}/admin/operadores/novo`);
      await page.locator('input[name=nome_operador]').waitFor();
      await page.locator('ion-button', { hasText: 'Cadastrar operador' }).click();
      const erroNome = page.getByText('Informe o nome.', { exact: true });
      const erroEmail = page.getByText('Informe o e-mail.', { exact: true });
      await erroNome.waitFor();
      await erroEmail.waitFor();
      await page.locator('input[name=nome_operador]').pressSequentially('Maria');
      await erroNome.waitFor({ state: 'detached', timeout: 2000 });
      assert.ok(await erroEmail.isVisible(), 'o erro do e-mail, ainda vazio, continua');
      await page.locator('input[name=email]').pressSequentially('maria@teste.example.com');
      await erroEmail.waitFor({ state: 'detached', timeout: 2000 });
    } finally {
      await context.close();
    }
  });

  it('a CSV refusal names the file’s own column: "linha 3, coluna CEP: …"', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signInWithPassword(page, DEMO.admin);
      await page.waitForURL(`${BASE}/crm-home`, { timeout: 30_000 });
      await page.goto(`${BASE}/carteira`);
      const imp = page.getByTestId('importar-clientes');
      await imp.waitFor();
      const csv = ['CNPJ;Razão social;CEP;Cidade;UF;Vendedor', `${cnpj()};Boa ${Date.now()};01310-100;São Paulo;SP;demo-vendedor2`, `${cnpj()};Ruim;0131;São Paulo;SP;demo-vendedor2`].join('\n');
      await imp.locator('input[type=file]').setInputFiles({ name: 'cep.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const rej = page.getByTestId('rejeitadas');
      await rej.waitFor();
      const texto = await rej.textContent();
      assert.match(texto, /linha 3, coluna CEP: CEP deve ter 8 dígitos/);
      assert.doesNotMatch(texto, /enderecos\[/);
    } finally {
      await context.close();
    }
  });
});
