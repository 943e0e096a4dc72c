// ADMIN screens end to end: operators, app versions, access log.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, alertText, checkEnvironment, closeAlert, createOperator, esperarAte, launchBrowser, uniqueEmail, verifyEmail, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const signedIn = (email, password) => signedInContext(browser, email, { password });

describe('operators (ADMIN)', () => {
  it('invites an operator, edits role and team, deactivates and reactivates', async () => {
    const nomeVendedor = `Vendedor ${Math.random().toString(36).slice(2, 8)}`;
    const nomeSupervisora = `Supervisora ${Math.random().toString(36).slice(2, 8)}`;
    const vendedor = await createOperator({ nome: nomeVendedor });
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.locator('a.shortcut', { hasText: 'Operadores' }).click();
      await page.waitForURL(`${BASE}/admin/operadores`);
      await page.getByTestId('lista-operadores').waitFor();

      // Create.
      const email = uniqueEmail('convite');
      await page.goto(`${BASE}/admin/operadores/novo`);
      await page.locator('input[name=email]').fill(email);
      await page.locator('input[name=nome_operador]').fill(nomeSupervisora);
      await page.locator('select[name=perfil_app]').selectOption('SUPERVISOR');
      await page.locator('ion-checkbox', { hasText: nomeVendedor }).click();
      await page.locator('input[name=senha]').fill('senha123');
      await page.locator('ion-button', { hasText: 'Cadastrar operador' }).click();
      await page.waitForURL(`${BASE}/admin/operadores`);
      const list = await apiAs(DEMO.admin, 'GET', `/operadores?q=${encodeURIComponent(email)}`);
      const created = list.body.operadores.find((o) => o.email === email);
      assert.ok(created, 'created');
      assert.equal(created.perfil_app, 'SUPERVISOR');
      assert.deepEqual(created.equipe, [vendedor.operador.id]);

      // The new operator signs in with the initial password once the e-mail is verified.
      await verifyEmail(created.uid);
      const other = await signedIn(email, 'senha123');
      await other.context.close();

      // Edit.
      await page.locator('ion-searchbar input').fill(email);
      await page.locator('ion-item', { hasText: nomeSupervisora }).click();
      await page.waitForURL((u) => u.pathname === `/admin/operadores/${created.id}`);
      await page.locator('input[name=nome_operador]').fill(`${nomeSupervisora} Editada`);
      await page.locator('ion-toggle', { hasText: 'Exibir medida' }).click();
      await page.locator('ion-button', { hasText: 'Salvar alterações' }).click();
      await page.waitForURL(`${BASE}/admin/operadores`);
      const edited = (await apiAs(DEMO.admin, 'GET', `/operadores/${created.id}`)).body;
      assert.equal(edited.nome_operador, `${nomeSupervisora} Editada`);
      assert.equal(edited.exibir_medida, true);

      // Deactivate (confirm with OK), then reactivate.
      await page.goto(`${BASE}/admin/operadores/${created.id}`);
      await page.locator('ion-button', { hasText: 'Desativar operador' }).click();
      assert.equal((await alertText(page)).header, 'Desativar operador');
      await closeAlert(page, 'OK');
      await page.locator('ion-button', { hasText: 'Reativar operador' }).waitFor();
      assert.equal((await apiAs(DEMO.admin, 'GET', `/operadores/${created.id}`)).body.ativo, false);
      await page.locator('ion-button', { hasText: 'Reativar operador' }).click();
      await closeAlert(page, 'OK');
      await page.locator('ion-button', { hasText: 'Desativar operador' }).waitFor();
      assert.equal((await apiAs(DEMO.admin, 'GET', `/operadores/${created.id}`)).body.ativo, true);
    } finally {
      await context.close();
    }
  });

  it('Cancelar on the confirm dialog changes nothing', async () => {
    const { operador } = await createOperator({ nome: 'Fica Ativo' });
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.goto(`${BASE}/admin/operadores/${operador.id}`);
      await page.locator('ion-button', { hasText: 'Desativar operador' }).click();
      await closeAlert(page, 'Cancelar');
      assert.equal((await apiAs(DEMO.admin, 'GET', `/operadores/${operador.id}`)).body.ativo, true);
    } finally {
      await context.close();
    }
  });
});

describe('app versions (ADMIN)', () => {
  it('a minimum above this build blocks the app with a link to the update', async () => {
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.locator('a.shortcut', { hasText: 'Versões do app' }).click();
      const web = page.getByTestId('versao-web');
      await web.waitFor();
      await web.locator('input[name=versao_atual]').fill('99.0.0');
      await web.locator('input[name=versao_minima]').fill('99.0.0');
      await web.locator('input[name=url_atualizacao]').fill('https://crm.example.com/atualizar');
      await web.locator('textarea[name=mensagem]').fill('Atualize para continuar.');
      await web.locator('ion-button', { hasText: 'Salvar' }).click();
      await page.locator('ion-toast').waitFor();
      const versoes = (await apiAs(DEMO.admin, 'GET', '/sistema/versoes')).body.versoes;
      assert.equal(versoes.find((v) => v.tipo === 'web').versao_minima, '99.0.0');

      // Any operator opening the web app now meets the mandatory update.
      const other = await signedIn(DEMO.vendedor2);
      try {
        await other.page.getByRole('alertdialog').waitFor();
        assert.match(await other.page.getByRole('alertdialog').textContent(), /Atualização obrigatória.*Atualize para continuar\./s);
        // On the web the new build comes through the service worker, not the link (that is for
        // the Android app): "Atualizar agora" asks for it and reloads; still old, still blocked.
        const botao = other.page.locator('.blocker ion-button', { hasText: 'Atualizar agora' });
        assert.equal(await botao.getAttribute('href'), null);
        await other.page.evaluate(() => {
          window.__antes = true;
        });
        await botao.click();
        await other.page.waitForFunction(() => !window.__antes, null, { timeout: 30_000 });
        await other.page.getByRole('alertdialog').waitFor();
      } finally {
        await other.context.close();
      }
    } finally {
      await apiAs(DEMO.admin, 'PUT', '/sistema/versoes/web', { versao_atual: '1.0.0', versao_minima: '0.0.0', url_atualizacao: '', mensagem: '' });
      await context.close();
    }
  });
});

describe('access log (ADMIN)', () => {
  it('lists sign-ins, filtered by operator and period', async () => {
    const { email, operador } = await createOperator({ nome: 'Acesso Filtrado' });
    // The seller's access is recorded (the app writes it after asking for the position, at most
    // 5 s): the seller's app stays open until the server has it.
    const seller = await signedIn(email);
    let acessos;
    try {
      acessos = await esperarAte(
        async () => {
          const r = await apiAs(DEMO.admin, 'GET', `/sistema/logacesso?operador=${operador.id}`);
          assert.equal(r.status, 200, JSON.stringify(r.body));
          return r.body.acessos.length ? r.body.acessos : null;
        },
        `o acesso de ${email} não chegou ao log de acessos`,
        { timeout: 15_000 },
      );
    } finally {
      await seller.context.close();
    }
    const { context, page } = await signedIn(DEMO.admin);
    try {
      assert.equal(acessos.length, 1);
      assert.equal(acessos[0].historico, 'Login com e-mail e senha');
      assert.equal(acessos[0].localizacao, 'desconhecida');
      assert.equal(acessos[0].latitude, null);

      await page.locator('a.shortcut', { hasText: 'Log de acessos' }).click();
      await page.waitForURL(`${BASE}/admin/acessos`);
      await page.locator('select[name=operador]').selectOption(operador.id);
      const list = page.getByTestId('lista-acessos');
      await list.locator('ion-item').first().waitFor();
      assert.equal(await list.locator('ion-item').count(), 1);
      assert.match(await list.textContent(), /Acesso Filtrado.*Login com e-mail e senha/s);

      // A period before today has nothing.
      await page.locator('input[name=ate]').fill('2020-01-02');
      await page.locator('input[name=de]').fill('2020-01-01');
      await page.getByText('Nenhum acesso no período.').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('screens a role may not open', () => {
  it('a seller opening /admin/operadores sees "Sem permissão" there, with a way back to Início', async () => {
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await page.goto(`${BASE}/admin/operadores`);
      const tela = page.getByTestId('sem-permissao');
      await tela.waitFor();
      assert.equal(await tela.locator('h2').textContent(), 'Sem permissão para abrir esta tela');
      assert.equal(await tela.locator('p').textContent(), 'Sem permissão para gerenciar operadores. Esta tela é só para administradores.');
      assert.equal(new URL(page.url()).pathname, '/admin/operadores');
      assert.equal(await page.getByTestId('lista-operadores').count(), 0);
      await tela.locator('ion-button', { hasText: 'Voltar ao Início' }).click();
      await page.waitForURL(`${BASE}/crm-home`);
    } finally {
      await context.close();
    }
  });

  it('no area is left "Em breve": /camera is the visit photo screen; an unknown route goes to the start', async () => {
    const { context, page } = await signedIn(DEMO.supervisor);
    try {
      // camera was the last area to come (ROTAS_FUTURAS is empty): opened without a visit, it says
      // where it is reached from.
      await page.goto(`${BASE}/camera`);
      await page.getByText('Abra a câmera pela visita em andamento, na tela de check-in do cliente.').waitFor();
      assert.equal(await page.getByTestId('em-breve').count(), 0);
      assert.equal(new URL(page.url()).pathname, '/camera');
      await page.goto(`${BASE}/area-que-nao-existe`);
      await page.waitForURL(`${BASE}/home`);
    } finally {
      await context.close();
    }
  });
});
