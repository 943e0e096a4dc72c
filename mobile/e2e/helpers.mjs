// Shared by the end-to-end tests: the running crm (CRM_BASE_URL) and Auth emulator
// (FIREBASE_AUTH_EMULATOR_HOST), Debian's Chromium through playwright-core.
import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { launchBrowser, newContext } from '../scripts/lib/browser.mjs';

export const BASE = (process.env.CRM_BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099'}`;
export const PROJECT = process.env.FIREBASE_PROJECT_ID || 'demo-crm';
export const API_KEY = process.env.VITE_FIREBASE_API_KEY || 'fake-api-key';
export const PASSWORD = 'demo1234';
export const DEMO = {
  admin: 'admin@demo.example.com',
  supervisor: 'supervisor@demo.example.com',
  vendedor: 'vendedor@demo.example.com',
  vendedor2: 'vendedor2@demo.example.com',
};

export { launchBrowser, newContext };

/** Fails fast when crm, the emulator or the build they serve do not match. */
export async function checkEnvironment() {
  const html = await fetch(`${BASE}/signin`).then(
    (r) => r.text(),
    (e) => assert.fail(`crm não responde em ${BASE}: ${e.message}`),
  );
  assert.match(html, /<div id="root">/, `${BASE}/signin não serve o app (mobile/dist)`);
  const meta = html.match(/<meta name="crm-auth-emulator" content="([^"]*)"/)?.[1];
  assert.equal(
    meta?.replace(/\/+$/, ''),
    EMULATOR,
    `o app servido usa o emulador ${meta || '(nenhum)'}, os testes usam ${EMULATOR}: gere o build com VITE_FIREBASE_AUTH_EMULATOR_URL=${EMULATOR}`,
  );
  await fetch(`${EMULATOR}/`).catch((e) => assert.fail(`emulador do Auth não responde em ${EMULATOR}: ${e.message}`));
}

export const uniqueEmail = (tag) => `e2e-${tag}-${randomUUID().slice(0, 8)}@teste.example.com`;

async function identityToolkit(path, body, admin = false) {
  const headers = { 'Content-Type': 'application/json' };
  if (admin) headers.Authorization = 'Bearer owner';
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/${path}${admin ? '' : `?key=${API_KEY}`}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const data = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(data)}`);
  return data;
}

/** An emulator account (no operator): verified unless asked otherwise. */
export async function createAccount(email, { verified = true, password = PASSWORD, displayName } = {}) {
  const data = await identityToolkit('accounts:signUp', { email, password, displayName, returnSecureToken: true });
  if (verified) await verifyEmail(data.localId);
  return data.localId;
}

/** Marks an account's e-mail as verified (the emulator's admin API). */
export async function verifyEmail(localId) {
  await identityToolkit(`projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, true);
}

export async function idToken(email, password = PASSWORD) {
  return (await identityToolkit('accounts:signInWithPassword', { email, password, returnSecureToken: true })).idToken;
}

/** Calls the product API as a user. */
export async function apiAs(email, method, path, body) {
  const token = await idToken(email);
  const res = await fetch(`${BASE}/crm${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * A new operator of the demo company (created by its ADMIN), with its own Firebase account
 * (password `senha`, e-mail verified unless asked otherwise).
 */
export async function createOperator({ email = uniqueEmail('op'), nome = 'Operador E2E', perfil = 'VENDEDOR', senha = PASSWORD, verified = true } = {}) {
  const r = await apiAs(DEMO.admin, 'POST', '/operadores', {
    id: randomUUID(),
    email,
    nome_operador: nome,
    perfil_app: perfil,
    exibir_medida: false,
    equipe: [],
    senha,
  });
  assert.equal(r.status, 200, `POST /crm/operadores: ${JSON.stringify(r.body)}`);
  if (verified) await verifyEmail(r.body.uid);
  return { email, nome, operador: r.body };
}

/** The emulator's out-of-band codes (e-mail link, verification) for an e-mail, newest last. */
export async function oobCodes(email, requestType) {
  const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes: codes = [] } = await res.json();
  return codes.filter((c) => c.email === email && (!requestType || c.requestType === requestType));
}

export async function storage(page) {
  return page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
}

/** The open Ionic alert: header and message. */
export async function alertText(page) {
  const alert = page.locator('ion-alert');
  await alert.locator('.alert-message').waitFor({ state: 'visible', timeout: 15_000 });
  return {
    header: (await alert.locator('.alert-title').first().textContent())?.trim(),
    message: (await alert.locator('.alert-message').textContent())?.trim(),
  };
}

export async function closeAlert(page, button = 'OK') {
  await page.locator('ion-alert button', { hasText: button }).click();
  await page.locator('ion-alert').waitFor({ state: 'detached', timeout: 10_000 });
}

/** A new context signed in through the app's form, on crm-home (contextOptions: viewport, …). */
/**
 * Polls `fn` (every `intervalo` ms) until it returns something truthy, and returns it; after
 * `timeout` ms fails with `mensagem` and the last value (or error) seen. For a condition on the
 * server that no page event announces; on a page, use Playwright's waitFor/waitForFunction.
 */
export async function esperarAte(fn, mensagem, { timeout = 10_000, intervalo = 250 } = {}) {
  const fim = Date.now() + timeout;
  for (;;) {
    let visto;
    try {
      visto = await fn();
      if (visto) return visto;
      visto = JSON.stringify(visto);
    } catch (e) {
      visto = `erro: ${e.message}`;
    }
    if (Date.now() >= fim) throw new Error(`${mensagem} (esperou ${timeout} ms; último: ${visto})`);
    await new Promise((r) => setTimeout(r, intervalo));
  }
}

export async function signedInContext(browser, email, { password, contextOptions } = {}) {
  const context = await newContext(browser, contextOptions);
  const page = await context.newPage();
  await signInWithPassword(page, email, password);
  await page.waitForURL(`${BASE}/crm-home`);
  return { context, page };
}

export async function signInWithPassword(page, email, password = PASSWORD, { remember = false } = {}) {
  await page.goto(`${BASE}/signin`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  if (remember) await page.locator('input[name=lembrar]').check();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

export const PROFILE_KEYS = [
  'UID',
  'empresa',
  'filtro_vendedor',
  'filtro_vendedor_id',
  'firebase_email',
  'firebase_nome',
  'medida',
  'nome_operador',
  'operador',
  'perfil',
  'usuario',
];

const GAPI_SHIM = readFileSync(new URL('./gapi-shim.js', import.meta.url), 'utf8');

/**
 * Google's script loader (apis.google.com/js/api.js) is out of reach here; the popup and redirect
 * flows get the stand-in of gapi-shim.js instead. Every other request to a Google host fails.
 */
export async function routeGoogleScripts(context) {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_SHIM }),
  );
}

/** A valid CNPJ with random base digits. */
export function cnpj() {
  const b = Array.from({ length: 8 }, () => randomInt(10)).concat([0, 0, 0, 1]);
  const dv = (ds) => {
    const pesos = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((s, d, i) => s + d * pesos[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(b);
  const d2 = dv([...b, d1]);
  return [...b, d1, d2].join('');
}

/**
 * What the screen shows when an awaited step did not happen: its path, its alerts and error
 * lines, and a screenshot under test-results/ — so a failure under load says why (a refused
 * save, a disabled button, a screen still loading) instead of only "Timeout".
 */
export async function comDiagnostico(page, nome, passo) {
  try {
    return await passo();
  } catch (e) {
    let tela = '';
    try {
      const alertas = await page.locator('[role=alert], .field-error, .aviso-erro').filter({ visible: true }).allTextContents();
      const botoes = await page
        .locator('ion-button')
        .filter({ visible: true })
        .evaluateAll((bs) => bs.map((b) => `${b.textContent?.trim()}${b.hasAttribute('disabled') ? ' (desabilitado)' : ''}`));
      const arquivo = `test-results/${nome.replace(/[^a-z0-9-]+/gi, '-')}-${Date.now()}.png`;
      await page.screenshot({ path: arquivo, fullPage: true }).catch(() => undefined);
      tela = `\ntela: ${new URL(page.url()).pathname}${new URL(page.url()).search}; alertas: ${JSON.stringify(alertas)}; botões: ${JSON.stringify(botoes)}; imagem: ${arquivo}`;
    } catch {
      /* the page itself is gone: the original error says enough */
    }
    if (e instanceof Error) e.message += tela;
    throw e;
  }
}

/** Opens the new-order screen (a draft left open discarded), picks the customer by document and waits for the device catalogue. */
export async function novoPedidoPara(page, cliente) {
  await page.goto(`${BASE}/crm-vendas-pedidos-incluir`);
  await page.getByTestId('form-pedido').waitFor();
  const descartar = page.locator('ion-button', { hasText: 'Descartar e começar outro' });
  if (await descartar.count()) await descartar.click();
  await page.locator('input[name=busca-cliente]').fill(cliente.documento);
  await page.locator('.pedido-sugestoes button', { hasText: cliente.nome }).first().click();
  await page.getByTestId('cliente-escolhido').waitFor();
  await page.getByText('Carregando o catálogo do aparelho…').waitFor({ state: 'detached', timeout: 60_000 });
}

/** Reloads the page without a connection once its service worker has the app (which then starts from the device). */
export async function recarregarSemConexao(page, context) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
}

/**
 * A customer of the demo seller whose main address has coordinates and who has no open visit,
 * trying demo-cliente-<desde>, then every `passo`th: the customer, the coordinates and how many
 * visits the seller sees there.
 */
export async function clienteDemoComCoordenadas(desde = 1, passo = 2) {
  for (let n = desde; n < desde + 60 * passo; n += passo) {
    const id = `demo-cliente-${String(n).padStart(5, '0')}`;
    const c = await apiAs(DEMO.vendedor, 'GET', `/clientes/${id}`);
    assert.equal(c.status, 200, JSON.stringify(c.body));
    const e = c.body.enderecos.find((x) => x.principal);
    if (e?.latitude == null || c.body.vendedor_id !== 'demo-vendedor') continue;
    const v = await apiAs(DEMO.vendedor, 'GET', `/visitas?cliente_id=${id}`);
    assert.equal(v.status, 200, JSON.stringify(v.body));
    if (v.body.visitas.some((x) => x.status === 'em_andamento')) continue;
    return { cliente: c.body, latitude: e.latitude, longitude: e.longitude, antes: v.body.visitas.length };
  }
  assert.fail('nenhum cliente demo do vendedor tem coordenadas: os clientes demo não as receberam');
}

/**
 * Waits until a device collection (lib/sync: its IndexedDB state meta sync:<colecao>) has caught up
 * with its feed once. Each look is bounded (a read blocked behind the app's writes, or a database
 * not there yet, answers "not yet" with why), so a copy that never completes fails with a message
 * instead of hanging the test.
 */
export async function esperarCopia(page, colecao, { timeout = 60_000 } = {}) {
  await esperarAte(
    () =>
      page.evaluate(
        (nome) =>
          new Promise((ok) => {
            const fim = setTimeout(() => ok(''), 3_000);
            const responder = (v) => {
              clearTimeout(fim);
              ok(v);
            };
            const req = indexedDB.open('crm-vendas');
            // Not there yet: never create it (the app's own open would then upgrade an empty one).
            req.onupgradeneeded = () => req.transaction.abort();
            req.onerror = () => responder('');
            req.onblocked = () => responder('');
            req.onsuccess = () => {
              const db = req.result;
              try {
                const tx = db.transaction('meta', 'readonly');
                const r = tx.objectStore('meta').get(`sync:${nome}`);
                r.onsuccess = () => responder(r.result?.sincronizadoEm ? 'ok' : '');
                r.onerror = () => responder('');
                tx.oncomplete = tx.onabort = () => db.close();
              } catch {
                db.close();
                responder('');
              }
            };
          }),
        colecao,
      ),
    `a cópia ${colecao} não chegou ao aparelho`,
    { timeout },
  );
}
