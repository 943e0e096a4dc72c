// The ADMIN's visit screens and the visits on the device (issue 24), end to end against the real
// crm with its demo data and the Auth emulator, with a mocked geolocation: the ADMIN widens the
// radius and changes a reason in `configuracao-visitas`, and a seller's check-in a kilometre away
// is then verified and the reason is offered; the ADMIN accepts a check-in's coordinates in
// `coordenadas-propostas` and the customer's main address then has them; a check-in made offline
// shows at once in the customer file's history, offline, and reaches the server once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, alertText, apiAs, checkEnvironment, clienteDemoComCoordenadas, closeAlert, cnpj, esperarAte, esperarCopia, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const METRO = 1 / 111_195;

describe('visitas: as telas do ADMIN e o histórico no aparelho', () => {
  it('the ADMIN widens the radius and changes a reason: a seller’s check-in a kilometre away is then verified, the reason offered', async () => {
    const padrao = await apiAs(DEMO.admin, 'GET', '/configuracao-visitas');
    assert.equal(padrao.status, 200, JSON.stringify(padrao.body));
    assert.equal(padrao.body.raio_metros, 200);
    // Customers far from visitas.test.mjs's (from demo-cliente-00001), which may run beside this file.
    const { cliente, latitude, longitude } = await clienteDemoComCoordenadas(101);
    const admin = await signedInContext(browser, DEMO.admin);
    try {
      const { page } = admin;
      // From the ADMIN's menu.
      await page.goto(`${BASE}/menu`);
      await page.locator('a[href="/configuracao-visitas"]').first().click();
      await page.waitForURL(`${BASE}/configuracao-visitas`);
      const raio = page.locator('input[name=raio_metros]');
      await raio.waitFor({ timeout: 20_000 });
      assert.equal(await raio.inputValue(), '200');
      // A radius out of the server's range is refused at the field, in pt-BR, before sending.
      await raio.fill('5');
      await page.getByTestId('salvar-configuracao').click();
      const erroRaio = page.locator('.text-field.has-error .field-error').first();
      await erroRaio.waitFor();
      assert.equal(await erroRaio.textContent(), 'O raio deve ficar entre 10 e 50000 metros.');
      await raio.fill('2000');
      // The second reason ("Comprador ausente") renamed, now requiring a photo.
      const motivo = page.getByTestId('linha-motivo').nth(1);
      assert.equal(await motivo.locator('input[name=nome]').inputValue(), 'Comprador ausente');
      await motivo.locator('input[name=nome]').fill('Comprador em férias');
      await motivo.locator('input[name=exige_foto]').check();
      await page.getByTestId('salvar-configuracao').click();
      await esperarAte(async () => (await apiAs(DEMO.admin, 'GET', '/configuracao-visitas')).body.raio_metros === 2000, 'a configuração não foi salva');
      const salva = (await apiAs(DEMO.admin, 'GET', '/configuracao-visitas')).body;
      assert.deepEqual(salva.motivos_sem_venda[1], { id: 'sem-comprador', nome: 'Comprador em férias', exige_foto: true });
    } finally {
      await admin.context.close();
    }

    const seller = await signedInContext(browser, DEMO.vendedor, {
      contextOptions: { geolocation: { latitude: latitude + 1000 * METRO, longitude, accuracy: 10 }, permissions: ['geolocation'] },
    });
    try {
      const { page } = seller;
      await page.goto(`${BASE}/checkin?cliente=${encodeURIComponent(cliente.id)}`);
      const botao = page.getByTestId('fazer-checkin');
      await esperarAte(async () => (await botao.count()) > 0 && (await botao.isEnabled()), 'o botão de check-in não ficou pronto', { timeout: 30_000 });
      await botao.click();
      const veredito = page.getByTestId('veredito');
      await veredito.waitFor({ timeout: 20_000 });
      // A kilometre away: inside the new 2 km radius (out of the old 200 m).
      assert.equal(await veredito.textContent(), 'Verificada');
      assert.match(await page.getByTestId('distancia').textContent(), /a 1,0 km do cliente/);
      await page.getByTestId('resultado').selectOption('sem_venda');
      const opcoes = page.getByTestId('motivo').locator('option');
      await esperarAte(async () => (await opcoes.count()) > 1, 'os motivos da empresa não chegaram');
      assert.ok((await opcoes.allTextContents()).includes('Comprador em férias (exige foto)'), (await opcoes.allTextContents()).join(' | '));
    } finally {
      await seller.context.close();
      // The company's settings back as they were (the PUT takes the settings, not their versao).
      const { versao: _v, alterado_em: _a, ...antes } = padrao.body;
      const volta = await apiAs(DEMO.admin, 'PUT', '/configuracao-visitas', antes);
      assert.equal(volta.status, 200, JSON.stringify(volta.body));
    }
  });

  it('the ADMIN dismisses a wrong proposal and accepts a check-in’s proposed coordinates: the customer’s main address then has them, its other proposal leaves the list', async () => {
    // A customer of the seller whose main address has no coordinates.
    const id = randomUUID();
    const nome = `Mercado Sem Mapa ${id.slice(0, 6)}`;
    const criado = await apiAs(DEMO.vendedor, 'POST', '/clientes', {
      id,
      documento: cnpj(),
      nome,
      vendedor_id: 'demo-vendedor',
      enderecos: [{ tipo: 'ENTREGA', principal: true, logradouro: 'Praça da Sé', numero: '1', bairro: 'Sé', ibge: '3550308' }],
    });
    assert.equal(criado.status, 200, JSON.stringify(criado.body));
    assert.equal(criado.body.enderecos[0].latitude ?? null, null, JSON.stringify(criado.body.enderecos));
    const [lat, lon] = [-23.5503, -46.634];
    const visita = await apiAs(DEMO.vendedor, 'POST', '/visitas/checkin', {
      id: randomUUID(),
      cliente_id: id,
      latitude: lat,
      longitude: lon,
      precisao_metros: 8,
      capturado_em: new Date().toISOString(),
    });
    assert.equal(visita.status, 200, JSON.stringify(visita.body));
    assert.deepEqual([visita.body.veredito, visita.body.coordenadas_propostas], ['endereco_sem_coordenadas', true]);
    // A second check-in there proposes too (it closes the first visit: the seller moved on).
    const segunda = await apiAs(DEMO.vendedor, 'POST', '/visitas/checkin', {
      id: randomUUID(),
      cliente_id: id,
      latitude: lat + 0.0002,
      longitude: lon,
      precisao_metros: 9,
      capturado_em: new Date().toISOString(),
    });
    assert.deepEqual([segunda.status, segunda.body.coordenadas_propostas], [200, true], JSON.stringify(segunda.body));
    // Another customer without coordinates, checked in at the wrong place: the ADMIN dismisses it.
    const idErrado = randomUUID();
    const nomeErrado = `Mercado Lugar Errado ${idErrado.slice(0, 6)}`;
    const errado = await apiAs(DEMO.vendedor, 'POST', '/clientes', {
      id: idErrado,
      documento: cnpj(),
      nome: nomeErrado,
      vendedor_id: 'demo-vendedor',
      enderecos: [{ tipo: 'ENTREGA', principal: true, logradouro: 'Praça da Sé', numero: '2', bairro: 'Sé', ibge: '3550308' }],
    });
    assert.equal(errado.status, 200, JSON.stringify(errado.body));
    const visitaErrada = await apiAs(DEMO.vendedor, 'POST', '/visitas/checkin', {
      id: randomUUID(),
      cliente_id: idErrado,
      latitude: -23.6,
      longitude: -46.7,
      precisao_metros: 8,
      capturado_em: new Date().toISOString(),
    });
    assert.deepEqual([visitaErrada.status, visitaErrada.body.coordenadas_propostas], [200, true], JSON.stringify(visitaErrada.body));

    const admin = await signedInContext(browser, DEMO.admin);
    try {
      const { page } = admin;
      await page.goto(`${BASE}/menu`);
      await page.locator('a[href="/coordenadas-propostas"]').first().click();
      await page.waitForURL(`${BASE}/coordenadas-propostas`);
      // "Descartar" (after a confirmation): the wrong proposal leaves the list, its address untouched.
      const linhaErrada = page.getByTestId('proposta-coordenadas').filter({ hasText: nomeErrado });
      await linhaErrada.waitFor({ timeout: 20_000 });
      await linhaErrada.getByTestId('descartar-coordenadas').click();
      assert.equal((await alertText(page)).message, `Descartar a posição proposta para ${nomeErrado}? O endereço continua como está.`);
      await closeAlert(page, 'Descartar');
      await esperarAte(async () => (await linhaErrada.count()) === 0, 'a proposta descartada continuou na lista', { timeout: 20_000 });

      const linhas = page.getByTestId('proposta-coordenadas').filter({ hasText: nome });
      await esperarAte(async () => (await linhas.count()) === 2, 'as duas propostas do cliente não apareceram', { timeout: 20_000 });
      const linha = linhas.filter({ hasText: '-23,550300, -46,634000 (± 8 m)' });
      assert.match(await linha.getByTestId('proposta-posicao').textContent(), /-23,550300, -46,634000 \(± 8 m\) · endereço sem coordenadas/);
      const mapa = linha.locator('a[target=_blank]');
      assert.equal(await mapa.getAttribute('href'), 'https://www.google.com/maps/search/?api=1&query=-23.550300,-46.634000');
      // Accepting one: the customer's other proposal leaves the list with it.
      await linha.getByTestId('aceitar-coordenadas').click();
      await esperarAte(async () => (await linhas.count()) === 0, 'as propostas do cliente continuaram na lista depois de aceitar uma', { timeout: 20_000 });
    } finally {
      await admin.context.close();
    }
    const c = await apiAs(DEMO.admin, 'GET', `/clientes/${id}`);
    const principal = c.body.enderecos.find((e) => e.principal);
    assert.ok(Math.abs(principal.latitude - lat) < 1e-6 && Math.abs(principal.longitude - lon) < 1e-6, JSON.stringify(principal));
    const v = await apiAs(DEMO.admin, 'GET', `/visitas/${visita.body.id}`);
    assert.equal(v.body.coordenadas_aceitas, true);
    const fechada = (await apiAs(DEMO.admin, 'GET', `/visitas/${segunda.body.id}`)).body;
    assert.deepEqual([fechada.coordenadas_aceitas, fechada.coordenadas_descartadas], [false, true], JSON.stringify(fechada));
    assert.equal((await apiAs(DEMO.admin, 'POST', `/visitas/${segunda.body.id}/aceitar-coordenadas`, {})).status, 400);
    const pendentes = (await apiAs(DEMO.admin, 'GET', '/visitas?coordenadas_propostas=true&page_size=200')).body.visitas;
    assert.equal(pendentes.filter((x) => x.cliente_id === id || x.cliente_id === idErrado).length, 0);
    assert.equal((await apiAs(DEMO.admin, 'GET', `/visitas/${visitaErrada.body.id}`)).body.coordenadas_descartadas, true);
    const semMapa = (await apiAs(DEMO.admin, 'GET', `/clientes/${idErrado}`)).body.enderecos.find((e) => e.principal);
    assert.equal(semMapa.latitude ?? null, null, JSON.stringify(semMapa));
  });

  it('offline: a check-in shows at once in the customer file’s history, and reaches the server once', async () => {
    const { cliente, latitude, longitude, antes } = await clienteDemoComCoordenadas(201);
    const seller = await signedInContext(browser, DEMO.vendedor, {
      contextOptions: { geolocation: { latitude: latitude + 20 * METRO, longitude, accuracy: 8 }, permissions: ['geolocation'] },
    });
    try {
      const { page, context } = seller;
      await page.goto(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      const historico = page.getByTestId('visita-cliente');
      // The device's copy of the visits is there (the customer's earlier visits, from the feed).
      await esperarAte(async () => (await historico.count()) === Math.min(antes, 10), `o histórico não mostrou as ${antes} visitas do aparelho`, { timeout: 30_000 });

      // The portfolio and the visits on the device: the file and its history open offline.
      await esperarCopia(page, 'clientes');
      await esperarCopia(page, 'visitas');
      // The screens' code too: the service worker's precache (the check-in screen opens offline).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await context.setOffline(true);
      await page.getByTestId('fazer-checkin-cliente').click();
      await page.waitForURL(`${BASE}/checkin?cliente=${encodeURIComponent(cliente.id)}`);
      await page.getByTestId('fazer-checkin').click();
      await page.getByTestId('checkin-pendente').waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Voltar à ficha do cliente' }).click();
      await page.waitForURL(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      // Offline, at once: the new visit first, waiting to be sent, with no verdict yet.
      const pendente = page.locator('[data-testid=visita-cliente][data-pendente=true]');
      await pendente.waitFor({ timeout: 20_000 });
      assert.match(await pendente.textContent(), /Victor Vendedor.*Aguardando envio · Em andamento/);
      assert.equal(await historico.first().getAttribute('data-pendente'), 'true');
      assert.equal((await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas.length, antes, 'enviado sem conexão');

      await context.setOffline(false);
      // Sent once: the server's answer replaces the device's (its verdict), the outbox empties.
      const veredito = historico.first().getByTestId('veredito-visita');
      await esperarAte(async () => (await veredito.count()) > 0 && (await veredito.textContent()) === 'Verificada', 'o histórico não recebeu o veredito do servidor', {
        timeout: 60_000,
      });
      assert.equal(await pendente.count(), 0);
      await esperarAte(async () => (await page.getByTestId('selo-saida').count()) === 0, 'a fila de saída não esvaziou', { timeout: 30_000 });
      const visitas = (await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas;
      assert.equal(visitas.length, antes + 1);
      assert.deepEqual([visitas[0].veredito, visitas[0].status], ['verificado', 'em_andamento']);
    } finally {
      await seller.context.close();
    }
  });
});
