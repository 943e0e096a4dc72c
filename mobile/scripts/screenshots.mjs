// `npm run screenshots`: the landing's pictures of the app (issue 21 §6), taken from the running app
// with the demo data — never drawn. A seller on a 360 × 720 phone (2× pixels): the order being
// built, the customer file and `listas`. Each screen is written as WebP (Chromium's own encoder,
// no extra package) at 270 and 540 px wide into src/features/public/capturas/, the files
// LandingPage.tsx shows.
// Against a fresh crm with the demo data and the Auth emulator:
//   make crm && (cd mobile && FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9405 npm run build:e2e)
//   CRM_WEB_DIR=$PWD/mobile/dist-e2e scripts/with-crm.sh 8405 9415 9405 bash -c 'cd mobile && npm run screenshots'
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE, DEMO, apiAs, checkEnvironment, launchBrowser, newContext, signInWithPassword } from '../e2e/helpers.mjs';

const SAIDA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/features/public/capturas');
/** The phone: CSS pixels; the pictures are taken at 2×. */
const TELA = { width: 360, height: 720 };
/**
 * Widths written (1× and 2× of the 270 CSS px the landing shows), each with its WebP quality: the
 * 2× one has pixels to spare, so it is squeezed harder (a phone on 3G downloads it).
 */
const LARGURAS = [270, 540];
const QUALIDADE = { 270: 0.8, 540: 0.6 };

async function clienteDoVendedor() {
  const r = await apiAs(DEMO.vendedor, 'GET', '/clientes?page_size=20&status=ativo');
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const c = r.body.clientes.find((x) => x.status === 'ativo' && x.documento);
  assert.ok(c, 'o vendedor demo tem clientes ativos');
  return c;
}

/** Each screen: how to bring it up, signed in as the demo seller. */
const TELAS = [
  {
    nome: 'pedido',
    async preparar(page, cliente) {
      await page.goto(`${BASE}/crm-vendas-pedidos-incluir`);
      await page.getByTestId('form-pedido').waitFor();
      await page.locator('input[name=busca-cliente]').fill(cliente.documento);
      await page.locator('.pedido-sugestoes button', { hasText: cliente.nome }).first().click();
      await page.getByTestId('cliente-escolhido').waitFor();
      await page.getByText('Carregando o catálogo do aparelho…').waitFor({ state: 'detached', timeout: 90_000 });
      for (const codigo of ['10001', '10002', '10003']) {
        await page.locator('input[name=busca-produto]').fill(codigo);
        await page.locator(`.pedido-sugestoes button[data-codigo="${codigo}"]`).click();
        await page.locator(`[data-testid=linha-pedido][data-produto="${codigo}"]`).waitFor();
      }
      await page.locator('input[name=quantidade-0]').fill('12');
      await page.locator('input[name=desconto-1]').fill('3');
      await page.locator('input[name=busca-produto]').blur();
      await page.getByTestId('total-pedido').filter({ hasText: /R\$/ }).waitFor();
      await page.getByTestId('cliente-escolhido').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    },
  },
  {
    nome: 'cliente',
    async preparar(page, cliente) {
      await page.goto(`${BASE}/crm-clientes-ficha?id=${encodeURIComponent(cliente.id)}`);
      await page.getByTestId('nome-cliente').waitFor();
      await page.getByTestId('documento').waitFor();
    },
  },
  {
    nome: 'listas',
    async preparar(page) {
      await page.goto(`${BASE}/listas`);
      await page.getByTestId('contagem-produtos').filter({ hasText: /\d[\d.]* produtos na tabela/ }).waitFor({ timeout: 90_000 });
    },
  },
];

/** PNG → WebP at each width, in the browser (canvas.toDataURL('image/webp')). */
async function paraWebp(pagina, png) {
  const urls = await pagina.evaluate(
    async ({ b64, larguras }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      return larguras.map(([l, q]) => {
        const c = document.createElement('canvas');
        c.width = l;
        c.height = Math.round((img.naturalHeight * l) / img.naturalWidth);
        const ctx = c.getContext('2d');
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(img, 0, 0, c.width, c.height);
        return c.toDataURL('image/webp', q);
      });
    },
    { b64: png.toString('base64'), larguras: LARGURAS.map((l) => [l, QUALIDADE[l]]) },
  );
  return urls.map((u) => {
    assert.match(u, /^data:image\/webp;base64,/, 'o Chromium não gerou WebP');
    return Buffer.from(u.slice(u.indexOf(',') + 1), 'base64');
  });
}

await checkEnvironment();
const browser = await launchBrowser();
try {
  const cliente = await clienteDoVendedor();
  const context = await newContext(browser, { viewport: TELA, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInWithPassword(page, DEMO.vendedor);
  await page.waitForURL(`${BASE}/crm-home`);
  const conversor = await browser.newPage();
  mkdirSync(SAIDA, { recursive: true });
  let total = 0;
  for (const t of TELAS) {
    await t.preparar(page, cliente);
    // Fonts and pictures in place, no caret blinking into the picture.
    await page.evaluate(async () => {
      await document.fonts.ready;
      document.activeElement?.blur?.();
    });
    const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const webps = await paraWebp(conversor, png);
    LARGURAS.forEach((l, i) => {
      const f = path.join(SAIDA, `${t.nome}-${l}.webp`);
      writeFileSync(f, webps[i]);
      total += webps[i].length;
      console.log(`${path.relative(process.cwd(), f)}: ${webps[i].length} bytes`);
    });
  }
  console.log(`total: ${total} bytes`);
  await context.close();
} finally {
  await browser.close();
}
