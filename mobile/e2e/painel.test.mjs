// The sales panel (painel-vendas, issue 23), end to end against the real crm and the Auth
// emulator: the demo seller sees their % of the goal and what is missing "por dia útil"; the
// supervisor sees the team's ranking, switches seller in escolher and sees that seller's figures.
// Every value on screen is checked against GET /crm/painel (not the app's code).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE, DEMO, apiAs, checkEnvironment, esperarAte, launchBrowser, signedInContext } from './helpers.mjs';

let browser;
before(async () => {
  await checkEnvironment();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const mes = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
const brl = (c) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(c) / 100);
const pct = (p) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(p ?? 0)}%`;
const espacos = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The seller's month's valor goal without a cut set well above what was sold (restored after). */
async function metaAcimaDoVendido(vendedorId) {
  const p = await apiAs(DEMO.supervisor, 'GET', `/painel?mes=${mes}&vendedor_id=${vendedorId}`);
  assert.equal(p.status, 200, JSON.stringify(p.body));
  const alvo = Number(p.body.vendido_centavos) * 2 + 1_000_000;
  const lista = await apiAs(DEMO.supervisor, 'GET', `/metas?mes=${mes}&vendedor_id=${vendedorId}`);
  assert.equal(lista.status, 200, JSON.stringify(lista.body));
  const atual = lista.body.metas.find((m) => m.tipo === 'valor' && !m.grupo && !m.cliente_id && !m.regiao_id);
  if (atual) {
    const r = await apiAs(DEMO.supervisor, 'PATCH', `/metas/${atual.id}`, { versao: atual.versao, alvo: String(alvo) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return async () => {
      await apiAs(DEMO.supervisor, 'PATCH', `/metas/${atual.id}`, { versao: r.body.versao, alvo: atual.alvo });
    };
  }
  const id = randomUUID();
  const r = await apiAs(DEMO.supervisor, 'POST', '/metas', { id, mes, vendedor_id: vendedorId, tipo: 'valor', alvo: String(alvo) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return async () => {
    await apiAs(DEMO.supervisor, 'DELETE', `/metas/${id}`);
  };
}

describe('painel-vendas', () => {
  it('the demo seller sees their % of the goal and what is missing por dia útil', async () => {
    const restaurar = await metaAcimaDoVendido('demo-vendedor');
    const vend = await signedInContext(browser, DEMO.vendedor);
    try {
      const api = await apiAs(DEMO.vendedor, 'GET', `/painel?mes=${mes}`);
      assert.equal(api.status, 200, JSON.stringify(api.body));
      const p = api.body;
      assert.ok(Number(p.falta_centavos) > 0, JSON.stringify(p));
      assert.deepEqual(p.ranking ?? [], []);
      const { page } = vend;
      await page.goto(`${BASE}/painel-vendas`);
      await page.getByTestId('painel-percentual').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('painel-percentual').textContent(), pct(p.percentual));
      assert.equal(espacos(await page.getByTestId('painel-vendido').textContent()), espacos(brl(p.vendido_centavos)));
      assert.equal(
        espacos(await page.getByTestId('painel-falta').textContent()),
        espacos(`Falta ${brl(p.falta_centavos)} · ${brl(p.necessario_por_dia_util_centavos)} por dia útil`),
      );
      assert.equal(espacos(await page.getByTestId('painel-projecao').locator('.painel-dinheiro').textContent()), espacos(brl(p.projecao_centavos)));
      // A seller has no ranking.
      assert.equal(await page.getByTestId('painel-ranking').count(), 0);
      // Customers without an order for 30 days: the number, and a tap lists them (GET /crm/painel/sem-pedido).
      const sem = p.sem_pedido;
      assert.ok(sem, `sem_pedido ausente: ${JSON.stringify(p)}`);
      assert.ok(Number(sem.dias_30) >= Number(sem.dias_60) && Number(sem.dias_60) >= Number(sem.dias_90), JSON.stringify(sem));
      assert.equal(espacos(await page.getByTestId('sem-pedido-30').textContent()), `há 30 dias ou mais: ${Number(sem.dias_30)}`);
      await page.getByTestId('sem-pedido-30').click();
      await page.waitForURL((u) => u.pathname === '/crm-clientes' && u.searchParams.get('sem_pedido_dias') === '30');
      await page.getByTestId('sem-pedido').waitFor({ timeout: 20_000 });
      const lista = await apiAs(DEMO.vendedor, 'GET', '/painel/sem-pedido?dias=30');
      assert.equal(lista.status, 200, JSON.stringify(lista.body));
      assert.equal((lista.body.clientes ?? []).length, Number(sem.dias_30));
      await esperarAte(
        async () => (await page.getByTestId('sem-pedido').locator('li').count()) === Number(sem.dias_30),
        'a lista não mostra os clientes sem pedido do painel',
      );
    } finally {
      await vend.context.close();
      await restaurar();
    }
  });

  it('the supervisor sees the ranking, switches seller in escolher and sees that seller’s figures', async () => {
    const sup = await signedInContext(browser, DEMO.supervisor);
    try {
      const equipe = await apiAs(DEMO.supervisor, 'GET', `/painel?mes=${mes}`);
      assert.equal(equipe.status, 200, JSON.stringify(equipe.body));
      assert.ok(equipe.body.ranking.length >= 2, JSON.stringify(equipe.body.ranking));
      const { page } = sup;
      await page.goto(`${BASE}/painel-vendas`);
      const ranking = page.getByTestId('painel-ranking');
      await ranking.waitFor({ timeout: 20_000 });
      for (const l of equipe.body.ranking) {
        const item = ranking.locator(`li[data-vendedor="${l.vendedor_id}"]`);
        assert.equal(await item.count(), 1, l.vendedor_id);
        assert.ok(espacos(await item.textContent()).includes(espacos(`${brl(l.vendido_centavos)} de ${brl(l.meta_centavos)} · ${pct(l.percentual)}`)), l.vendedor_id);
      }
      // Victor, chosen in escolher: the panel shows his figures.
      await page.locator('.barra-vendedor ion-button', { hasText: 'Trocar' }).click();
      await page.waitForURL((u) => u.pathname === '/escolher');
      await page.getByTestId('opcoes-escolha').locator('button', { hasText: 'Victor Vendedor' }).click();
      await page.waitForURL((u) => u.pathname === '/painel-vendas');
      await esperarAte(async () => (await page.getByTestId('filtro-vendedor').textContent()) === 'Victor Vendedor', 'o vendedor escolhido não aparece');
      const dele = await apiAs(DEMO.supervisor, 'GET', `/painel?mes=${mes}&vendedor_id=demo-vendedor`);
      assert.equal(dele.status, 200, JSON.stringify(dele.body));
      await esperarAte(
        async () => espacos(await page.getByTestId('painel-vendido').textContent()) === espacos(brl(dele.body.vendido_centavos)),
        'o painel não mostra o vendido do vendedor escolhido',
      );
      assert.equal(await page.getByTestId('painel-percentual').textContent(), pct(dele.body.percentual));
      // A tap on a seller in the ranking chooses them.
      const outro = equipe.body.ranking.find((l) => l.vendedor_id !== 'demo-vendedor');
      await ranking.locator(`li[data-vendedor="${outro.vendedor_id}"] button`).click();
      await esperarAte(async () => (await page.getByTestId('filtro-vendedor').textContent()) === outro.nome, 'o toque no ranking não escolheu o vendedor');
      const doOutro = await apiAs(DEMO.supervisor, 'GET', `/painel?mes=${mes}&vendedor_id=${outro.vendedor_id}`);
      await esperarAte(
        async () => espacos(await page.getByTestId('painel-vendido').textContent()) === espacos(brl(doOutro.body.vendido_centavos)),
        'o painel não mostra o vendido do vendedor tocado no ranking',
      );
    } finally {
      await sup.context.close();
    }
  });
});
