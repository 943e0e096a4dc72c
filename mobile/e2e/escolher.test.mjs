// The generic chooser with the demo company's ~2,000 customers (Carteira → Atribuir → Escolher
// clientes): a virtual list (few rows in the DOM), the action bar on screen without scrolling, on
// a phone and on a desktop, and "Selecionar todos os N encontrados" after an accent-less search.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const signedIn = (email, viewport) => signedInContext(browser, email, { contextOptions: { viewport } });

const dobrar = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Every customer the ADMIN sees (the chooser's options). */
async function todosOsClientes() {
  const out = [];
  let token = '';
  do {
    const r = await apiAs(DEMO.admin, 'GET', `/clientes?page_size=200${token ? `&page_token=${encodeURIComponent(token)}` : ''}`);
    assert.equal(r.status, 200);
    out.push(...r.body.clientes);
    token = r.body.next_page_token;
  } while (token);
  return out;
}

/**
 * Right after sign-in the portfolio's first copy is under way: crm-clientes-buscar says how far
 * it is ("Baixando a carteira: n de m clientes") and, once it is complete, how many customers the
 * device holds. Waits for that (the progress gone, the count reached), not for a fixed time.
 */
async function esperarCopiaCompleta(page, total) {
  await page.goto(`${BASE}/crm-clientes-buscar`);
  await page.getByTestId('contagem-busca').filter({ hasText: `${total} clientes no aparelho` }).waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId('progresso-copia').count(), 0, 'no first-copy progress once the copy is complete');
}

/** Carteira → Atribuir → Escolher clientes, with the device copy complete: every customer offered. */
async function abrirEscolherClientes(page, total) {
  await esperarCopiaCompleta(page, total);
  await page.goto(`${BASE}/carteira`);
  const atribuir = page.locator('section[aria-label="Atribuir clientes"]');
  await atribuir.locator('ion-button', { hasText: 'Escolher clientes' }).click();
  await page.waitForURL((u) => u.pathname === '/escolher', { timeout: 60_000 });
  const primeira = page.getByTestId('opcoes-escolha').locator('li').first();
  await primeira.waitFor();
  assert.equal(Number(await primeira.getAttribute('aria-setsize')), total, 'the chooser offers every customer');
}

/** The element at the centre of the locator's box is the locator's (on screen, not covered). */
async function naTela(page, locator) {
  const box = await locator.boundingBox();
  assert.ok(box, 'has a box');
  const vp = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= vp.height, `inside the viewport: y=${box.y} h=${box.height} viewport=${vp.height}`);
  assert.ok(box.x >= 0 && box.x + box.width <= vp.width, `inside the viewport: x=${box.x} w=${box.width} viewport=${vp.width}`);
  const handle = await locator.elementHandle();
  assert.ok(
    await page.evaluate(
      ([el, x, y]) => {
        const at = document.elementFromPoint(x, y);
        return !!at && (el === at || el.contains(at) || el.shadowRoot?.contains(at));
      },
      [handle, box.x + box.width / 2, box.y + box.height / 2],
    ),
    'not covered',
  );
}

describe('escolher with the demo customers (ADMIN, carteira → atribuir)', () => {
  for (const [nome, viewport] of [
    ['phone 360×740', { width: 360, height: 740 }],
    ['desktop 1280×800', { width: 1280, height: 800 }],
  ]) {
    it(`${nome}: few rows in the DOM, the action bar on screen, the list scrolls to its end`, async () => {
      const total = (await todosOsClientes()).length;
      assert.ok(total >= 2000, `demo customers: ${total}`);
      const { context, page } = await signedIn(DEMO.admin, viewport);
      try {
        await abrirEscolherClientes(page, total);
        const lista = page.getByTestId('opcoes-escolha');
        const linhas = await lista.locator('li').count();
        assert.ok(linhas > 5 && linhas < 100, `rows in the DOM: ${linhas} of ${total}`);
        assert.equal(await page.locator('input[type=checkbox]').count(), linhas);

        const confirmar = page.locator('ion-button', { hasText: 'Confirmar (0)' });
        const cancelar = page.locator('ion-button', { hasText: 'Cancelar' });
        const busca = page.locator('input[name=busca]');
        await naTela(page, confirmar);
        await naTela(page, cancelar);
        await naTela(page, busca);

        // Scrolled to the end: the last customer is there, search and action bar still on screen.
        await page.locator('.lista-virtual').evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        await lista.locator(`li[aria-posinset="${total}"]`).waitFor();
        const noFim = await lista.locator('li').count();
        assert.ok(noFim < 100, `rows in the DOM at the end: ${noFim}`);
        await naTela(page, confirmar);
        await naTela(page, busca);
        await naTela(page, lista.locator(`li[aria-posinset="${total}"]`));
      } finally {
        await context.close();
      }
    });
  }

  it('an accent-less search, "Selecionar todos os N encontrados", Confirmar: N customers chosen', async () => {
    const termo = 'farmacia';
    const clientes = await todosOsClientes();
    const esperados = clientes.filter((c) => dobrar(c.nome).includes(termo));
    assert.ok(esperados.length > 30, `customers named Farmácia…: ${esperados.length}`);
    const { context, page } = await signedIn(DEMO.admin, { width: 360, height: 740 });
    try {
      await abrirEscolherClientes(page, clientes.length);
      await page.locator('input[name=busca]').fill(termo);
      const todos = page.getByTestId('selecionar-encontrados');
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid=selecionar-encontrados]')?.textContent === `Selecionar todos os ${n} encontrados`,
        esperados.length.toLocaleString('pt-BR'),
      );
      // Still virtual: fewer rows in the DOM than found.
      const noDom = await page.getByTestId('opcoes-escolha').locator('li').count();
      assert.ok(noDom < esperados.length, `rows in the DOM: ${noDom} of ${esperados.length}`);
      assert.match(await page.getByTestId('opcoes-escolha').locator('li').first().textContent(), /Farmácia/);
      await todos.click();
      const confirmar = page.locator('ion-button', { hasText: `Confirmar (${esperados.length})` });
      await confirmar.waitFor();
      await naTela(page, confirmar);
      await confirmar.click();
      await page.waitForURL((u) => u.pathname === '/carteira');
      const atribuir = page.locator('section[aria-label="Atribuir clientes"]');
      await atribuir.locator('ion-button', { hasText: `${esperados.length} cliente(s) escolhido(s) — alterar` }).waitFor();

      // Opened again: the N chosen come checked; "Limpar seleção" empties it.
      await atribuir.locator('ion-button', { hasText: 'alterar' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.locator('ion-button', { hasText: `Confirmar (${esperados.length})` }).waitFor();
      await page.locator('button', { hasText: 'Limpar seleção' }).click();
      await page.locator('ion-button', { hasText: 'Confirmar (0)' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
