// The public pages a manager meets first (issue 21 §6), against the real crm with the demo company,
// the Auth emulator and Chromium on a 360 px phone: the landing's real screenshots load; privacy
// and terms are linked from landing, signin and about, and open without a connection once the
// app is cached (the landing too, with its pictures); /about shows the version, the company and the licences of what the app ships.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, checkEnvironment, esperarAte, launchBrowser, newContext, signedInContext } from './helpers.mjs';

const CELULAR = { viewport: { width: 360, height: 740 } };
/** A screenshot as the build names it (a hashed asset). */
const CAPTURA = /^\/assets\/(pedido|cliente|listas)-(?:270|540)-[\w-]+\.webp$/;

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The page does not scroll sideways at 360 px. */
async function semRolagemLateral(page, rota) {
  const { largura, conteudo } = await page.evaluate(() => ({ largura: window.innerWidth, conteudo: document.documentElement.scrollWidth }));
  assert.ok(conteudo <= largura, `${rota} rola para o lado: ${conteudo}px em ${largura}px`);
}

describe('public pages', () => {
  it('the landing shows the order, the customer file and listas as real screenshots that load (WebP), not broken', async () => {
    const context = await newContext(browser, CELULAR);
    try {
      const page = await context.newPage();
      const webp = new Map();
      page.on('response', (r) => {
        if (CAPTURA.test(new URL(r.url()).pathname)) webp.set(new URL(r.url()).pathname, [r.status(), r.headers()['content-type']]);
      });
      await page.goto(`${BASE}/landing`);
      const imgs = page.getByTestId('capturas').locator('img');
      await imgs.first().waitFor();
      assert.equal(await imgs.count(), 3);
      for (let i = 0; i < 3; i++) {
        // Lazy: each loads once it is near the screen.
        await imgs.nth(i).scrollIntoViewIfNeeded();
        await esperarAte(
          () => imgs.nth(i).evaluate((img) => img.complete && img.naturalWidth > 0 && img.naturalHeight > img.naturalWidth),
          `a captura ${i + 1} não carregou (imagem quebrada)`,
        );
      }
      const fontes = await imgs.evaluateAll((l) => l.map((img) => new URL(img.currentSrc).pathname));
      assert.deepEqual(
        fontes.map((f) => f.match(CAPTURA)?.[1]),
        ['pedido', 'cliente', 'listas'],
      );
      for (const f of fontes) assert.deepEqual(webp.get(f), [200, 'image/webp'], f);
      assert.match(await page.getByTestId('para-quem').textContent(), /vendedor/);
      assert.equal(await page.getByTestId('como-comecar').locator('li').count(), 3);
      await semRolagemLateral(page, '/landing');
    } finally {
      await context.close();
    }
  });

  it('privacy and terms are linked from landing, signin and about, and open without signing in', async () => {
    const context = await newContext(browser, CELULAR);
    try {
      const page = await context.newPage();
      for (const origem of ['/landing', '/signin', '/about']) {
        for (const [link, rota, marca, titulo] of [
          ['Privacidade', '/privacidade', 'privacidade', /LGPD/],
          ['Termos de uso', '/termos', 'termos', /termos/],
        ]) {
          await page.goto(`${BASE}${origem}`);
          await page.locator('nav.links-legais').getByRole('link', { name: link, exact: true }).click();
          await page.waitForURL(`${BASE}${rota}`);
          const texto = page.getByTestId(marca);
          await texto.waitFor();
          assert.match(await texto.textContent(), titulo, `${origem} → ${rota}`);
          await semRolagemLateral(page, rota);
        }
      }
      // What the privacy page must say (LGPD).
      await page.goto(`${BASE}/privacidade`);
      const texto = await page.getByTestId('privacidade').textContent();
      for (const trecho of ['Registro de acessos', 'Firebase Authentication', 'banco de dados da empresa', 'Por quanto tempo', 'LGPD, art. 18', 'Como pedir a exclusão']) {
        assert.ok(texto.includes(trecho), trecho);
      }
      assert.equal(await page.getByTestId('contato-controlador').getAttribute('data-configurado'), 'nao');
    } finally {
      await context.close();
    }
  });

  it('/about shows the version, the company and the licences of what the app ships (react: MIT)', async () => {
    const { context, page } = await signedInContext(browser, DEMO.vendedor, { contextOptions: CELULAR });
    try {
      await page.goto(`${BASE}/about`);
      await page.getByTestId('empresa').filter({ hasText: 'Demo Distribuidora' }).waitFor();
      assert.match(await page.getByTestId('versao-app').textContent(), /^\d+\.\d+\.\d+/);
      const react = page.locator('[data-testid=lista-licencas] li[data-pacote="react"]');
      await react.waitFor();
      assert.equal(await react.getByTestId('licenca').textContent(), 'MIT');
      await react.locator('summary').click();
      assert.match(await react.locator('pre').textContent(), /^MIT License/);
      const pacotes = await page.locator('[data-testid=lista-licencas] li').evaluateAll((l) => l.map((li) => li.dataset.pacote));
      for (const p of ['react-dom', 'firebase', '@ionic/core', 'workbox-precaching']) assert.ok(pacotes.includes(p), `${p} fora da lista: ${pacotes.join(', ')}`);
      await semRolagemLateral(page, '/about');
    } finally {
      await context.close();
    }
  });

  it('once the app is cached, the landing with its screenshots, privacy, terms and the licences open without a connection (signed out)', async () => {
    const context = await newContext(browser, CELULAR);
    try {
      const page = await context.newPage();
      await page.goto(`${BASE}/landing`);
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
      // The whole precache is in (the app's files, licencas.json among them).
      await esperarAte(
        async () => {
          const urls = await page.evaluate(async () => {
            const nome = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
            return nome ? (await (await caches.open(nome)).keys()).map((r) => new URL(r.url).pathname) : [];
          });
          return urls.includes('/licencas.json') && urls.includes('/index.html') && urls.filter((u) => CAPTURA.test(u)).length === 6;
        },
        'licencas.json ou as capturas da landing fora do precache',
        { timeout: 60_000 },
      );
      await context.setOffline(true);
      await page.goto(`${BASE}/landing`);
      const imgs = page.getByTestId('capturas').locator('img');
      for (let i = 0; i < 3; i++) {
        await imgs.nth(i).scrollIntoViewIfNeeded();
        await esperarAte(() => imgs.nth(i).evaluate((img) => img.complete && img.naturalWidth > 0), `sem rede, a captura ${i + 1} não carregou`);
      }
      await page.goto(`${BASE}/privacidade`);
      await page.getByTestId('privacidade').waitFor();
      await page.goto(`${BASE}/termos`);
      await page.getByTestId('termos').waitFor();
      await page.goto(`${BASE}/about`);
      await page.locator('[data-testid=lista-licencas] li[data-pacote="react"]').waitFor();
    } finally {
      await context.close();
    }
  });
});
