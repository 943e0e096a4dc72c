// Forms never lose or change data silently (src/components/form, the customer's schema shared
// with the server): what can't be accepted is refused at its field, the screen goes to the first
// error, and nothing is saved. Against the real crm (demo data) and the Auth emulator.
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

// A phone's viewport: the long form scrolls.
const signedIn = (email) => signedInContext(browser, email, { contextOptions: { viewport: { width: 360, height: 740 } } });

/** The error shown under a field (its .text-field block). */
const erroDoCampo = (page, nome) => page.locator(`.text-field:has([name=${nome}]) .field-error`);

describe('customer form: bad input', () => {
  it('letters or a negative in the limit, letters in the IE and 10,000 characters are refused at the field; nothing is saved', async () => {
    const alvo = (await apiAs(DEMO.vendedor, 'GET', '/clientes?page_size=1&status=ativo')).body.clientes[0];
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await page.goto(`${BASE}/crm-clientes-incluir?id=${alvo.id}`);
      const limite = page.locator('input[name=limite_credito]');
      await limite.waitFor();

      await limite.fill('-100');
      await limite.blur();
      await erroDoCampo(page, 'limite_credito').filter({ hasText: 'O limite de crédito não pode ser negativo.' }).waitFor();
      assert.equal(await limite.inputValue(), '-100', 'the value stays as typed');
      await limite.fill('abc');
      await erroDoCampo(page, 'limite_credito').filter({ hasText: 'Valor inválido: use só números, como 1.234,56.' }).waitFor();
      assert.equal(await limite.inputValue(), 'abc');

      const ie = page.locator('input[name=inscricao_estadual]');
      await ie.fill('ABC123');
      await ie.blur();
      await erroDoCampo(page, 'inscricao_estadual').filter({ hasText: 'Inscrição estadual inválida' }).waitFor();
      assert.equal(await ie.inputValue(), 'ABC123');

      const obs = page.locator('textarea[name=observacoes]');
      await obs.fill('x'.repeat(10_000));
      await obs.blur();
      await erroDoCampo(page, 'observacoes').filter({ hasText: 'Observações: no máximo 2000 caracteres (tem 10000).' }).waitFor();
      assert.equal((await obs.inputValue()).length, 10_000, 'nothing cut');
      assert.match(await page.locator('.text-field:has([name=observacoes]) .contador-excedido').textContent(), /10000\/2000/);
      const nome = page.locator('input[name=nome]');
      await nome.fill('n'.repeat(10_000));
      // The counter says it at once, as the user types; the message once the field is left.
      await page.locator('.text-field:has([name=nome]) .contador-excedido').filter({ hasText: '10000/150' }).waitFor();
      await nome.blur();
      await erroDoCampo(page, 'nome').filter({ hasText: 'Nome: no máximo 150 caracteres (tem 10000).' }).waitFor();

      // Saving goes to the first error on screen (the name, at the top) and saves nothing.
      await page.evaluate(() => document.querySelector('ion-content')?.scrollToBottom(0));
      await page.locator('ion-button', { hasText: 'Salvar alterações' }).click();
      await page.getByTestId('erro-formulario').filter({ hasText: 'Confira os campos destacados.' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'nome');
      await page.waitForFunction(() => {
        const r = document.querySelector('input[name=nome]')?.getBoundingClientRect();
        return r && r.top >= 0 && r.bottom <= window.innerHeight;
      });
      assert.equal(page.url().includes('crm-clientes-incluir'), true);
      assert.equal(await page.getByTestId('selo-saida').count(), 0, 'nothing waits in the outbox');
      const depois = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}`)).body;
      assert.equal(depois.versao, alvo.versao);
      assert.equal(depois.limite_credito_centavos, alvo.limite_credito_centavos);
      assert.equal(depois.inscricao_estadual, alvo.inscricao_estadual);
    } finally {
      await context.close();
    }
  });

  it('a CNPJ typed under Pessoa física is kept whole and the field says what to do', async () => {
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await page.goto(`${BASE}/crm-clientes-incluir`);
      await page.locator('select[name=tipo_pessoa]').selectOption('FISICA');
      const doc = page.locator('input[name=documento]');
      await doc.fill('11222333000181');
      await doc.blur();
      assert.equal(await doc.inputValue(), '11.222.333/0001-81');
      await erroDoCampo(page, 'documento').filter({ hasText: 'Isto é um CNPJ: escolha Pessoa jurídica' }).waitFor();
      await page.locator('select[name=tipo_pessoa]').selectOption('PJ');
      await page.locator('input[name=nome]').fill('Teste');
      await erroDoCampo(page, 'documento').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('an address without city and UF is refused at the city (what the server asks); with them it is saved', async () => {
    const alvo = (await apiAs(DEMO.vendedor, 'GET', '/clientes?page_size=3&status=ativo')).body.clientes[2];
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await page.goto(`${BASE}/enderecos?cliente=${alvo.id}`);
      await page.locator('ion-button', { hasText: 'Incluir endereço' }).click();
      const form = page.getByTestId('form-endereco');
      await form.locator('input[name=logradouro]').fill('Rua Sem Cidade');
      await form.locator('ion-button', { hasText: 'Salvar endereço' }).click();
      await erroDoCampo(page, 'cidade').filter({ hasText: 'Informe a cidade e a UF (ou o CEP).' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'cidade');
      assert.equal(await form.locator('input[name=logradouro]').inputValue(), 'Rua Sem Cidade');
      await form.locator('input[name=cidade]').fill('Campinas');
      await form.locator('input[name=uf]').fill('SP');
      await form.locator('ion-button', { hasText: 'Salvar endereço' }).click();
      await form.waitFor({ state: 'detached' });
      const depois = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${alvo.id}`)).body;
      assert.equal(depois.enderecos.filter((e) => e.logradouro === 'Rua Sem Cidade' && e.cidade === 'Campinas').length, 1);
    } finally {
      await context.close();
    }
  });
});
