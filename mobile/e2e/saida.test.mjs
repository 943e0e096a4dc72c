// The device's outbox end to end (src/lib/sync/saida.ts): changes made with no connection are
// kept on the device (across a reload), shown at once, counted by the toolbar badge and sent,
// each exactly once, when the connection returns; a change the server refuses stays with its
// pt-BR reason and Corrigir / Descartar. Against the real crm (demo data) and the Auth emulator;
// the reload offline needs the service worker (src/app/pwa).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, cnpj, createOperator, esperarAte, launchBrowser, novoPedidoPara, signInWithPassword, signedInContext, comDiagnostico } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const sufixo = () => Math.random().toString(36).slice(2, 7).toUpperCase();

const signedIn = (email) => signedInContext(browser, email);

/** The device copy is synced and the service worker controls the page (the app opens offline). */
async function prontoParaFicarOffline(page) {
  await page.goto(`${BASE}/crm-clientes-buscar`);
  await page.getByText(/Dados do aparelho, atualizados em/).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
}

/** A customer of the seller's portfolio, read from the server. */
async function clienteDe(email, pular = 0) {
  const r = await apiAs(email, 'GET', `/clientes?page_size=${pular + 1}&status=ativo`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.clientes[pular];
}

const badge = (page) => page.getByTestId('selo-saida-total').filter({ visible: true }).first();

/**
 * Waits until `fn`, run in the page, resolves with something truthy (an IndexedDB read is async).
 * Not page.waitForFunction: it takes the promise an async predicate returns as truthy and so
 * returns after the first read, whatever that read found.
 */
const esperarNoAparelho = (page, fn, arg, mensagem, timeout = 60_000) => esperarAte(() => page.evaluate(fn, arg), mensagem, { timeout, intervalo: 250 });

describe('outbox: changes made offline', () => {
  it('edit, contact and survey answer made offline survive a reload and reach the server exactly once', async () => {
    const marca = sufixo();
    const titulo = `Pesquisa E2E ${marca}`;
    const pesquisa = await apiAs(DEMO.admin, 'POST', '/pesquisas', {
      id: randomUUID(),
      titulo,
      perguntas: [{ id: 'p1', texto: 'Gostou da visita?', tipo: 'SIM_NAO', obrigatoria: true }],
    });
    assert.equal(pesquisa.status, 200, JSON.stringify(pesquisa.body));
    const alvo = await clienteDe(DEMO.vendedor);
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await prontoParaFicarOffline(page);
      // The forms reach the device when the survey screen opens online.
      await page.goto(`${BASE}/crm-clientes-pesquisas?cliente=${alvo.id}`);
      await page.locator('select[name=pesquisa] option', { hasText: titulo }).waitFor({ state: 'attached', timeout: 30_000 });
      await page.goto(`${BASE}/crm-clientes-ficha?id=${alvo.id}`);
      await page.getByTestId('nome-cliente').waitFor();

      await context.setOffline(true);
      // 1. An edit of the customer.
      await page.getByRole('link', { name: 'Editar' }).first().click();
      await page.locator('input[name=nome_fantasia]').fill(`Fantasia ${marca}`);
      await page.locator('ion-button', { hasText: 'Salvar alterações' }).click();
      await page.waitForURL(/crm-clientes-ficha/);
      await page.getByText(`Fantasia ${marca}`).first().waitFor();
      await page.getByTestId('cliente-pendente').waitFor();
      assert.equal(await badge(page).textContent(), '1');

      // 2. A contact.
      await page.getByRole('link', { name: 'Gerenciar contatos' }).click();
      await page.locator('ion-button', { hasText: 'Incluir contato' }).click();
      await page.locator('input[name=nome]').fill(`Contato ${marca}`);
      await page.locator('input[name=celular]').fill('11987654321');
      await page.locator('ion-button', { hasText: 'Salvar contato' }).click();
      await page.getByTestId('lista-contatos').getByText(`Contato ${marca}`).waitFor();
      assert.equal(await badge(page).textContent(), '2');

      // 3. A survey answer.
      await page.goBack();
      await page.getByRole('link', { name: 'Responder pesquisa' }).click();
      await page.locator('select[name=pesquisa]').selectOption({ label: titulo });
      await page.getByTestId('form-resposta').getByLabel('Sim').check();
      await page.locator('ion-button', { hasText: 'Enviar respostas' }).click();
      await page.waitForURL(/crm-clientes-ficha/);
      await page.getByTestId('respostas-pendentes').waitFor();
      assert.equal(await badge(page).textContent(), '3');

      // The app is reloaded with no connection: the changes are still there.
      await page.reload();
      await page.getByTestId('nome-cliente').waitFor({ timeout: 30_000 });
      await page.getByText(`Fantasia ${marca}`).first().waitFor();
      assert.equal(await badge(page).textContent(), '3');
      const nada = await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}`);
      assert.notEqual(nada.body.nome_fantasia, `Fantasia ${marca}`);

      // Back online: everything goes, in order, and the badge goes away.
      await context.setOffline(false);
      await page.getByTestId('selo-saida').waitFor({ state: 'detached', timeout: 60_000 });
      const depois = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}`)).body;
      assert.equal(depois.nome_fantasia, `Fantasia ${marca}`);
      assert.equal(depois.contatos.filter((c) => c.nome === `Contato ${marca}`).length, 1);
      assert.equal(Number(depois.versao), Number(alvo.versao) + 2);
      const respostas = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}/respostas?page_size=200`)).body.respostas;
      assert.equal(respostas.filter((r) => r.pesquisa_id === pesquisa.body.id).length, 1);

      // Sending again changes nothing.
      await page.goto(`${BASE}/pendencias`);
      await page.getByText('Nenhuma alteração pendente.').waitFor();
      assert.equal(Number((await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}`)).body.versao), Number(depois.versao));
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('refused changes (a stale version, a customer out of reach) show the reason with Corrigir / Descartar', async () => {
    const marca = sufixo();
    const alvo = await clienteDe(DEMO.vendedor, 1);
    const deOutro = await clienteDe(DEMO.vendedor2);
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await prontoParaFicarOffline(page);
      await page.goto(`${BASE}/crm-clientes-ficha?id=${alvo.id}`);
      await page.getByTestId('nome-cliente').waitFor();
      await context.setOffline(true);
      await page.getByRole('link', { name: 'Editar' }).first().click();
      await page.locator('input[name=nome_fantasia]').fill(`Minha ${marca}`);
      await page.locator('ion-button', { hasText: 'Salvar alterações' }).click();
      await page.waitForURL(/crm-clientes-ficha/);
      // Meanwhile the admin changes the same customer.
      const adm = await apiAs(DEMO.admin, 'PATCH', `/clientes/${alvo.id}`, { observacoes: `Alterado pelo admin ${marca}` });
      assert.equal(adm.status, 200, JSON.stringify(adm.body));
      // And an edit of a customer outside the seller's portfolio sits in the outbox (as a device
      // whose copy was stale would have it).
      await page.evaluate(
        ({ id, nome }) =>
          new Promise((resolve, reject) => {
            const req = indexedDB.open('crm-vendas');
            req.onsuccess = () => {
              const tx = req.result.transaction('saida', 'readwrite');
              tx.objectStore('saida').add({
                id: crypto.randomUUID(),
                op: 'clientes.alterar',
                colecao: 'clientes',
                alvo: id,
                dados: { id, mudancas: { nome_fantasia: 'Não devia' }, nome },
                base: 0,
                criadoEm: new Date().toISOString(),
                tentativas: 0,
              });
              tx.oncomplete = () => {
                req.result.close();
                resolve(undefined);
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
        { id: deOutro.id, nome: deOutro.nome },
      );
      await page.reload();
      await page.getByTestId('nome-cliente').waitFor({ timeout: 30_000 });
      assert.equal(await badge(page).textContent(), '2');

      await context.setOffline(false);
      await page.goto(`${BASE}/pendencias`);
      const recusados = page.locator('[data-testid=item-saida][data-recusado=true]');
      await recusados.nth(1).waitFor({ timeout: 60_000 });
      const textos = await recusados.allTextContents();
      assert.ok(textos.some((t) => /Recusada: Este registro foi alterado por outra pessoa/.test(t)), textos.join('\n'));
      assert.ok(textos.some((t) => t.includes(deOutro.nome) && /Recusada: .*carteira/i.test(t)), textos.join('\n'));
      assert.ok(!textos.join('\n').match(/rpc error|proto:|VERSAO_DESATUALIZADA|FORA_DO_ESCOPO/), textos.join('\n'));

      // Corrigir the stale edit: the form opens on the current record with my change, and saves it.
      await recusados.filter({ hasText: 'alterado por outra pessoa' }).getByText('Corrigir').click();
      await page.waitForURL(/crm-clientes-incluir\?id=.*pendencia=/);
      assert.equal(await page.locator('input[name=nome_fantasia]').inputValue(), `Minha ${marca}`);
      await page.locator('ion-button', { hasText: 'Salvar alterações' }).click();
      await page.waitForURL(/crm-clientes-ficha/);
      const salvo = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}`)).body;
      assert.equal(salvo.nome_fantasia, `Minha ${marca}`);
      assert.equal(salvo.observacoes, `Alterado pelo admin ${marca}`);

      // Descartar the other: nothing is written to the other seller's customer.
      await page.goto(`${BASE}/pendencias`);
      await page.locator('[data-testid=item-saida][data-recusado=true]').getByText('Descartar').click();
      await page.locator('ion-alert button', { hasText: 'Descartar' }).click();
      await page.getByText('Nenhuma alteração pendente.').waitFor();
      await page.getByTestId('selo-saida').waitFor({ state: 'detached' });
      const intacto = (await apiAs(DEMO.vendedor2, 'GET', `/clientes/${deOutro.id}`)).body;
      assert.equal(intacto.versao, deOutro.versao);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

describe('outbox: portfolio actions made offline (ADMIN)', () => {
  it('an assignment and a whole-portfolio transfer made offline land once each, in order', async () => {
    const marca = sufixo();
    const a = await createOperator({ nome: `Vendedor A ${marca}` });
    const b = await createOperator({ nome: `Vendedor B ${marca}` });
    const ids = [];
    for (const n of [1, 2]) {
      const r = await apiAs(DEMO.admin, 'POST', '/clientes', { id: randomUUID(), tipo_pessoa: 'PJ', documento: cnpj(), nome: `Cliente ${marca} ${n}`, vendedor_id: a.operador.id });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      ids.push(r.body.id);
    }
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await prontoParaFicarOffline(page);
      // The chooser offers the device copy once it holds the new customers.
      await esperarNoAparelho(
        page,
        (nome) =>
          new Promise((resolve, reject) => {
            const req = indexedDB.open('crm-vendas');
            req.onsuccess = () => {
              const get = req.result.transaction('registros').objectStore('registros').getAll();
              get.onsuccess = () => {
                req.result.close();
                resolve(get.result.filter((r) => r.r?.nome?.startsWith(nome)).length === 2);
              };
              get.onerror = () => reject(get.error);
            };
            req.onerror = () => reject(req.error);
          }),
        `Cliente ${marca}`,
        'os clientes novos não chegaram à cópia do aparelho',
      );
      await page.goto(`${BASE}/carteira`);
      await page.getByTestId('resumo-carteira').locator(`tr[data-vendedor="${a.operador.id}"]`).waitFor({ timeout: 30_000 });

      await context.setOffline(true);
      // 1. Assign one of A's customers to B (chosen from the device copy).
      const atribuir = page.locator('section[aria-label="Atribuir clientes"]');
      await atribuir.locator('ion-button', { hasText: 'Escolher clientes' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.locator('input[name=busca]').fill(`Cliente ${marca} 1`);
      await page.getByTestId('opcoes-escolha').getByText(`Cliente ${marca} 1`).click();
      await page.locator('ion-button', { hasText: 'Confirmar (1)' }).click();
      await page.waitForURL((u) => u.pathname === '/carteira');
      await atribuir.locator('select[name=atribuir_para]').selectOption(b.operador.id);
      await atribuir.locator('ion-button', { hasText: 'Atribuir' }).click();
      await badge(page).waitFor();
      assert.equal(await badge(page).textContent(), '1');

      // 2. Transfer the rest of A's portfolio to B.
      const transferir = page.locator('section[aria-label="Transferir carteira"]');
      await transferir.locator('select[name=de_vendedor]').selectOption(a.operador.id);
      await transferir.locator('select[name=para_vendedor]').selectOption(b.operador.id);
      await transferir.locator('ion-button', { hasText: 'Transferir carteira' }).click();
      await page.locator('ion-alert button', { hasText: /^(OK|Confirmar|Transferir)$/ }).last().click();
      await page.waitForFunction(() => document.querySelector('[data-testid=selo-saida-total]')?.textContent === '2');
      // Nothing moved yet.
      assert.equal((await apiAs(DEMO.admin, 'GET', `/clientes/${ids[0]}`)).body.vendedor_id, a.operador.id);

      // Back online: both go, in order; each is recorded once.
      await context.setOffline(false);
      await page.getByTestId('selo-saida').waitFor({ state: 'detached', timeout: 60_000 });
      for (const id of ids) assert.equal((await apiAs(DEMO.admin, 'GET', `/clientes/${id}`)).body.vendedor_id, b.operador.id);
      const hist = (await apiAs(DEMO.admin, 'GET', `/carteira/transferencias?vendedor=${b.operador.id}&page_size=50`)).body.transferencias;
      assert.deepEqual(
        hist.map((t) => [t.de_vendedor_id, t.quantidade]).sort(),
        [
          [a.operador.id, 1],
          [a.operador.id, 1],
        ],
        JSON.stringify(hist),
      );
      await page.goto(`${BASE}/pendencias`);
      await page.getByText('Nenhuma alteração pendente.').waitFor();
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

describe('outbox: signing out never throws away work', () => {
  /** The outbox as IndexedDB holds it on this device (every user's items). */
  const saidaNoAparelho = (page) =>
    page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const req = indexedDB.open('crm-vendas');
          req.onsuccess = () => {
            const get = req.result.transaction('saida').objectStore('saida').getAll();
            get.onsuccess = () => {
              req.result.close();
              resolve(get.result.map((i) => ({ op: i.op, alvo: i.alvo, dono: i.dono })));
            };
            get.onerror = () => reject(get.error);
          };
          req.onerror = () => reject(req.error);
        }),
    );

  /** Orders of a customer whose notes carry the mark, as the server has them (every page). */
  async function pedidosComMarca(email, clienteId, m) {
    const achados = [];
    let token = '';
    do {
      const r = await apiAs(email, 'GET', `/pedidos?cliente_id=${encodeURIComponent(clienteId)}&page_size=200&page_token=${encodeURIComponent(token)}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      achados.push(...r.body.pedidos.filter((p) => p.observacoes.includes(m)));
      token = r.body.next_page_token ?? '';
    } while (token);
    return achados;
  }

  async function sairPeloMenu(page) {
    await page.goto(`${BASE}/menu`);
    await page.getByRole('button', { name: 'Sair' }).click();
    const alerta = page.locator('ion-alert');
    await alerta.locator('.alert-message').waitFor({ state: 'visible', timeout: 15_000 });
    return {
      mensagem: (await alerta.locator('.alert-message').textContent())?.trim(),
      botoes: (await alerta.locator('button').allTextContents()).map((t) => t.trim()),
    };
  }

  async function escolher(page, botao) {
    await page.locator('ion-alert button', { hasText: botao }).click();
    await page.locator('ion-alert').waitFor({ state: 'detached', timeout: 10_000 });
  }

  it('an order sent offline stays on the device across Sair, is never seen or sent by another seller, and reaches the server once when its seller signs in again', async () => {
    const m = `E2E-${sufixo()}`;
    const cliente = await clienteDe(DEMO.vendedor, 2);
    const { context, page } = await signedIn(DEMO.vendedor);
    if (process.env.E2E_DEBUG) page.on('console', (msg) => console.log('console:', msg.type(), msg.text()));
    try {
      const uid = await page.evaluate(() => localStorage.getItem('UID'));
      // A new order, its catalogue on the device and the app's screens kept by the service worker.
      await comDiagnostico(page, 'saida-cliente-escolhido', () => novoPedidoPara(page, cliente));
      await page.locator('input[name=busca-produto]').fill('10001');
      await page.locator('.pedido-sugestoes button[data-codigo="10001"]').click();
      await page.locator('[data-testid=linha-pedido][data-produto="10001"]').waitFor();
      await page.locator('input[name=observacoes]').fill(`Pedido ${m}`);
      // The device has the prices of the line before the network goes (under load the prices' first
      // copy may still be on its way: the line then says so and the order is not priced yet).
      await comDiagnostico(page, 'saida-pedido-calculado', () => page.getByTestId('total-pedido').filter({ hasText: /R\$/ }).waitFor({ timeout: 60_000 }));
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });

      // Offline: saved and sent → kept on the device, badge 1.
      await context.setOffline(true);
      await page.locator('ion-button', { hasText: /^Enviar$/ }).click();
      await comDiagnostico(page, 'saida-enviar-offline', () => page.waitForURL((u) => u.searchParams.has('id')));
      const id = new URL(page.url()).searchParams.get('id');
      assert.equal(await page.getByTestId('status-pedido').textContent(), 'A enviar');
      assert.equal(await badge(page).textContent(), '1');

      // Sair says what waits; offline there is no "send now". Staying keeps everything.
      let dialogo = await sairPeloMenu(page);
      assert.match(dialogo.mensagem, /^1 pedido ainda não foi enviado\./);
      assert.match(dialogo.mensagem, /Se sair, tudo fica guardado neste aparelho e será enviado quando você entrar de novo com esta conta\./);
      assert.deepEqual(dialogo.botoes, ['Continuar conectado', 'Sair e manter no aparelho']);
      await escolher(page, 'Continuar conectado');
      assert.equal(new URL(page.url()).pathname, '/menu');
      assert.equal(await badge(page).textContent(), '1');

      dialogo = await sairPeloMenu(page);
      await escolher(page, 'Sair e manter no aparelho');
      await page.waitForURL((u) => !['/menu', '/crm-home'].includes(u.pathname));
      assert.deepEqual(Object.keys(await page.evaluate(() => ({ ...localStorage }))), []);
      assert.deepEqual(await saidaNoAparelho(page), [{ op: 'pedidos.criar', alvo: id, dono: { uid, empresa: 'demo' } }]);

      // Back online, another seller signs in on the same device: nothing of it shows or goes.
      await context.setOffline(false);
      await signInWithPassword(page, DEMO.vendedor2);
      await page.waitForURL(`${BASE}/crm-home`);
      await page.goto(`${BASE}/crm-clientes-buscar`);
      await page.getByText(/Dados do aparelho, atualizados em/).waitFor({ timeout: 60_000 });
      assert.equal(await page.getByTestId('selo-saida').count(), 0);
      await page.goto(`${BASE}/pendencias`);
      await page.getByText('Nenhuma alteração pendente.').waitFor();
      await page.goto(`${BASE}/crm-vendas-pedidos?id=${encodeURIComponent(id)}`);
      // The screen settles on its answer (the order is not on this device nor in this seller's reach).
      await page.locator('[role="alert"]', { hasText: /não encontrado|fora da sua carteira/ }).waitFor();
      assert.equal(await page.getByTestId('status-pedido').count(), 0, 'o pedido do outro vendedor não aparece');
      assert.equal((await apiAs(DEMO.admin, 'GET', `/pedidos/${id}`)).status, 404);
      assert.equal((await saidaNoAparelho(page)).length, 1);
      // Nothing of theirs waits: the usual confirmation.
      dialogo = await sairPeloMenu(page);
      assert.equal(dialogo.mensagem, 'Deseja sair da sua conta neste aparelho?');
      await escolher(page, 'OK');
      await page.waitForURL((u) => !['/menu', '/crm-home'].includes(u.pathname));
      assert.equal((await apiAs(DEMO.admin, 'GET', `/pedidos/${id}`)).status, 404);

      // Its seller signs in again: it goes, exactly once.
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);
      await esperarAte(async () => (await saidaNoAparelho(page)).length === 0, 'o pedido não saiu da saída do aparelho', { timeout: 60_000 });
      // The item leaves the outbox only in the transaction that keeps the server's answer: the
      // order is on the server now.
      const noServidor = await pedidosComMarca(DEMO.vendedor, cliente.id, m);
      assert.equal(noServidor.length, 1, JSON.stringify(noServidor));
      assert.equal(noServidor[0].id, id);
      assert.ok(['enviado', 'aguardando_aprovacao'].includes(noServidor[0].status), noServidor[0].status);
      await page.goto(`${BASE}/pendencias`);
      await page.getByText('Nenhuma alteração pendente.').waitFor();
      assert.equal((await pedidosComMarca(DEMO.vendedor, cliente.id, m)).length, 1);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
