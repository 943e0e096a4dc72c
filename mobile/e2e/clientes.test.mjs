// Customers, surveys, portfolio transfer and regions end to end, against the real crm (demo data),
// the Auth emulator and the loopback ViaCEP stand-in. Names are unique per run: the same crm
// serves every test.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, alertText, checkEnvironment, closeAlert, cnpj, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const signedIn = (email) => signedInContext(browser, email);

const sufixo = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Fills every question of the survey form: the first option, "Sim", a number, a date, a text. */
async function responderFormulario(page) {
  const form = page.getByTestId('form-resposta');
  await form.waitFor();
  for (const fs of await form.locator('fieldset').all()) {
    if (await fs.locator('input[type=radio]').count()) await fs.locator('input[type=radio]').first().check();
    else if (await fs.locator('input[type=checkbox]').count()) await fs.locator('input[type=checkbox]').first().check();
    else if (await fs.locator('input[type=date]').count()) await fs.locator('input[type=date]').fill('2026-12-15');
    else if (await fs.locator('input[inputmode=decimal]').count()) await fs.locator('input[inputmode=decimal]').fill('3');
    else if (await fs.locator('textarea').count()) await fs.locator('textarea').fill('Resposta do teste e2e');
  }
  await form.locator('ion-button', { hasText: 'Enviar respostas' }).click();
}

describe('customers (crm-clientes…)', () => {
  it('a seller creates a customer with CEP autofill, finds it without accents, adds a contact, answers a survey; ADMIN transfers it away', async () => {
    const marca = sufixo();
    const nome = `Padaria São João E2E ${marca}`;
    const documento = cnpj();
    const seller = await signedIn(DEMO.vendedor);
    const { page } = seller;
    let id;
    try {
      // The list, then the FAB.
      await page.locator('a.shortcut[href="/crm-clientes"]').click();
      await page.waitForURL(`${BASE}/crm-clientes`);
      await page.getByTestId('lista-clientes').waitFor();
      await page.locator('ion-fab-button').click();
      await page.waitForURL(`${BASE}/crm-clientes-incluir`);

      // An invalid CNPJ is refused on the device, and what was typed stays.
      await page.locator('select[name=tipo_pessoa]').selectOption('PJ');
      await page.locator('input[name=documento]').fill('11222333000182');
      await page.locator('input[name=nome]').fill(nome);
      await page.locator('ion-button', { hasText: 'Cadastrar cliente' }).click();
      await page.getByText('CNPJ inválido: confira os dígitos.').waitFor();
      assert.equal(await page.locator('input[name=nome]').inputValue(), nome);

      await page.locator('input[name=documento]').fill(documento);
      assert.match(await page.locator('input[name=documento]').inputValue(), /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
      await page.locator('input[name=nome_fantasia]').fill(`Pão Quente ${marca}`);
      await page.locator('input[name=celular]').fill('11987654321');
      assert.equal(await page.locator('input[name=celular]').inputValue(), '(11) 98765-4321');
      await page.locator('input[name=limite_credito]').fill('1.500,00');

      // CEP autofill through /crm/cep (the ViaCEP stand-in).
      await page.locator('input[name=cep]').fill('01310100');
      await page.waitForFunction(() => document.querySelector('input[name=logradouro]')?.value === 'Avenida Paulista');
      assert.equal(await page.locator('input[name=bairro]').inputValue(), 'Bela Vista');
      assert.equal(await page.locator('input[name=cidade]').inputValue(), 'São Paulo');
      assert.equal(await page.locator('input[name=uf]').inputValue(), 'SP');
      assert.equal(await page.locator('input[name=ibge]').inputValue(), '3550308');
      await page.locator('input[name=numero]').fill('1000');

      await page.locator('ion-button', { hasText: 'Cadastrar cliente' }).click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes-ficha');
      id = new URL(page.url()).searchParams.get('id');
      assert.equal((await page.getByTestId('nome-cliente').textContent()).trim(), nome);
      const criado = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${id}`)).body;
      assert.equal(criado.documento, documento);
      assert.equal(criado.vendedor_id, 'demo-vendedor');
      assert.equal(criado.limite_credito_centavos, '150000');
      assert.equal(criado.cidade_ibge, '3550308');
      assert.equal(criado.enderecos[0].logradouro, 'Avenida Paulista');

      // The same document again: the server's 409, with a link to the existing customer.
      await page.goto(`${BASE}/crm-clientes-incluir`);
      await page.locator('input[name=documento]').fill(documento);
      await page.locator('input[name=nome]').fill(`Duplicado ${marca}`);
      await page.locator('ion-button', { hasText: 'Cadastrar cliente' }).click();
      await page.getByTestId('abrir-existente').waitFor();
      assert.match(await page.getByTestId('abrir-existente').textContent(), new RegExp(nome));
      await page.locator('ion-button', { hasText: 'Descartar alterações' }).click();

      // Search without accents (device copy, or the server while the copy is empty).
      await page.goto(`${BASE}/crm-clientes-buscar`);
      await page.locator('input[name=busca]').fill(`padaria sao joao e2e ${marca.toLowerCase()}`);
      const resultado = page.getByTestId('resultados-busca').locator('li', { hasText: nome });
      await resultado.waitFor();
      assert.match(await resultado.textContent(), /\d{2}\.\d{3}\.\d{3}\/0001-\d{2}.*São Paulo\/SP.*\(11\) 98765-4321/);
      await resultado.locator('a').click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes-ficha' && u.searchParams.get('id') === id);
      // A seller neither deletes nor transfers (the server refuses both; the screen offers neither).
      await page.getByTestId('nome-cliente').waitFor();
      assert.equal(await page.locator('button', { hasText: 'Excluir' }).count(), 0);
      assert.equal(await page.locator('button', { hasText: 'Transferir' }).count(), 0);

      // Map link of the address (lowercase, no accents or punctuation, spaces → +).
      const mapa = await page.locator('a', { hasText: 'Ver no mapa' }).first().getAttribute('href');
      assert.match(mapa, /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=avenida\+paulista\+1000\+bela\+vista\+sao\+paulosp\+01310100$/);

      // A contact, with call and WhatsApp links.
      await page.locator('a', { hasText: 'Gerenciar contatos' }).click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes-contatos');
      await page.locator('ion-button', { hasText: 'Incluir contato' }).click();
      const fc = page.getByTestId('form-contato');
      await fc.locator('input[name=nome]').fill('Maria Compradora');
      await fc.locator('input[name=cargo]').fill('Compras');
      await fc.locator('input[name=celular]').fill('11912345678');
      await fc.locator('input[name=aniversario]').fill('2512');
      await fc.locator('ion-button', { hasText: 'Salvar contato' }).click();
      // The list shows the contact at once (the device's outbox); the form closes once the server has it.
      const contato = page.getByTestId('lista-contatos').locator('li', { hasText: 'Maria Compradora' });
      await contato.waitFor();
      await fc.waitFor({ state: 'detached' });
      assert.equal(await contato.locator('a', { hasText: 'WhatsApp' }).getAttribute('href'), 'https://wa.me/5511912345678');
      assert.equal(await contato.locator('a', { hasText: 'Ligar' }).getAttribute('href'), 'tel:11912345678');
      const comContato = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${id}`)).body;
      assert.deepEqual(
        comContato.contatos.map((c) => [c.nome, c.celular, c.aniversario, c.principal]),
        [['Maria Compradora', '11912345678', '12-25', true]],
      );

      // A survey: the required questions are checked on the device, then sent.
      await page.goto(`${BASE}/crm-clientes-pesquisas?cliente=${id}`);
      const select = page.locator('select[name=pesquisa]');
      await select.waitFor();
      if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      await page.locator('ion-button', { hasText: 'Enviar respostas' }).click();
      await page.getByText('Responda esta pergunta.').first().waitFor();
      await responderFormulario(page);
      await page.waitForURL((u) => u.pathname === '/crm-clientes-ficha');
      const respostas = page.getByTestId('respostas-cliente');
      await respostas.waitFor();
      assert.match(await respostas.textContent(), /versão \d+.*Victor Vendedor/s);
      const r = (await apiAs(DEMO.vendedor, 'GET', `/clientes/${id}/respostas`)).body.respostas;
      assert.equal(r.length, 1);
      assert.equal(r[0].operador, 'demo-vendedor');

      // ADMIN transfers the customer to the other seller (seller chooser, confirm OK).
      const admin = await signedIn(DEMO.admin);
      try {
        await admin.page.goto(`${BASE}/crm-clientes-ficha?id=${id}`);
        await admin.page.getByTestId('nome-cliente').waitFor();
        assert.equal(await admin.page.locator('button', { hasText: 'Excluir' }).count(), 1);
        await admin.page.locator('button', { hasText: 'Transferir' }).click();
        await admin.page.waitForURL((u) => u.pathname === '/escolher');
        await admin.page.locator('input[name=busca]').fill('vera');
        await admin.page.getByTestId('opcoes-escolha').locator('button', { hasText: 'Vera Vendedora' }).click();
        await admin.page.waitForURL((u) => u.pathname === '/crm-clientes-ficha');
        assert.equal((await alertText(admin.page)).header, 'Transferir cliente');
        await closeAlert(admin.page, 'OK');
        await admin.page.waitForFunction(() => document.querySelector('[data-testid=vendedor-cliente]')?.textContent === 'Vera Vendedora');
        assert.equal((await apiAs(DEMO.admin, 'GET', `/clientes/${id}`)).body.vendedor_id, 'demo-vendedor2');
        const hist = (await apiAs(DEMO.admin, 'GET', '/carteira/transferencias')).body.transferencias;
        assert.ok(hist.some((t) => t.cliente_ids.includes(id) && t.para_vendedor_id === 'demo-vendedor2' && t.por === 'demo-admin'));
      } finally {
        await admin.context.close();
      }

      // It left the first seller's portfolio: the server list, and the device copy after a sync.
      assert.equal((await apiAs(DEMO.vendedor, 'GET', `/clientes?q=${documento}`)).body.clientes.length, 0);
      await page.goto(`${BASE}/crm-clientes-buscar`);
      await page.locator('input[name=busca]').fill(`padaria sao joao e2e ${marca.toLowerCase()}`);
      await page.getByText('Nenhum cliente encontrado.').waitFor({ timeout: 20_000 });
    } finally {
      await seller.context.close();
    }
  });

  it('offline, the list shows the device copy and says so', async () => {
    const { context, page } = await signedIn(DEMO.vendedor2);
    try {
      // The first sync fills the copy (about 1,000 customers).
      await page.goto(`${BASE}/crm-clientes-buscar`);
      await page.getByTestId('contagem-busca').filter({ hasText: /\d+ clientes no aparelho/ }).waitFor({ timeout: 30_000 });
      await page.getByText(/Dados do aparelho, atualizados em/).waitFor({ timeout: 60_000 });
      await page.goto(`${BASE}/crm-clientes`);
      await page.getByTestId('lista-clientes').waitFor();
      assert.equal(await page.getByTestId('aviso-copia').count(), 0);
      await context.setOffline(true);
      await page.getByTestId('aviso-copia').waitFor({ timeout: 20_000 });
      assert.match(await page.getByTestId('aviso-copia').textContent(), /Sem conexão — mostrando dados salvos no aparelho em \d{2}\/\d{2} \d{2}:\d{2}/);
      await page.getByTestId('lista-clientes').locator('li').first().waitFor();
      // Status chips filter the device copy too.
      await page.locator('button.chip', { hasText: 'Bloqueados' }).click();
      await page.getByTestId('lista-clientes').locator('li .selo.bloqueado').first().waitFor();
      assert.equal(await page.getByTestId('lista-clientes').locator('li:not(:has(.selo.bloqueado))').count(), 0);

      // CSV export of what the list shows (from the device copy here): BOM, ";" and formatted fields.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('ion-button[aria-label="Exportar CSV"]').click()]);
      assert.match(download.suggestedFilename(), /^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      const linhas = csv.split('\r\n').filter(Boolean);
      assert.ok(csv.startsWith('\ufeffNome / Razão social;Nome fantasia;Tipo;CPF/CNPJ;'));
      assert.ok(linhas.length > 10);
      assert.ok(linhas.slice(1).every((l) => l.includes(';Bloqueado;')));
      assert.match(linhas[1], /;\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2};/);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('a customer created offline waits on the device and is sent when the connection returns', async () => {
    const marca = sufixo();
    const nome = `Mercearia Offline ${marca}`;
    const documento = cnpj();
    const { context, page } = await signedIn(DEMO.vendedor2);
    try {
      // Once the service worker has saved the app (on Android the files are on the device), lose
      // the connection.
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
      await page.goto(`${BASE}/crm-clientes-incluir`);
      await page.locator('input[name=documento]').waitFor();
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.waitForURL(`${BASE}/crm-clientes`);
      await page.getByTestId('lista-clientes').waitFor();
      await context.setOffline(true);
      await page.getByTestId('aviso-copia').waitFor({ timeout: 20_000 });

      await page.locator('ion-fab-button').click();
      await page.waitForURL(`${BASE}/crm-clientes-incluir`);
      await page.locator('input[name=documento]').fill(documento);
      await page.locator('input[name=nome]').fill(nome);
      // No CEP service offline: a note, and the address typed by hand.
      await page.locator('input[name=cep]').fill('13015100');
      await page.getByTestId('aviso-cep').waitFor();
      await page.locator('input[name=logradouro]').fill('Rua Barão de Jaguara');
      await page.locator('input[name=numero]').fill('10');
      await page.locator('input[name=cidade]').fill('Campinas');
      await page.locator('input[name=uf]').fill('SP');
      await page.locator('ion-button', { hasText: 'Cadastrar cliente' }).click();
      // Kept in the device's outbox: the customer's file opens from the device, marked pending.
      await page.waitForURL(/crm-clientes-ficha/);
      await page.getByTestId('cliente-pendente').waitFor();
      assert.equal(await page.getByTestId('selo-saida-total').filter({ visible: true }).first().textContent(), '1');
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.waitForURL(`${BASE}/crm-clientes`);
      await page.getByTestId('aviso-saida').getByText('1 alteração aguardando envio').waitFor();
      await page.locator('input[name=cidade]').fill('campinas');
      await page.getByTestId('lista-clientes').locator('li', { hasText: nome }).getByText('aguardando envio').waitFor();

      // Back online: the outbox goes, then the device copy syncs.
      await context.setOffline(false);
      await page.getByTestId('aviso-saida').waitFor({ state: 'detached', timeout: 30_000 });
      const r = (await apiAs(DEMO.vendedor2, 'GET', `/clientes?q=${documento}`)).body.clientes;
      assert.deepEqual(
        r.map((c) => [c.nome, c.vendedor_id, c.cidade, c.uf]),
        [[nome, 'demo-vendedor2', 'Campinas', 'SP']],
      );
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

describe('CSV import (ADMIN, carteira)', () => {
  it('validates every row first (nothing written on a rejected row), then writes; a second run does not duplicate', async () => {
    const marca = sufixo();
    const docs = [cnpj(), cnpj()];
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.goto(`${BASE}/carteira`);
      const imp = page.getByTestId('importar-clientes');
      await imp.waitFor();
      const linhas = docs.map((d, i) => `PJ;${d};Importado ${marca} ${i};Campinas;SP;demo-vendedor2`);
      const ruim = ['tipo_pessoa;documento;nome;cidade;uf;vendedor_id', ...linhas, `PJ;11222333000182;Inválido ${marca};Campinas;SP;demo-vendedor2`].join('\n');
      await imp.locator('input[type=file]').setInputFiles({ name: 'ruim.csv', mimeType: 'text/csv', buffer: Buffer.from(ruim) });
      const rej = page.getByTestId('rejeitadas');
      await rej.waitFor();
      assert.match(await rej.textContent(), /1 linha\(s\) com erro\. Nada foi gravado\..*4\s*11222333000182.*CNPJ inválido/s);
      assert.equal((await apiAs(DEMO.admin, 'GET', `/clientes?q=${docs[0]}`)).body.clientes.length, 0);

      const bom = ['tipo_pessoa;documento;nome;cidade;uf;vendedor_id', ...linhas].join('\r\n');
      for (const [vez, esperado] of [
        [1, '2 cliente(s) criado(s), 0 atualizado(s).'],
        [2, '0 cliente(s) criado(s), 2 atualizado(s).'],
      ]) {
        await imp.locator('input[type=file]').setInputFiles({ name: `bom${vez}.csv`, mimeType: 'text/csv', buffer: Buffer.from(bom) });
        await imp.locator('ion-button', { hasText: 'Gravar 2 cliente(s)' }).click();
        await closeAlert(page, 'OK');
        await imp.getByText(`Importação concluída: ${esperado}`).waitFor();
      }
      const r = (await apiAs(DEMO.admin, 'GET', `/clientes?q=${encodeURIComponent(`Importado ${marca}`)}`)).body.clientes;
      assert.deepEqual(r.map((c) => [c.documento, c.vendedor_id, c.cidade]).sort(), docs.map((d) => [d, 'demo-vendedor2', 'Campinas']).sort());
    } finally {
      await context.close();
    }
  });
});

describe('"IE inválida" report (ADMIN)', () => {
  // The demo data's IEs are all valid, and the server refuses an invalid IE on create, import and
  // edit (a stored one is kept only while neither it nor the main address's UF changes), so no
  // customer with an invalid stored IE can be made from here: the report is seen empty. Its rows
  // are covered by RelatorioIEInvalida.test.tsx and the server's tests.
  it('ADMIN opens it from the list chip and sees it empty; a seller has no chip', async () => {
    assert.deepEqual((await apiAs(DEMO.admin, 'GET', '/clientes/ie-invalidas?page_size=10')).body.clientes, []);
    const admin = await signedIn(DEMO.admin);
    try {
      const { page } = admin;
      await page.goto(`${BASE}/crm-clientes`);
      await page.getByTestId('lista-clientes').waitFor();
      const chip = page.getByTestId('chip-ie-invalida');
      assert.equal(await chip.getAttribute('aria-pressed'), 'false');
      await chip.click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes' && u.searchParams.get('filtro') === 'ie-invalida');
      await page.getByText('Nenhum cliente com inscrição estadual inválida.').waitFor();
      assert.equal(await chip.getAttribute('aria-pressed'), 'true');
      assert.equal(await page.getByTestId('lista-clientes').count(), 0);
      // Off again: the list is back.
      await chip.click();
      await page.getByTestId('lista-clientes').waitFor();
      assert.equal(new URL(page.url()).searchParams.get('filtro'), null);
    } finally {
      await admin.context.close();
    }
    const seller = await signedIn(DEMO.vendedor);
    try {
      const { page } = seller;
      // Not even through the report's address.
      await page.goto(`${BASE}/crm-clientes?filtro=ie-invalida`);
      await page.getByTestId('lista-clientes').waitFor();
      assert.equal(await page.getByTestId('chip-ie-invalida').count(), 0);
      assert.equal(await page.getByText('IE inválida', { exact: true }).count(), 0);
      assert.equal(await page.getByText('Nenhum cliente com inscrição estadual inválida.').count(), 0);
    } finally {
      await seller.context.close();
    }
  });
});

describe('CSV import from Excel (Windows-1252)', () => {
  it('detects the encoding and keeps the accents of names and cities', async () => {
    const marca = sufixo();
    const doc = cnpj();
    const nome = `Padaria São João Ação ${marca}`;
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.goto(`${BASE}/carteira`);
      const imp = page.getByTestId('importar-clientes');
      await imp.waitFor();
      // What Excel's pt-BR "CSV (separado por vírgulas)" writes: Windows-1252 bytes, no BOM.
      const csv = ['tipo_pessoa;documento;nome;cidade;uf;vendedor_id', `PJ;${doc};${nome};São José dos Campos;SP;demo-vendedor2`].join('\r\n');
      const bytes = Buffer.from(csv, 'latin1');
      assert.ok(!bytes.includes(Buffer.from('ã')), 'not UTF-8');
      await imp.locator('input[type=file]').setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: bytes });
      await imp.getByTestId('codificacao-lida').getByText('Codificação detectada: Windows-1252 (Excel).').waitFor();
      await imp.locator('ion-button', { hasText: 'Gravar 1 cliente(s)' }).click();
      await closeAlert(page, 'OK');
      await imp.getByText('Importação concluída: 1 cliente(s) criado(s), 0 atualizado(s).').waitFor();
      const r = (await apiAs(DEMO.admin, 'GET', `/clientes?q=${doc}`)).body.clientes;
      assert.deepEqual(
        r.map((c) => [c.nome, c.cidade, c.uf]),
        [[nome, 'São José dos Campos', 'SP']],
      );
    } finally {
      await context.close();
    }
  });
});

describe('regions (ADMIN)', () => {
  it('creates a region and adds a city through cidades-escolher', async () => {
    const nome = `Região E2E ${sufixo()}`;
    const { context, page } = await signedIn(DEMO.admin);
    let regiaoId;
    try {
      await page.goto(`${BASE}/crm-regioes`);
      await page.getByTestId('lista-regioes').waitFor();
      await page.locator('ion-button', { hasText: 'Nova região' }).click();
      await page.locator('input[name=nome]').fill(nome);
      await page.locator('ion-button', { hasText: 'Criar região' }).click();
      const card = page.locator(`[data-regiao="${nome}"]`);
      await card.waitFor();
      await card.locator('a', { hasText: 'Cidades' }).click();
      await page.waitForURL((u) => u.pathname === '/crm-regioes-cidades');
      regiaoId = new URL(page.url()).searchParams.get('regiao');
      await page.getByText('Nenhuma cidade nesta região.').waitFor();

      // A city no region has yet: found without accents, within its state.
      const livres = ['Águas de Lindóia', 'Jaboticabal', 'Olímpia', 'Pirassununga', 'São Roque', 'Itu', 'Atibaia', 'Bragança Paulista'];
      const ocupadas = new Set((await apiAs(DEMO.admin, 'GET', '/regioes')).body.regioes.flatMap((r) => r.cidades));
      let escolhida;
      for (const c of livres) {
        const r = (await apiAs(DEMO.admin, 'GET', `/cidades?uf=SP&q=${encodeURIComponent(c)}`)).body.cidades.find((x) => x.nome === c);
        if (r && !ocupadas.has(r.ibge)) {
          escolhida = r;
          break;
        }
      }
      assert.ok(escolhida, 'a free city to add');
      const semAcento = escolhida.nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

      await page.locator('ion-button', { hasText: 'Adicionar cidades' }).click();
      await page.waitForURL((u) => u.pathname === '/cidades-escolher');
      await page.locator('select[name=uf]').selectOption('SP');
      await page.locator('input[name=busca]').fill(semAcento);
      const opcao = page.getByTestId('opcoes-cidades').locator('label', { hasText: escolhida.nome });
      await opcao.waitFor();
      await opcao.locator('input[type=checkbox]').check();
      await page.locator('ion-button', { hasText: 'Confirmar (1)' }).click();
      await page.waitForURL((u) => u.pathname === '/crm-regioes-cidades');
      await page.getByTestId('cidades-regiao').locator('li', { hasText: `${escolhida.nome}/SP` }).waitFor();
      assert.deepEqual((await apiAs(DEMO.admin, 'GET', `/regioes/${regiaoId}`)).body.cidades, [escolhida.ibge]);
    } finally {
      if (regiaoId) await apiAs(DEMO.admin, 'DELETE', `/regioes/${regiaoId}`);
      await context.close();
    }
  });
});
