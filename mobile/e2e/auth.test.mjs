// Sign-in end to end: the app served by crm, the Firebase Auth emulator, Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BASE,
  DEMO,
  EMULATOR,
  PROFILE_KEYS,
  alertText,
  checkEnvironment,
  closeAlert,
  createAccount,
  createOperator,
  esperarAte,
  launchBrowser,
  newContext,
  oobCodes,
  routeGoogleScripts,
  signInWithPassword,
  storage,
  uniqueEmail,
} from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A new browser context (empty storage); the test fails on any uncaught error in the app. */
async function freshPage(options) {
  const context = await newContext(browser, options);
  await routeGoogleScripts(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    assert.deepEqual(errors, [], 'uncaught errors in the app');
  };
  return { context, page };
}

describe('password sign-in', () => {
  it('goes to /crm-home with the operator profile stored', async () => {
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, DEMO.admin);
      await page.waitForURL(`${BASE}/crm-home`);
      await assert.doesNotReject(page.getByTestId('nome-operador').filter({ hasText: 'Ana Administradora' }).waitFor());
      const { local } = await storage(page);
      for (const k of PROFILE_KEYS) assert.ok(k in local, `localStorage.${k}`);
      assert.equal(local.empresa, 'demo');
      assert.equal(local.perfil, 'ADMIN');
      assert.equal(local.nome_operador, 'Ana Administradora');
      assert.equal(local.firebase_email, DEMO.admin);
      assert.equal(local.filtro_vendedor_id, '');
      assert.ok(local.UID.length > 0);
      // localizacao is stored at sign-in, before the access log.
      await page.waitForFunction(() => localStorage.getItem('localizacao') !== null);
      const extra = Object.keys(local).filter((k) => ![...PROFILE_KEYS, 'localizacao', 'latitude', 'longitude'].includes(k));
      assert.deepEqual(extra, [], 'nothing else in localStorage');
    } finally {
      await context.close();
    }
  });

  it('a VENDEDOR filters by themself', async () => {
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);
      const { local } = await storage(page);
      assert.equal(local.perfil, 'VENDEDOR');
      assert.equal(local.filtro_vendedor_id, local.operador);
      assert.equal(local.filtro_vendedor, local.nome_operador);
    } finally {
      await context.close();
    }
  });

  it('a wrong password shows the exact message', async () => {
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, DEMO.vendedor, 'senha-errada');
      assert.deepEqual(await alertText(page), { header: 'Erro de Login', message: 'A senha fornecida é incorreta.' });
      assert.equal(new URL(page.url()).pathname, '/signin');
      assert.deepEqual((await storage(page)).local, {});
    } finally {
      await context.close();
    }
  });

  it('an account without operator gets the exact alert and stays signed out', async () => {
    const email = uniqueEmail('semoperador');
    await createAccount(email);
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, email);
      assert.deepEqual(await alertText(page), { header: 'Erro de Login', message: 'Nenhum usuário encontrado com este e-mail.' });
      await closeAlert(page);
      assert.deepEqual((await storage(page)).local, {});
      await page.goto(`${BASE}/crm-home`);
      await page.waitForURL(`${BASE}/signin`);
    } finally {
      await context.close();
    }
  });

  it('an unverified e-mail: alert, verification e-mail sent, signed out', async () => {
    const email = uniqueEmail('naoverificado');
    await createAccount(email, { verified: false });
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, email);
      assert.deepEqual(await alertText(page), { header: 'Erro de Login', message: 'Seu email não foi verificado. Verifique sua caixa de entrada.' });
      assert.equal((await oobCodes(email, 'VERIFY_EMAIL')).length, 1);
      assert.deepEqual((await storage(page)).local, {});
    } finally {
      await context.close();
    }
  });
});

describe('guard', () => {
  it('a signed-out user on crm-home (and company screens) is sent to signin', async () => {
    const { context, page } = await freshPage();
    try {
      for (const path of ['/crm-home', '/profile', '/menu', '/admin/operadores', '/crm-clientes']) {
        await page.goto(`${BASE}${path}`);
        await page.waitForURL(`${BASE}/signin`);
      }
      await page.goto(`${BASE}/`);
      await page.waitForURL(`${BASE}/home`);
      await page.goto(`${BASE}/nao-existe`);
      await page.waitForURL(`${BASE}/home`);
    } finally {
      await context.close();
    }
  });

  it('no area is left "Em breve" (camera has its screen), an unknown address goes to the start; ADMIN screens say a seller may not open them', async () => {
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, DEMO.vendedor);
      await page.waitForURL(`${BASE}/crm-home`);
      // No area is still to come (ROTAS_FUTURAS is empty since camera has its screen): /camera is
      // the visit photo screen, and an address no screen has goes to the start.
      await page.goto(`${BASE}/camera`);
      await page.getByText('Abra a câmera pela visita em andamento, na tela de check-in do cliente.').waitFor();
      assert.equal(await page.getByText('Esta área ainda não está disponível nesta versão.').count(), 0);
      assert.equal(new URL(page.url()).pathname, '/camera');
      await page.goto(`${BASE}/area-que-nao-existe`);
      await page.waitForURL(`${BASE}/home`);
      await page.goto(`${BASE}/admin/operadores`);
      await page.getByText('Sem permissão para abrir esta tela').first().waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/operadores');
    } finally {
      await context.close();
    }
  });
});

describe('logout', () => {
  it('keeps only rememberedEmail and goes to /', async () => {
    const { context, page } = await freshPage();
    try {
      await signInWithPassword(page, DEMO.supervisor, undefined, { remember: true });
      await page.waitForURL(`${BASE}/crm-home`);
      await page.goto(`${BASE}/menu`);
      await page.getByRole('button', { name: 'Sair' }).click();
      await closeAlert(page, 'OK');
      await page.waitForURL(`${BASE}/home`);
      const { local, session } = await storage(page);
      assert.deepEqual(local, { rememberedEmail: DEMO.supervisor });
      assert.deepEqual(session, {});
      await page.goto(`${BASE}/crm-home`);
      await page.waitForURL(`${BASE}/signin`);
      assert.equal(await page.locator('input[type=email]').inputValue(), DEMO.supervisor);
    } finally {
      await context.close();
    }
  });
});

describe('e-mail link', () => {
  async function sendLink(page, email) {
    await page.goto(`${BASE}/signin`);
    await page.locator('input[type=email]').fill(email);
    await page.getByRole('button', { name: 'Receber link de acesso' }).click();
    assert.deepEqual(await alertText(page), { header: 'Link enviado', message: 'Verifique seu e-mail e clique no link para concluir o login.' });
    await closeAlert(page);
    const codes = await oobCodes(email, 'EMAIL_SIGNIN');
    assert.equal(codes.length, 1, 'one sign-in link sent');
    const link = new URL(codes[0].oobLink);
    assert.equal(new URL(link.searchParams.get('continueUrl')).pathname, '/auth-links');
    return codes[0].oobLink;
  }

  it('signs in from the link and removes emailParaLogin', async () => {
    const { email } = await createOperator({ nome: 'Link E2E' });
    const { context, page } = await freshPage();
    try {
      const link = await sendLink(page, email);
      assert.equal((await storage(page)).local.emailParaLogin, email);
      await page.goto(link);
      await page.waitForURL(`${BASE}/crm-home`);
      const { local } = await storage(page);
      assert.equal(local.emailParaLogin, undefined);
      assert.equal(local.nome_operador, 'Link E2E');
      assert.equal(local.firebase_email, email);
    } finally {
      await context.close();
    }
  });

  it('opened without the stored e-mail: the exact message, then the typed e-mail finishes', async () => {
    const { email } = await createOperator({ nome: 'Outro Aparelho' });
    const a = await freshPage();
    const link = await sendLink(a.page, email);
    await a.context.close();
    const { context, page } = await freshPage();
    try {
      await page.goto(link);
      await page.waitForURL((u) => u.pathname === '/auth-links');
      assert.deepEqual(await alertText(page), { header: 'Erro', message: 'E-mail não encontrado. Tente novamente.' });
      await closeAlert(page);
      await page.locator('input[type=email]').fill(email);
      await page.getByRole('button', { name: 'Concluir login' }).click();
      await page.waitForURL(`${BASE}/crm-home`);
      assert.equal((await storage(page)).local.nome_operador, 'Outro Aparelho');
    } finally {
      await context.close();
    }
  });

  it('an invalid link shows the completion failure', async () => {
    const { context, page } = await freshPage();
    try {
      await page.goto(`${BASE}/signin`);
      await page.evaluate(() => localStorage.setItem('emailParaLogin', 'x@teste.example.com'));
      await page.goto(`${BASE}/auth-links?mode=signIn&oobCode=invalido&apiKey=fake-api-key`);
      assert.deepEqual(await alertText(page), { header: 'Erro', message: 'Não foi possível concluir o login. Verifique o link ou tente novamente.' });
    } finally {
      await context.close();
    }
  });
});

describe('Google', () => {
  /** Fills the emulator's Google account chooser (a popup or the redirected page). */
  async function chooseGoogleAccount(chooser, email, name) {
    await chooser.waitForLoadState();
    await chooser.locator('#add-account-button').click();
    await chooser.locator('#email-input').fill(email);
    await chooser.locator('#display-name-input').fill(name);
    await chooser.locator('#sign-in').click();
  }

  it('signs in through the popup and goes to /crm-home', async () => {
    const { email } = await createOperator({ nome: 'Google Popup' });
    const { context, page } = await freshPage();
    try {
      await page.goto(`${BASE}/signin`);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Entrar com Google' }).click()]);
      assert.ok(popup.url().startsWith(`${EMULATOR}/emulator/auth/handler`), popup.url());
      assert.equal(new URL(popup.url()).searchParams.get('customParameters') !== null, true);
      await chooseGoogleAccount(popup, email, 'Google Popup');
      await page.waitForURL(`${BASE}/crm-home`);
      const { local } = await storage(page);
      assert.equal(local.firebase_email, email);
      assert.equal(local.nome_operador, 'Google Popup');
    } finally {
      await context.close();
    }
  });

  it('popup blocked → redirect → /home with the profile', async () => {
    const { email } = await createOperator({ nome: 'Google Redirect' });
    const { context, page } = await freshPage();
    // The browser blocks the popup: window.open gives null.
    await context.addInitScript(() => {
      window.open = () => null;
    });
    try {
      // About one run in six, the redirect comes back with no auth event: the cross-frame
      // messaging the emulator's helper iframe needs is the stand-in of gapi-shim.js (Google's
      // gapi is out of reach here), and its delivery races. The app then does what SPEC §4 says
      // for "no user" (a logged warning, stays on /signin); the flow is tried again once. The
      // assertions below are the same for both attempts.
      for (let attempt = 1; ; attempt++) {
        await page.goto(`${BASE}/signin`);
        await page.getByRole('button', { name: 'Entrar com Google' }).click();
        await page.waitForURL((u) => u.href.startsWith(`${EMULATOR}/emulator/auth/handler`));
        await chooseGoogleAccount(page, email, 'Google Redirect');
        try {
          await page.waitForURL(`${BASE}/home`, { timeout: 15_000 });
          break;
        } catch (err) {
          if (attempt >= 2 || !page.url().startsWith(`${BASE}/signin`)) throw err;
          console.warn('redirect returned without an auth event (gapi stand-in race); trying again');
        }
      }
      await page.waitForFunction(() => localStorage.getItem('empresa') !== null);
      const { local } = await storage(page);
      assert.equal(local.firebase_email, email);
      assert.equal(local.nome_operador, 'Google Redirect');
      await page.locator('ion-button', { hasText: 'Abrir o CRM' }).click();
      await page.waitForURL(`${BASE}/crm-home`);
    } finally {
      await context.close();
    }
  });

  it('on Android: the native plugin (a test double at the Capacitor bridge) gives an emulator token', async () => {
    const { email } = await createOperator({ nome: 'Google Nativo' });
    const { context, page } = await freshPage();
    // Capacitor's Android bridge, as the native shell injects it, answering GoogleAuth with a
    // fake id token the Auth emulator accepts, and App (deep links) with no launch URL.
    await context.addInitScript((account) => {
      const calls = [];
      const listeners = [];
      let id = 0;
      window.__nativeCalls = calls;
      window.__appUrlOpen = (url) => listeners.forEach((l) => l.callback({ url }));
      window.androidBridge = { postMessage: () => {} };
      window.Capacitor = {
        PluginHeaders: [
          { name: 'GoogleAuth', methods: ['initialize', 'signIn', 'refresh', 'signOut'].map((name) => ({ name, rtype: 'promise' })) },
          {
            name: 'App',
            methods: [
              { name: 'addListener', rtype: 'callback' },
              { name: 'removeListener', rtype: 'promise' },
              { name: 'removeAllListeners', rtype: 'promise' },
              { name: 'getLaunchUrl', rtype: 'promise' },
              { name: 'exitApp', rtype: 'promise' },
            ],
          },
        ],
        nativePromise: async (plugin, method, options) => {
          calls.push(`${plugin}.${method}`);
          if (plugin === 'GoogleAuth' && method === 'signIn') {
            const idToken = JSON.stringify({ sub: `google-${account.email}`, email: account.email, email_verified: true, name: account.name });
            return { id: 'g1', email: account.email, name: account.name, authentication: { idToken, accessToken: 'fake' } };
          }
          if (plugin === 'App' && method === 'getLaunchUrl') return {};
          return {};
        },
        nativeCallback: (plugin, method, options, callback) => {
          calls.push(`${plugin}.${method}:${options?.eventName ?? ''}`);
          listeners.push({ event: options?.eventName, callback });
          return String(++id);
        },
      };
    }, { email, name: 'Google Nativo' });
    const versao = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/crm/sistema/versao')) versao.push(r.postDataJSON());
    });
    try {
      await page.goto(`${BASE}/signin`);
      assert.equal(await page.evaluate(() => window.Capacitor.getPlatform()), 'android');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      await page.waitForURL(`${BASE}/crm-home`);
      const calls = await page.evaluate(() => window.__nativeCalls);
      assert.ok(calls.includes('GoogleAuth.initialize') && calls.includes('GoogleAuth.signIn'), calls.join(', '));
      assert.ok(calls.includes('App.addListener:appUrlOpen'), 'deep links are listened to');
      const { local } = await storage(page);
      assert.equal(local.firebase_email, email);
      await page.waitForFunction(() => localStorage.getItem('localizacao') !== null);
      await esperarAte(() => versao.length > 0, 'o app informa a versão (POST /crm/sistema/versao)');
      assert.deepEqual(versao[0], { empresa: local.empresa, tipo: 'android' });
    } finally {
      await context.close();
    }
  });

  it('on Android: an auth-links deep link (appUrlOpen) completes the e-mail link sign-in', async () => {
    const { email } = await createOperator({ nome: 'Deep Link' });
    const { context, page } = await freshPage();
    await context.addInitScript(() => {
      const listeners = [];
      window.__appUrlOpen = (url) => listeners.forEach((cb) => cb({ url }));
      window.androidBridge = { postMessage: () => {} };
      window.Capacitor = {
        PluginHeaders: [
          { name: 'App', methods: [{ name: 'addListener', rtype: 'callback' }, { name: 'removeListener', rtype: 'promise' }, { name: 'getLaunchUrl', rtype: 'promise' }] },
        ],
        nativePromise: async () => ({}),
        nativeCallback: (_p, _m, _o, cb) => {
          listeners.push(cb);
          return '1';
        },
      };
    });
    try {
      await page.goto(`${BASE}/signin`);
      await page.locator('input[type=email]').fill(email);
      await page.getByRole('button', { name: 'Receber link de acesso' }).click();
      await closeAlert(page);
      const [code] = await oobCodes(email, 'EMAIL_SIGNIN');
      const q = new URL(code.oobLink).searchParams;
      const deepLink = `br.com.crmvendas.app://auth-links?mode=signIn&oobCode=${q.get('oobCode')}&apiKey=${q.get('apiKey')}`;
      await page.waitForFunction(() => typeof window.__appUrlOpen === 'function');
      await page.evaluate((url) => window.__appUrlOpen(url), deepLink);
      await page.waitForURL(`${BASE}/crm-home`);
      assert.equal((await storage(page)).local.emailParaLogin, undefined);
    } finally {
      await context.close();
    }
  });
});
