// Visits and check-in (issue 24), end to end against the real crm with its demo data (the demo
// customers' main addresses have coordinates in their city) and the Auth emulator, with a mocked
// geolocation: the seller opens a customer's file, checks in at the customer (verified, with the
// distance), checks out "sem venda" with a reason, checks in again from a kilometre away (fora do
// raio, warned); the supervisor opens the same file and sees both visits with their verdicts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, clienteDemoComCoordenadas as clienteComCoordenadas, esperarAte, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('visitas e check-in', () => {
  it('check-in inside and outside the radius, check-out sem venda with a reason; the supervisor sees the verdicts', async () => {
    const { cliente, latitude, longitude, antes } = await clienteComCoordenadas();
    const nome = cliente.nome_fantasia || cliente.nome;
    // 30 m north of the customer, a 12 m fix.
    const perto = { latitude: latitude + 30 / 111_195, longitude, accuracy: 12 };
    const seller = await signedInContext(browser, DEMO.vendedor, { contextOptions: { geolocation: perto, permissions: ['geolocation'] } });
    try {
      const { page, context } = seller;
      await page.goto(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      await page.getByTestId('fazer-checkin-cliente').click();
      await page.waitForURL(`${BASE}/checkin?cliente=${encodeURIComponent(cliente.id)}`);
      assert.equal((await page.getByTestId('nome-cliente-checkin').textContent()).trim(), nome);

      // Inside the radius: verified, with the distance.
      await page.getByTestId('fazer-checkin').click();
      const veredito = page.getByTestId('veredito');
      await veredito.waitFor({ timeout: 20_000 });
      assert.equal(await veredito.textContent(), 'Verificada');
      assert.match(await page.getByTestId('distancia').textContent(), /a (2\d|3\d) m do cliente/);

      // Check-out "sem venda" with a reason of the company's list.
      await page.getByTestId('resultado').selectOption('sem_venda');
      const motivo = page.getByTestId('motivo');
      await esperarAte(async () => (await motivo.locator('option').count()) > 1, 'os motivos da empresa não chegaram');
      // Without a reason: refused in pt-BR on the screen.
      await page.getByTestId('fazer-checkout').click();
      assert.equal(await page.getByTestId('erro-checkout').textContent(), 'Escolha o motivo de não ter vendido.');
      await motivo.selectOption('estoque-cheio');
      await page.getByTestId('fazer-checkout').click();
      await page.getByTestId('checkout-feito').waitFor();
      assert.equal(await page.getByTestId('checkout-feito').textContent(), 'Visita encerrada.');

      // A kilometre away: out of the radius, warned (the company's default is avisar).
      await context.setGeolocation({ latitude: latitude + 1000 / 111_195, longitude, accuracy: 10 });
      await page.getByTestId('fazer-checkin').click();
      await esperarAte(async () => (await veredito.count()) > 0 && (await veredito.textContent()) === 'Fora do raio', 'o check-in longe do cliente não ficou fora do raio');
      assert.match(await page.getByTestId('aviso-checkin').textContent(), /Você está a 1,0 km do cliente, fora do raio de 200 m\./);
    } finally {
      await seller.context.close();
    }

    // The server has both, the first checked out with its reason.
    const v = await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`);
    assert.equal(v.body.visitas.length, antes + 2);
    const [fora, dentro] = v.body.visitas;
    assert.deepEqual([fora.veredito, fora.status], ['fora_do_raio', 'em_andamento']);
    assert.deepEqual([dentro.veredito, dentro.status, dentro.resultado, dentro.motivo_id], ['verificado', 'concluida', 'sem_venda', 'estoque-cheio']);
    assert.ok(dentro.precisao_metros === 12 && dentro.recebido_em && dentro.capturado_em, JSON.stringify(dentro));

    // The supervisor opens the customer's file: the visits with their verdicts.
    const sup = await signedInContext(browser, DEMO.supervisor);
    try {
      const { page } = sup;
      await page.goto(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      const lista = page.getByTestId('visitas-cliente');
      await lista.waitFor({ timeout: 30_000 });
      // The history reads the device's copy of the team's visits: both once it has them (the
      // customer's earlier visits, from the demo, show before them; the file lists the latest 10).
      await esperarAte(async () => (await lista.getByTestId('visita-cliente').count()) === Math.min(antes + 2, 10), 'o histórico não mostrou as duas visitas', {
        timeout: 30_000,
      });
      const vereditos = await lista.getByTestId('veredito-visita').allTextContents();
      assert.deepEqual(vereditos.slice(0, 2), ['Fora do raio', 'Verificada']);
      assert.match(await lista.getByTestId('visita-cliente').nth(1).textContent(), /Sem venda: Cliente com estoque cheio/);
      assert.match(await lista.getByTestId('visita-cliente').first().textContent(), /Victor Vendedor/);
    } finally {
      await sup.context.close();
    }
  });
  it('offline: the check-in and check-out are kept on the device, sent once when the connection returns, with the device time', async () => {
    const { cliente, latitude, longitude, antes } = await clienteComCoordenadas();
    const seller = await signedInContext(browser, DEMO.vendedor, {
      contextOptions: { geolocation: { latitude, longitude, accuracy: 8 }, permissions: ['geolocation'] },
    });
    try {
      const { page, context } = seller;
      await page.goto(`${BASE}/checkin?cliente=${encodeURIComponent(cliente.id)}`);
      const botao = page.getByTestId('fazer-checkin');
      await esperarAte(async () => (await botao.count()) > 0 && (await botao.isEnabled()), 'o botão de check-in não ficou pronto');
      await context.setOffline(true);
      const tocouEm = Date.now();
      await botao.click();
      await page.getByTestId('checkin-pendente').waitFor({ timeout: 20_000 });
      await page.getByTestId('resultado').selectOption('outro');
      await page.getByTestId('fazer-checkout').click();
      await page.getByTestId('checkout-feito').waitFor();
      assert.match(await page.getByTestId('checkout-feito').textContent(), /Sem conexão: a alteração ficou guardada no aparelho/);
      assert.equal((await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas.length, antes, 'enviado sem conexão');

      await context.setOffline(false);
      let visitas = [];
      await esperarAte(
        async () => {
          visitas = (await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas;
          return visitas.length > antes && visitas[0].status === 'concluida';
        },
        'a visita guardada no aparelho não chegou ao servidor (com o check-out) quando a conexão voltou',
        { timeout: 60_000 },
      );
      // Sent once: the outbox is empty and the server has one visit more.
      await esperarAte(async () => (await page.getByTestId('selo-saida').count()) === 0, 'a fila de saída não esvaziou', { timeout: 30_000 });
      visitas = (await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas;
      assert.equal(visitas.length, antes + 1);
      const v = visitas[0];
      assert.deepEqual([v.veredito, v.resultado], ['verificado', 'outro']);
      // The device's time of the check-in, the server's receive time beside it.
      assert.ok(Math.abs(Date.parse(v.inicio) - tocouEm) < 10_000 && Date.parse(v.recebido_em) >= Date.parse(v.inicio), JSON.stringify(v));
    } finally {
      await seller.context.close();
    }
  });
});
