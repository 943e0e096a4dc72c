// The catalogue's ADMIN screens end to end: a product created through its form (client-side
// rules, 409 of a code in use, a photo shrunk on the device, shown and removed), its price set in
// a table, a payment term, a products CSV import with a bad row (report shown, nothing written)
// and then the fixed file; a VENDEDOR sees none of these screens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, closeAlert, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const signedIn = (email, opts) => signedInContext(browser, email, opts);
const sufixo = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const ROTAS_ADMIN = ['/admin/produtos', '/admin/tabelas-preco', '/admin/condicoes-pagamento', '/admin/politica-comercial', '/admin/regras-st'];

/** Every product whose code, description or barcode has q. */
async function produtos(q) {
  const r = await apiAs(DEMO.admin, 'GET', `/produtos?q=${encodeURIComponent(q)}&page_size=200`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.produtos;
}

/** A table's price of a product (following the pages), or undefined. */
async function precoNaTabela(tabelaId, produtoId) {
  let token = '';
  for (let i = 0; i < 100; i++) {
    const r = await apiAs(DEMO.admin, 'GET', `/tabelas-preco/${tabelaId}/precos?page_size=200&page_token=${encodeURIComponent(token)}`);
    const p = r.body.precos.find((x) => x.produto_id === produtoId);
    if (p) return p;
    token = r.body.next_page_token;
    if (!token) return undefined;
  }
}

describe('catalogue (ADMIN)', () => {
  it('creates a product, sets its price in a table and creates a payment term', async () => {
    const codigo = `E2E-${sufixo()}`;
    const { context, page } = await signedIn(DEMO.admin);
    try {
      // The menu entry opens the product list.
      await page.locator('a.shortcut[href="/admin/produtos"]').click();
      await page.waitForURL(`${BASE}/admin/produtos`);
      await page.getByTestId('lista-produtos').waitFor();

      // The form refuses what the server would, at the field, before sending.
      await page.goto(`${BASE}/admin/produtos/novo`);
      const form = page.getByTestId('form-produto');
      await form.locator('input[name=codigo]').fill(codigo);
      await form.locator('input[name=descricao]').fill(`Refrigerante E2E ${codigo}`);
      await form.locator('input[name=grupo]').fill('Bebidas');
      await form.locator('input[name=unidade]').fill('cx');
      await form.locator('input[name=multiplo_venda]').fill('6');
      await form.locator('input[name=ean]').fill('4006381333932');
      await form.locator('input[name=ncm]').fill('2202.10.00');
      await form.locator('input[name=ipi_percentual]').fill('7,5');
      await form.locator('ion-button', { hasText: 'Cadastrar produto' }).click();
      await form.getByText('Código de barras inválido: informe os 13 dígitos do EAN-13 (o último é o dígito verificador).').waitFor();
      assert.equal((await produtos(codigo)).length, 0, 'nothing sent');
      await form.locator('input[name=ean]').fill('4006381333931');
      await form.locator('ion-button', { hasText: 'Cadastrar produto' }).click();
      await page.waitForURL((u) => /^\/admin\/produtos\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith('/novo'));
      const [criado] = await produtos(codigo);
      assert.ok(criado, 'created');
      assert.deepEqual(
        [criado.unidade, criado.multiplo_venda, criado.ean, criado.ncm, criado.ipi_percentual, criado.grupo, criado.ativo],
        ['CX', '6', '4006381333931', '22021000', 7.5, 'Bebidas', true],
      );
      assert.equal(new URL(page.url()).pathname, `/admin/produtos/${criado.id}`);

      // A photo: a 2400×1200 PNG, shrunk on the device to 1600 px (JPEG) before the upload.
      const png = await page.evaluate(async () => {
        const c = document.createElement('canvas');
        c.width = 2400;
        c.height = 1200;
        const x = c.getContext('2d');
        x.fillStyle = '#c62828';
        x.fillRect(0, 0, 2400, 1200);
        x.fillStyle = '#ffffff';
        x.fillRect(600, 300, 1200, 600);
        const b = await new Promise((r) => c.toBlob(r, 'image/png'));
        let s = '';
        for (const v of new Uint8Array(await b.arrayBuffer())) s += String.fromCharCode(v);
        return btoa(s);
      });
      const foto = page.getByTestId('foto-produto');
      const pedido = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/crm/produtos/${criado.id}/foto`));
      await foto.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
      const enviada = JSON.parse((await pedido).postData()).imagem_base64;
      assert.match(enviada, /^data:image\/jpeg;base64,/);
      const medidas = await page.evaluate(async (src) => {
        const i = new Image();
        i.src = src;
        await i.decode();
        return [i.naturalWidth, i.naturalHeight];
      }, enviada);
      assert.deepEqual(medidas, [1600, 800]);
      await foto.locator('button', { hasText: 'Trocar foto' }).waitFor();
      const comFoto = (await apiAs(DEMO.admin, 'GET', `/produtos/${criado.id}`)).body;
      assert.ok(comFoto.foto_versao, 'foto_versao');
      // Opened again, the photo comes from the API with the operator's token (an object URL).
      await page.reload();
      await foto.getByTestId('foto').waitFor();
      assert.match(await foto.getByTestId('foto').getAttribute('src'), /^blob:/);
      // The form saves on the versao the photo left (no false "alterado por outra pessoa").
      await form.locator('input[name=descricao]').fill(`Refrigerante E2E ${codigo} 2 L`);
      await form.locator('ion-button', { hasText: 'Salvar alterações' }).click();
      await page.waitForURL(`${BASE}/admin/produtos`);
      assert.equal((await apiAs(DEMO.admin, 'GET', `/produtos/${criado.id}`)).body.descricao, `Refrigerante E2E ${codigo} 2 L`);
      // Removed after the confirmation.
      await page.goto(`${BASE}/admin/produtos/${criado.id}`);
      await foto.locator('button', { hasText: 'Remover foto' }).click();
      await closeAlert(page, 'OK');
      await foto.locator('button', { hasText: 'Escolher foto' }).waitFor();
      assert.equal((await apiAs(DEMO.admin, 'GET', `/produtos/${criado.id}`)).body.foto_versao, '');

      // The same code again: 409 CODIGO_DUPLICADO in pt-BR, with a link to the product holding it.
      await page.goto(`${BASE}/admin/produtos/novo`);
      await form.locator('input[name=codigo]').fill(codigo.toLowerCase());
      await form.locator('input[name=descricao]').fill('Outro');
      await form.locator('input[name=ncm]').fill('22021000');
      await form.locator('ion-button', { hasText: 'Cadastrar produto' }).click();
      await form.getByTestId('erro-formulario').getByText(`Já existe um produto com o código ${codigo.toLowerCase()}.`, { exact: false }).waitFor();
      assert.equal(await form.getByTestId('abrir-existente').getAttribute('href'), `/admin/produtos/${criado.id}`);

      // Its price in the default table, in reais.
      const tabelas = (await apiAs(DEMO.admin, 'GET', '/tabelas-preco')).body.tabelas;
      const padrao = tabelas.find((t) => t.padrao);
      assert.ok(padrao, 'the demo has a default table');
      await page.goto(`${BASE}/admin/tabelas-preco`);
      await page.getByTestId('lista-tabelas').getByText(padrao.nome, { exact: true }).click();
      await page.waitForURL(`${BASE}/admin/tabelas-preco/${padrao.id}`);
      const precos = page.getByTestId('precos-tabela');
      await precos.getByTestId('contagem-precos').getByText('com preço nesta tabela', { exact: false }).waitFor({ timeout: 30_000 });
      await precos.locator('ion-searchbar input').fill(codigo);
      const linha = precos.locator(`li[data-produto="${codigo}"]`);
      await linha.getByText('Sem preço').waitFor();
      await linha.locator('button', { hasText: 'Definir preço' }).click();
      await linha.locator('input[name=preco]').fill('12,90');
      await linha.locator('input[name=preco_minimo]').fill('13,00');
      await linha.locator('ion-button', { hasText: 'Salvar preço' }).click();
      await linha.getByText('Preço mínimo deve ficar entre zero e o preço.').waitFor();
      await linha.locator('input[name=preco_minimo]').fill('11,50');
      await linha.locator('ion-button', { hasText: 'Salvar preço' }).click();
      await linha.getByTestId('preco').getByText('R$ 12,90').waitFor();
      const preco = await precoNaTabela(padrao.id, criado.id);
      assert.deepEqual([preco?.preco_centavos, preco?.preco_minimo_centavos], ['1290', '1150']);

      // A payment term: instalments, PIX, a discount and a minimum order in reais.
      const nome = `E2E 28/35/42 ${sufixo()}`;
      await page.goto(`${BASE}/admin/condicoes-pagamento`);
      await page.getByTestId('lista-condicoes').waitFor();
      await page.locator('ion-button', { hasText: 'Nova condição' }).click();
      const cond = page.getByTestId('form-condicao');
      await cond.locator('input[name=nome]').fill(nome);
      await cond.locator('input[name=parcelas_dias]').fill('28/35/42');
      await cond.locator('select[name=forma]').selectOption('pix');
      await cond.locator('input[name=acrescimo_percentual]').fill('-2,5');
      await cond.locator('input[name=valor_minimo]').fill('300');
      await cond.locator('ion-button', { hasText: 'Criar condição' }).click();
      await page.getByTestId('lista-condicoes').getByText(nome).waitFor();
      assert.match(await page.getByTestId('lista-condicoes').locator('li', { hasText: nome }).textContent(), /28\/35\/42 dias · PIX · desconto de 2,5% · mínimo R\$\s300,00/);
      const c = (await apiAs(DEMO.admin, 'GET', '/condicoes-pagamento?page_size=200')).body.condicoes.find((x) => x.nome === nome);
      assert.deepEqual([c?.parcelas_dias, c?.forma, c?.acrescimo_percentual, c?.valor_minimo_centavos, c?.ativo], [[28, 35, 42], 'pix', -2.5, '30000', true]);
    } finally {
      await context.close();
    }
  });

  it('a products CSV with a bad row shows the report and writes nothing; the fixed file is written, then its prices', async () => {
    const marca = `E2EIMP${sufixo()}`;
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.goto(`${BASE}/admin/produtos`);
      await page.locator('ion-button', { hasText: 'Importar produtos (CSV)' }).click();
      const imp = page.getByTestId('importar-produtos');
      await imp.waitFor();
      const cab = 'codigo;descricao;grupo;unidade;ncm;ipi_percentual;ativo';
      const boas = [`${marca}-1;Água ${marca} 500 ml;Bebidas;UN;22011000;0;sim`, `${marca}-2;Suco ${marca} 1 L;Bebidas;UN;20098990;4,5;sim`];
      const ruim = [cab, ...boas, `${marca}-3;Chocolate ${marca};Doces;UN;1806;0;sim`].join('\n');
      await imp.locator('input[type=file]').setInputFiles({ name: 'produtos-ruim.csv', mimeType: 'text/csv', buffer: Buffer.from(ruim) });
      const rej = imp.getByTestId('rejeitadas');
      await rej.waitFor();
      assert.match(await rej.textContent(), new RegExp(`1 linha\\(s\\) com erro\\. Nada foi gravado\\..*4\\s*${marca}-3.*NCM deve ter 8 dígitos`, 's'));
      assert.equal((await produtos(marca)).length, 0, 'nothing written');

      const bom = [cab, ...boas, `${marca}-3;Chocolate ${marca};Doces;UN;18063210;0;sim`].join('\r\n');
      await imp.locator('input[type=file]').setInputFiles({ name: 'produtos-bom.csv', mimeType: 'text/csv', buffer: Buffer.from(bom) });
      await imp.locator('ion-button', { hasText: 'Gravar 3 produto(s)' }).click();
      await closeAlert(page, 'OK');
      await imp.getByText('Importação concluída: 3 produto(s) criado(s), 0 atualizado(s).').waitFor();
      const gravados = await produtos(marca);
      assert.deepEqual(gravados.map((p) => [p.codigo, p.ncm, p.ipi_percentual]).sort(), [
        [`${marca}-1`, '22011000', 0],
        [`${marca}-2`, '20098990', 4.5],
        [`${marca}-3`, '18063210', 0],
      ]);
      // The list shows them (the import made it stale).
      await page.locator('ion-searchbar input').first().fill(marca);
      await page.getByTestId('lista-produtos').getByText(`Chocolate ${marca}`).waitFor();

      // Their prices, imported into the default table (reais in the file, centavos on the server).
      const padrao = (await apiAs(DEMO.admin, 'GET', '/tabelas-preco')).body.tabelas.find((t) => t.padrao);
      await page.goto(`${BASE}/admin/tabelas-preco/${padrao.id}`);
      await page.locator('ion-button', { hasText: 'Importar preços (CSV)' }).click();
      const impPrecos = page.getByTestId('importar-precos');
      const precos = ['codigo;preco;preco_minimo', `${marca}-1;2,49;`, `${marca}-2;R$ 7,90;7,00`, `${marca}-3;1.234,50;1.000`].join('\n');
      await impPrecos.locator('input[type=file]').setInputFiles({ name: 'precos.csv', mimeType: 'text/csv', buffer: Buffer.from(precos) });
      await impPrecos.locator('ion-button', { hasText: 'Gravar 3 preço(s)' }).click();
      await closeAlert(page, 'OK');
      await impPrecos.getByText('Importação concluída: 3 preço(s) criado(s), 0 atualizado(s).').waitFor();
      const lista = page.getByTestId('precos-tabela');
      await lista.locator('ion-searchbar input').fill(marca);
      await lista.locator(`li[data-produto="${marca}-3"]`).getByTestId('preco').getByText('R$ 1.234,50').waitFor();
      const suco = gravados.find((p) => p.codigo === `${marca}-2`);
      const preco = await precoNaTabela(padrao.id, suco.id);
      assert.deepEqual([preco?.preco_centavos, preco?.preco_minimo_centavos], ['790', '700']);
    } finally {
      await context.close();
    }
  });

  it('the commercial policy: a group cap added and saved in one PUT, the rest of the policy unchanged', async () => {
    const grupo = `E2E Grupo ${sufixo()}`;
    const antes = (await apiAs(DEMO.admin, 'GET', '/politica-comercial')).body;
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.goto(`${BASE}/admin/politica-comercial`);
      const form = page.getByTestId('form-politica');
      await form.waitFor();
      const limites = form.locator('section[aria-label="Limites por grupo"]');
      await limites.locator('button', { hasText: '+ Limite de grupo' }).click();
      await limites.locator('input[name=grupo]').last().fill(grupo);
      await limites.locator('input[name=desconto_maximo_percentual]').last().fill('2,5');
      await form.locator('ion-button', { hasText: 'Salvar política' }).click();
      await page.locator('ion-toast').getByText('Política comercial salva.').waitFor();
      const depois = (await apiAs(DEMO.admin, 'GET', '/politica-comercial')).body;
      assert.deepEqual(depois.limites_grupo, [...antes.limites_grupo, { grupo, desconto_maximo_percentual: 2.5 }]);
      for (const k of ['uf_origem', 'flex_permitido', 'simples_nacional', 'desconto_maximo_padrao_percentual', 'vendedores', 'promocoes', 'descontos_volume', 'motivos_bloqueantes']) assert.deepEqual(depois[k], antes[k], k);
      // The tax regime is on the form, with its pt-BR label (issue 22), and was kept.
      assert.equal(await form.getByLabel('Empresa optante pelo Simples Nacional', { exact: false }).isChecked(), antes.simples_nacional === true);
    } finally {
      await context.close();
    }
  });

  it('ICMS-ST rules: created in the form, imported from a CSV, deleted after the confirmation', async () => {
    const ncm = (n) => `9${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${n}`;
    const [ncm1, ncm2] = [ncm(1), ncm(2)];
    const regras = async () => (await apiAs(DEMO.admin, 'GET', '/regras-st?page_size=200')).body.regras;
    const { context, page } = await signedIn(DEMO.admin);
    try {
      await page.goto(`${BASE}/admin/regras-st`);
      await page.locator('ion-button', { hasText: 'Nova regra' }).click();
      const form = page.getByTestId('form-regra-st');
      await form.locator('input[name=ncm]').fill(ncm1);
      await form.locator('select[name=uf]').selectOption('AC');
      await form.locator('input[name=mva_percentual]').fill('35,5');
      await form.locator('input[name=aliquota_interna_percentual]').fill('19');
      await form.locator('input[name=aliquota_interestadual_percentual]').fill('12');
      // Issue 22: the kind of reduction, the MVA adjustment and the effective ALQ intra.
      await form.locator('input[name=reducao_base_percentual]').fill('10');
      await form.locator('select[name=reducao_base_tipo]').selectOption({ label: 'Operação própria e ST (CST 70, venda dentro do estado)' });
      await form.locator('select[name=ajuste_mva]').selectOption({ label: 'Só se a alíquota interna for maior que a interestadual' });
      await form.locator('input[name=aliquota_intra_efetiva]').check();
      await form.locator('ion-button', { hasText: 'Criar regra' }).click();
      const lista = page.getByTestId('lista-regras-st');
      await lista.getByText(`AC · NCM ${ncm1}`).waitFor();
      await lista.locator('li', { hasText: `AC · NCM ${ncm1}` }).getByText('redução também na operação própria', { exact: false }).waitFor();
      const criada = (await regras()).find((r) => r.ncm === ncm1 && r.uf === 'AC');
      assert.deepEqual([criada?.mva_percentual, criada?.aliquota_interna_percentual, criada?.aliquota_interestadual_percentual], [35.5, 19, 12]);
      assert.deepEqual([criada?.reducao_base_percentual, criada?.reducao_base_tipo, criada?.ajuste_mva, criada?.aliquota_intra_efetiva], [10, 'propria_e_st', 'se_interna_maior', true]);

      await page.locator('ion-button', { hasText: 'Importar regras (CSV)' }).click();
      const imp = page.getByTestId('importar-regras-st');
      const csv = ['ncm;uf;mva;aliquota_interna;aliquota_interestadual', `${ncm2};RO;40;17,5;12`].join('\n');
      await imp.locator('input[type=file]').setInputFiles({ name: 'st.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await imp.locator('ion-button', { hasText: 'Gravar 1 regra(s)' }).click();
      await closeAlert(page, 'OK');
      await imp.getByText('Importação concluída: 1 regra(s) criada(s), 0 atualizada(s).').waitFor();
      await lista.getByText(`RO · NCM ${ncm2}`).waitFor();
      const importada = (await regras()).find((r) => r.ncm === ncm2);
      assert.deepEqual([importada?.aliquota_interna_percentual, importada?.reducao_base_tipo, importada?.ajuste_mva], [17.5, 'st', 'sempre']);

      await lista.locator('li', { hasText: `AC · NCM ${ncm1}` }).locator('button', { hasText: 'Excluir' }).click();
      await closeAlert(page, 'OK');
      await lista.getByText(`AC · NCM ${ncm1}`).waitFor({ state: 'detached' });
      assert.equal((await regras()).some((r) => r.ncm === ncm1), false);
    } finally {
      await context.close();
    }
  });

  it('on a wide screen the products are a sortable table and a row opens the product', async () => {
    const { context, page } = await signedIn(DEMO.admin, { contextOptions: { viewport: { width: 1366, height: 900 } } });
    try {
      await page.goto(`${BASE}/admin/produtos`);
      const tabela = page.getByTestId('tabela-produtos');
      await tabela.waitFor();
      await tabela.locator('tbody tr').first().click();
      await page.waitForURL((u) => /^\/admin\/produtos\/[^/]+$/.test(u.pathname));
      await page.getByTestId('form-produto').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('catalogue: a VENDEDOR', () => {
  it('sees no admin entry, gets "Sem permissão" on the screens, and the server refuses the writes', async () => {
    const { context, page } = await signedIn(DEMO.vendedor);
    try {
      await page.locator('a.shortcut').first().waitFor();
      for (const r of ROTAS_ADMIN) assert.equal(await page.locator(`a.shortcut[href="${r}"]`).count(), 0, r);
      await page.goto(`${BASE}/menu`);
      await page.locator('ion-item').first().waitFor();
      for (const r of ROTAS_ADMIN) assert.equal(await page.locator(`ion-item[href="${r}"]`).count(), 0, r);
      for (const r of ['/admin/produtos', '/admin/politica-comercial']) {
        await page.goto(`${BASE}${r}`);
        await page.getByTestId('sem-permissao').getByText('Sem permissão para gerenciar o catálogo', { exact: false }).waitFor();
      }
      const r = await apiAs(DEMO.vendedor, 'POST', '/produtos', { codigo: `E2E-V-${sufixo()}`, descricao: 'Não', ncm: '22021000' });
      assert.equal(r.status, 403);
    } finally {
      await context.close();
    }
  });
});
