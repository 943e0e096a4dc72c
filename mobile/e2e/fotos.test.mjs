// Photos of a visit (issue 24, `camera`), end to end against the real crm with its demo data and
// the Auth emulator, with a mocked geolocation: the seller checks in at a demo customer, the
// check-out "sem venda" with the reason that needs a photo ("Loja fechada") is refused, the seller
// takes a photo (a file on the web: a big picture drawn in the browser, compressed on the device),
// and the same check-out is accepted; the supervisor sees the visit with its photo on the
// customer's file. Offline, a photo is kept on the device and sent once, before the check-out
// that needs it, when the connection returns.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BASE,
  DEMO,
  alertText,
  apiAs,
  checkEnvironment,
  clienteDemoComCoordenadas as clienteComCoordenadas,
  closeAlert,
  esperarAte,
  idToken,
  launchBrowser,
  signedInContext,
} from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A 2400 × 1800 PNG drawn in the page (a gradient with noise: it does not compress to nothing). */
async function fotoGrande(page) {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 2400;
    c.height = 1800;
    const ctx = c.getContext('2d');
    const g = ctx.createLinearGradient(0, 0, 2400, 1800);
    g.addColorStop(0, '#c0392b');
    g.addColorStop(1, '#2980b9');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 2400, 1800);
    for (let i = 0; i < 4000; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`;
      ctx.fillRect((i * 7919) % 2400, (i * 104729) % 1800, 12, 12);
    }
    return c.toDataURL('image/png').split(',')[1];
  });
  return { name: 'fachada.png', mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
}

/** Checks in at the customer from the check-in screen (verified: the mocked position is at the door). */
async function checkin(page, clienteId) {
  await page.goto(`${BASE}/checkin?cliente=${encodeURIComponent(clienteId)}`);
  const botao = page.getByTestId('fazer-checkin');
  await esperarAte(async () => (await botao.count()) > 0 && (await botao.isEnabled()), 'o botão de check-in não ficou pronto');
  await botao.click();
  await page.getByTestId('veredito').waitFor({ timeout: 20_000 });
  assert.equal(await page.getByTestId('veredito').textContent(), 'Verificada');
}

/** Chooses "sem venda" with the reason "Loja fechada" and taps check-out. */
async function checkoutLojaFechada(page) {
  await page.getByTestId('resultado').selectOption('sem_venda');
  const motivo = page.getByTestId('motivo');
  await esperarAte(async () => (await motivo.locator('option').count()) > 1, 'os motivos da empresa não chegaram');
  await motivo.selectOption('loja-fechada');
  await page.getByTestId('fazer-checkout').click();
}

/** Takes a photo on the camera screen (reached from the open visit) and attaches it. */
async function tirarFoto(page) {
  await page.getByTestId('tirar-foto-visita').click();
  await page.waitForURL(/\/camera\?visita=/);
  await page.getByTestId('tirar-foto').waitFor();
  await page.getByTestId('arquivo-foto').setInputFiles(await fotoGrande(page));
  await page.getByTestId('previa-foto').waitFor({ timeout: 30_000 });
  // Compressed on the device: the longest side 1280 px, at most ~300 KB.
  const tamanho = await page.getByTestId('tamanho-foto').textContent();
  const m = tamanho.match(/^(\d+) × (\d+) px · (\d+) KB$/);
  assert.ok(m, tamanho);
  assert.equal(Math.max(Number(m[1]), Number(m[2])), 1280, tamanho);
  assert.ok(Number(m[3]) <= 300, tamanho);
  await page.getByTestId('anexar-foto').click();
  await page.getByTestId('foto-anexada').waitFor({ timeout: 20_000 });
}

/** The seller at the door of a demo customer with coordinates, checked in there: their context and the open visit. */
async function visitaAberta() {
  const { cliente, latitude, longitude } = await clienteComCoordenadas();
  const seller = await signedInContext(browser, DEMO.vendedor, {
    contextOptions: { geolocation: { latitude, longitude, accuracy: 8 }, permissions: ['geolocation'] },
  });
  try {
    await checkin(seller.page, cliente.id);
    const visita = (await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas[0];
    return { ...seller, visita };
  } catch (e) {
    await seller.context.close();
    throw e;
  }
}

/** From the open visit, a photo taken and attached without a connection (kept on the device); the connection stays off. */
async function fotoSemConexao(page, context) {
  await page.getByTestId('tirar-foto-visita').click();
  await page.waitForURL(/\/camera\?visita=/);
  await page.getByTestId('tirar-foto').waitFor();
  const arquivo = await fotoGrande(page);
  await context.setOffline(true);
  await page.getByTestId('arquivo-foto').setInputFiles(arquivo);
  await page.getByTestId('previa-foto').waitFor({ timeout: 30_000 });
  await page.getByTestId('anexar-foto').click();
  await page.getByTestId('foto-anexada').waitFor({ timeout: 20_000 });
  assert.match(await page.getByTestId('foto-anexada').textContent(), /Sem conexão: a alteração ficou guardada no aparelho/);
}

describe('fotos da visita', () => {
  it('a reason that needs a photo is refused before the photo and accepted after it; the supervisor sees the photo', async () => {
    const { cliente, latitude, longitude } = await clienteComCoordenadas();
    const seller = await signedInContext(browser, DEMO.vendedor, {
      contextOptions: { geolocation: { latitude: latitude + 20 / 111_195, longitude, accuracy: 10 }, permissions: ['geolocation'] },
    });
    let visita;
    try {
      const { page } = seller;
      await checkin(page, cliente.id);
      visita = (await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${cliente.id}`)).body.visitas[0];
      assert.equal(visita.status, 'em_andamento');

      // Before the photo: refused on the screen, and by the server.
      await checkoutLojaFechada(page);
      assert.equal(await page.getByTestId('erro-checkout').textContent(), 'O motivo "Loja fechada" exige uma foto da visita: toque em "Tirar foto".');
      const recusa = await apiAs(DEMO.vendedor, 'POST', `/visitas/${visita.id}/checkout`, { resultado: 'sem_venda', motivo_id: 'loja-fechada' });
      assert.equal(recusa.status, 400);
      assert.equal(recusa.body.mensagem, 'O motivo "Loja fechada" exige uma foto da visita.');

      await tirarFoto(page);
      assert.equal(await page.getByTestId('foto-anexada').textContent(), 'Foto anexada à visita.');
      // Back on the visit: its photo's thumbnail, then the check-out is accepted.
      await page.getByTestId('voltar-checkin').click();
      const miniatura = page.getByTestId('fotos-da-visita').getByTestId('foto-visita').locator('img');
      await esperarAte(async () => (await miniatura.count()) === 1 && (await miniatura.evaluate((img) => img.complete && img.naturalWidth > 0)), 'a miniatura da foto não apareceu na visita');
      await checkoutLojaFechada(page);
      await page.getByTestId('checkout-feito').waitFor();
      assert.equal(await page.getByTestId('checkout-feito').textContent(), 'Visita encerrada.');
    } finally {
      await seller.context.close();
    }

    const v = (await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body;
    assert.deepEqual([v.status, v.resultado, v.motivo_id, v.fotos.length], ['concluida', 'sem_venda', 'loja-fechada', 1], JSON.stringify(v));
    const foto = v.fotos[0];
    assert.ok(Math.abs(foto.latitude - (latitude + 20 / 111_195)) < 1e-6 && Number(foto.tamanho_bytes) > 0 && foto.capturado_em, JSON.stringify(foto));
    // The supervisor reads the picture (the team's visit); another seller does not.
    const ler = async (email) =>
      fetch(`${BASE}/crm/visitas/${visita.id}/fotos/${foto.id}`, { headers: { Authorization: `Bearer ${await idToken(email)}` } });
    const r = await ler(DEMO.supervisor);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'image/jpeg');
    assert.equal((await ler(DEMO.vendedor2)).status, 403);

    // The supervisor opens the customer's file: the visit with its photo.
    const sup = await signedInContext(browser, DEMO.supervisor);
    try {
      const { page } = sup;
      await page.goto(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      const lista = page.getByTestId('visitas-cliente');
      await lista.waitFor({ timeout: 30_000 });
      const primeira = lista.getByTestId('visita-cliente').first();
      assert.match(await primeira.textContent(), /Sem venda: Loja fechada/);
      const img = primeira.getByTestId('foto-visita').locator('img');
      await esperarAte(async () => (await img.count()) === 1 && (await img.evaluate((i) => i.complete && i.naturalWidth > 0)), 'a foto não apareceu na visita para o supervisor');
      assert.match(await img.getAttribute('alt'), /^Foto da visita tirada em /);
    } finally {
      await sup.context.close();
    }
  });

  it('the seller deletes a wrong photo of the open visit: a sent one on the server too, one still on the device never leaves it', async () => {
    const { page, context, visita } = await visitaAberta();
    try {
      await tirarFoto(page);
      await page.getByTestId('voltar-checkin').click();
      const enviada = page.getByTestId('fotos-da-visita').getByTestId('foto-visita');
      await esperarAte(async () => (await enviada.count()) === 1, 'a foto enviada não apareceu na visita');
      assert.equal((await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body.fotos.length, 1);
      // "Excluir foto": a 44 px target, a confirmation, then gone from the visit and the server.
      const excluir = enviada.getByTestId('excluir-foto');
      const caixa = await excluir.boundingBox();
      assert.ok(caixa.height >= 44 && caixa.width >= 44, JSON.stringify(caixa));
      await excluir.click();
      assert.equal((await alertText(page)).message, 'Excluir esta foto da visita? Ela não poderá ser recuperada.');
      await closeAlert(page, 'Excluir');
      await page.getByTestId('foto-excluida').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('foto-excluida').textContent(), 'Foto excluída.');
      assert.equal(await enviada.count(), 0);
      assert.equal((await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body.fotos.length, 0);
      // The reason that needs a photo waits for one again.
      await checkoutLojaFechada(page);
      assert.equal(await page.getByTestId('erro-checkout').textContent(), 'O motivo "Loja fechada" exige uma foto da visita: toque em "Tirar foto".');

      // Offline: a photo kept on the device, deleted before it was sent, never reaches the server.
      await fotoSemConexao(page, context);
      const pendente = page.getByTestId('foto-pendente');
      await pendente.waitFor();
      await pendente.getByTestId('excluir-foto').click();
      assert.equal((await alertText(page)).message, 'Excluir esta foto? Ela ainda não foi enviada e sai do aparelho.');
      await closeAlert(page, 'Excluir');
      await page.getByTestId('foto-excluida').waitFor({ timeout: 20_000 });
      assert.equal(await pendente.count(), 0);
      await esperarAte(async () => (await page.getByTestId('selo-saida').count()) === 0, 'a foto excluída continuou na fila de saída', { timeout: 10_000 });
      await context.setOffline(false);
      await page.getByTestId('voltar-checkin').click();
      await page.getByTestId('fazer-checkout').waitFor();
      assert.equal(await page.getByTestId('fotos-da-visita').count(), 0);
      const v = (await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body;
      assert.deepEqual([v.status, v.fotos.length], ['em_andamento', 0], JSON.stringify(v));
    } finally {
      await context.close();
    }
  });

  it('offline: the photo is kept on the device, the check-out that needs it goes behind it, both sent once when the connection returns', async () => {
    const { page, context, visita } = await visitaAberta();
    try {
      await fotoSemConexao(page, context);
      // On the visit: the photo waiting on the device; the check-out with "Loja fechada" is kept too.
      await page.getByTestId('voltar-checkin').click();
      await page.getByTestId('foto-pendente').waitFor();
      await checkoutLojaFechada(page);
      await page.getByTestId('checkout-feito').waitFor();
      assert.match(await page.getByTestId('checkout-feito').textContent(), /Sem conexão: a alteração ficou guardada no aparelho/);
      assert.equal((await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body.fotos.length, 0, 'enviada sem conexão');

      await context.setOffline(false);
      let v;
      await esperarAte(
        async () => {
          v = (await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body;
          return v.status === 'concluida';
        },
        'a foto e o check-out guardados no aparelho não chegaram ao servidor quando a conexão voltou',
        { timeout: 60_000 },
      );
      await esperarAte(async () => (await page.getByTestId('selo-saida').count()) === 0, 'a fila de saída não esvaziou', { timeout: 30_000 });
      v = (await apiAs(DEMO.vendedor, 'GET', `/visitas/${visita.id}`)).body;
      assert.deepEqual([v.resultado, v.motivo_id, v.fotos.length], ['sem_venda', 'loja-fechada', 1], JSON.stringify(v));
    } finally {
      await context.close();
    }
  });
});
