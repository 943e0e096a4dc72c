// The device's records (as the REST API sends them: int64 as strings, empty strings for unset,
// prices apart from their tables, every seller's line in the policy) must price exactly as the
// pricing mirror does with the contract's inputs: every case of contracts/precos.json, through
// precificarNoAparelho.
import { describe, expect, it } from 'vitest';
import type { CondicaoPagamento as CondicaoApi, PoliticaComercial, Preco, Produto as ProdutoApi, RegraST, TabelaPreco } from '../../lib/api/types';
import { ErroPreco, precificarPedido, type Politica, type Produto } from './calcular';
import { contrato, entradas } from './contrato.fixture';
import { precificarNoAparelho, precoParaOCliente, vendedorDaPolitica, type DadosComerciais } from './noAparelho';

const s = (n: number | undefined) => String(n ?? 0);

/** The contract's inputs as the device keeps them. */
function doAparelho(politica: Politica, produtos: Map<string, Produto>): DadosComerciais {
  const precos = new Map<string, Preco>();
  const tabelas = politica.tabelas.map((t) => {
    for (const [pid, p] of Object.entries(t.precos)) {
      precos.set(`${t.id}:${pid}`, { tabela_id: t.id, produto_id: pid, preco_centavos: s(p.preco_centavos), preco_minimo_centavos: s(p.preco_minimo_centavos), versao: '1', alterado_em: '', excluido: false });
    }
    return {
      id: t.id,
      nome: t.nome ?? '',
      padrao: Boolean(t.padrao),
      validade_inicio: t.validade_inicio ?? '',
      validade_fim: t.validade_fim ?? '',
      clientes: t.clientes ?? [],
      regioes: t.regioes ?? [],
      ufs: t.ufs ?? [],
      desconto_percentual: t.desconto_percentual ?? 0,
    } as unknown as TabelaPreco;
  });
  const v = politica.vendedor;
  const pol = {
    uf_origem: politica.uf_origem,
    flex_permitido: Boolean(politica.flex_permitido),
    simples_nacional: Boolean(politica.simples_nacional),
    desconto_maximo_padrao_percentual: 0,
    vendedores: [{ id: 'outro', desconto_maximo_percentual: 50, saldo_flex_centavos: '0', pedido_minimo_centavos: '0' }, { id: v.id, desconto_maximo_percentual: v.desconto_maximo_percentual, saldo_flex_centavos: s(v.saldo_flex_centavos), pedido_minimo_centavos: s(v.pedido_minimo_centavos) }],
    limites_grupo: politica.limites_grupo ?? [],
    promocoes: (politica.promocoes ?? []).map((p) => ({ ...p, produto_id: p.produto_id ?? '', grupo: p.grupo ?? '', inicio: p.inicio ?? '', fim: p.fim ?? '' })),
    descontos_volume: (politica.descontos_volume ?? []).map((d) => ({ ...d, produto_id: d.produto_id ?? '', grupo: d.grupo ?? '', quantidade_minima: s(d.quantidade_minima) })),
  } as unknown as PoliticaComercial;
  return {
    produto: (id) => {
      const p = produtos.get(id);
      return p ? ({ ...p, multiplo_venda: s(p.multiplo_venda), descricao: p.descricao ?? '', marca: p.marca ?? '' } as unknown as ProdutoApi) : undefined;
    },
    preco: (t, p) => precos.get(`${t}:${p}`),
    tabelas: tabelas as TabelaPreco[],
    politica: pol,
    regrasST: (politica.regras_st ?? []).map((r) => ({ ...r, reducao_base_percentual: r.reducao_base_percentual ?? 0 }) as unknown as RegraST),
  };
}

function resultado(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    if (e instanceof ErroPreco) return { motivo: e.motivo, mensagem: e.message, campos: e.campos };
    throw e;
  }
}

describe('pricing from the device copy (precificarNoAparelho)', () => {
  it.each(contrato.casos.map((k) => [k.nome, k] as const))('%s', (_n, k) => {
    const { cliente, politica, produtos, itens: linhas, data } = entradas(k);
    const esperado = resultado(() => precificarPedido(linhas, cliente, k.condicao, politica, data));
    const condicao = k.condicao ? ({ ...k.condicao, ativo: true, valor_minimo_centavos: s(k.condicao.valor_minimo_centavos) } as unknown as CondicaoApi) : null;
    const obtido = resultado(() =>
      precificarNoAparelho(doAparelho(politica, produtos), politica.vendedor.id, { id: cliente.id, uf: cliente.uf, regiao_id: cliente.regiao_id ?? '', contribuinte_icms: Boolean(cliente.contribuinte_icms), suframa: cliente.suframa }, condicao, k.itens, data),
    );
    expect(obtido).toEqual(esperado);
  });

  it("a product search shows what one unit costs the chosen customer, or nothing when they have no price", () => {
    const produtos = new Map(contrato.produtos.map((p) => [p.id, p]));
    const d = doAparelho(contrato.politica, produtos);
    const cli = { id: contrato.cliente.id, uf: contrato.cliente.uf, regiao_id: '', contribuinte_icms: true };
    expect(precoParaOCliente(d, 'v', cli, 'p1')).toBe(1000);
    expect(precoParaOCliente(d, 'v', cli, 'nao-existe')).toBeNull();
    // A product sold in boxes of 6 has a price too (one multiple, not one unit).
    const emCaixas = new Map(contrato.produtos.map((p) => [p.id, p.id === 'p1' ? { ...p, multiplo_venda: 6 } : p]));
    expect(precoParaOCliente(doAparelho(contrato.politica, emCaixas), 'v', cli, 'p1')).toBe(1000);
  });

  it('an inactive term or an unknown product is refused with the server reason', () => {
    const produtos = new Map(contrato.produtos.map((p) => [p.id, p]));
    const d = doAparelho(contrato.politica, produtos);
    const cli = { id: contrato.cliente.id, uf: contrato.cliente.uf, regiao_id: '', contribuinte_icms: true };
    expect(resultado(() => precificarNoAparelho(d, 'v', cli, { id: 'c', nome: 'Boleto 28', ativo: false } as unknown as CondicaoApi, [], contrato.data))).toMatchObject({
      motivo: 'CONDICAO_NAO_PERMITIDA',
      campos: [{ campo: 'condicao_id' }],
    });
    expect(resultado(() => precificarNoAparelho(d, 'v', cli, null, [{ produto_id: 'nao-existe', quantidade: 1 }], contrato.data))).toMatchObject({
      motivo: 'NAO_ENCONTRADO',
      campos: [{ campo: 'itens[0].produto_id' }],
    });
  });

  it("a seller without a line of their own gets the company's default cap", () => {
    const pol = { desconto_maximo_padrao_percentual: 3, vendedores: [{ id: 'a', desconto_maximo_percentual: 7, saldo_flex_centavos: '1500', pedido_minimo_centavos: '0' }] } as unknown as PoliticaComercial;
    expect(vendedorDaPolitica(pol, 'a')).toEqual({ id: 'a', desconto_maximo_percentual: 7, saldo_flex_centavos: 1500, pedido_minimo_centavos: 0 });
    expect(vendedorDaPolitica(pol, 'b')).toEqual({ id: 'b', desconto_maximo_percentual: 3, saldo_flex_centavos: 0 });
  });

  it('the flex balance is the policy’s plus what the counting orders did to it, as the server prices it', () => {
    // The server's ObterPolitica sends flex_pedidos_centavos (resumo_flex_vendedor) per seller it shows.
    const pol = {
      desconto_maximo_padrao_percentual: 3,
      vendedores: [{ id: 'a', desconto_maximo_percentual: 7, saldo_flex_centavos: '50000', pedido_minimo_centavos: '0' }],
      flex_pedidos_centavos: { a: '-35606', b: '1200' },
    } as unknown as PoliticaComercial;
    expect(vendedorDaPolitica(pol, 'a').saldo_flex_centavos).toBe(14394);
    // A seller without a line: what their orders earned above the list price.
    expect(vendedorDaPolitica(pol, 'b').saldo_flex_centavos).toBe(1200);
  });
});
