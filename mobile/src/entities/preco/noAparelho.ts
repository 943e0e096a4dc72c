// Pricing a draft from the device copy: turns the records the device keeps (as the REST API
// sends them, int64 as strings) into the pricing mirror's inputs (./calcular) exactly as the
// server's Calcular assembles them (services/sales/internal/app/calculo.go): the caller's line of
// the policy (or the company's default cap), every table (with the prices of the draft's products
// only), the ST rules of the customer's state, and today in America/Sao_Paulo.
import type { Cliente, CondicaoPagamento, PoliticaComercial, Preco, Produto, RegraST, TabelaPreco } from '../../lib/api/types';
import { hojeIso } from '../../lib/format/date';
import * as calc from './calcular';

/** What the device knows of the catalogue and the commercial rules (the collections, in memory). */
export interface DadosComerciais {
  produto(id: string): Produto | undefined;
  preco(tabelaId: string, produtoId: string): Preco | undefined;
  tabelas: readonly TabelaPreco[];
  politica: PoliticaComercial | null;
  regrasST: readonly RegraST[];
}

export interface ItemRascunho {
  produto_id: string;
  quantidade: number;
  desconto_percentual?: number;
}

const inteiro = (v: string | number | undefined | null) => Number(v ?? 0) || 0;

export function paraProduto(p: Produto): calc.Produto {
  return {
    id: p.id,
    codigo: p.codigo,
    descricao: p.descricao,
    marca: p.marca,
    grupo: p.grupo,
    unidade: p.unidade,
    multiplo_venda: inteiro(p.multiplo_venda) || 1,
    ean: p.ean,
    ncm: p.ncm,
    ipi_percentual: p.ipi_percentual ?? 0,
    ativo: p.ativo,
  };
}

export function paraCliente(c: Pick<Cliente, 'id' | 'uf' | 'regiao_id' | 'contribuinte_icms'> & { suframa?: string }): calc.Cliente {
  return { id: c.id, uf: c.uf ?? '', regiao_id: c.regiao_id || undefined, suframa: c.suframa || undefined, contribuinte_icms: Boolean(c.contribuinte_icms) };
}

export function paraCondicao(c: CondicaoPagamento): calc.CondicaoPagamento {
  return {
    id: c.id,
    nome: c.nome,
    parcelas_dias: c.parcelas_dias,
    forma: c.forma,
    acrescimo_percentual: c.acrescimo_percentual,
    valor_minimo_centavos: inteiro(c.valor_minimo_centavos),
    usa_limite_credito: c.usa_limite_credito,
    clientes: c.clientes,
  };
}

/**
 * The caller's line of the policy as pricing sees it (the server's PoliticaCadastro.Vendedor and
 * Vendedor.ComFlexDosPedidos): the flex balance is the policy's plus what the counting orders did
 * to it (flex_pedidos_centavos, as of the policy's last copy).
 */
export function vendedorDaPolitica(p: PoliticaComercial | null, operadorId: string): calc.Vendedor {
  const v = p?.vendedores?.find((x) => x.id === operadorId);
  const linha: calc.Vendedor = v
    ? {
        id: operadorId,
        desconto_maximo_percentual: v.desconto_maximo_percentual ?? 0,
        saldo_flex_centavos: inteiro(v.saldo_flex_centavos),
        pedido_minimo_centavos: inteiro(v.pedido_minimo_centavos),
      }
    : { id: operadorId, desconto_maximo_percentual: p?.desconto_maximo_padrao_percentual ?? 0 };
  return calc.comFlexDosPedidos(linha, inteiro(p?.flex_pedidos_centavos?.[operadorId]));
}

/** The caller's flex balance as pricing sees it; null when the company runs no flex balance. */
export function saldoFlex(p: PoliticaComercial | null, operadorId: string): number | null {
  return p?.flex_permitido ? (vendedorDaPolitica(p, operadorId).saldo_flex_centavos ?? 0) : null;
}

/** The policy for pricing `produtoIds` for a customer of state `uf`, as the caller. */
export function politicaPara(d: DadosComerciais, operadorId: string, uf: string, produtoIds: readonly string[]): calc.Politica {
  const p = d.politica;
  const tabelas: calc.TabelaPreco[] = d.tabelas.map((t) => {
    const precos: Record<string, calc.PrecoTabela> = {};
    for (const id of produtoIds) {
      const pr = d.preco(t.id, id);
      if (pr && !pr.excluido) precos[id] = { preco_centavos: inteiro(pr.preco_centavos), preco_minimo_centavos: inteiro(pr.preco_minimo_centavos) };
    }
    return {
      id: t.id,
      nome: t.nome,
      padrao: t.padrao,
      validade_inicio: t.validade_inicio || undefined,
      validade_fim: t.validade_fim || undefined,
      clientes: t.clientes,
      regioes: t.regioes,
      ufs: t.ufs,
      desconto_percentual: t.desconto_percentual,
      precos,
    };
  });
  return {
    uf_origem: p?.uf_origem ?? '',
    tabelas,
    promocoes: (p?.promocoes ?? []).map((x) => ({
      id: x.id ?? '',
      produto_id: x.produto_id || undefined,
      grupo: x.grupo || undefined,
      percentual: x.percentual ?? 0,
      inicio: x.inicio || undefined,
      fim: x.fim || undefined,
    })),
    descontos_volume: (p?.descontos_volume ?? []).map((x) => ({
      id: x.id ?? '',
      produto_id: x.produto_id || undefined,
      grupo: x.grupo || undefined,
      quantidade_minima: inteiro(x.quantidade_minima),
      percentual: x.percentual ?? 0,
    })),
    limites_grupo: (p?.limites_grupo ?? []).map((x) => ({ grupo: x.grupo ?? '', desconto_maximo_percentual: x.desconto_maximo_percentual ?? 0 })),
    vendedor: vendedorDaPolitica(p, operadorId),
    flex_permitido: Boolean(p?.flex_permitido),
    simples_nacional: Boolean(p?.simples_nacional),
    regras_st: d.regrasST.filter((r) => r.uf === uf).map((r) => ({ ...r })),
  };
}

/**
 * Prices a draft on the device as the server's POST /crm/precos/calcular would. Throws
 * calc.ErroPreco (with the server's motivo, message and `itens[i].…` fields) when it cannot.
 */
export function precificarNoAparelho(
  d: DadosComerciais,
  operadorId: string,
  cliente: Parameters<typeof paraCliente>[0],
  condicao: CondicaoPagamento | null,
  itens: readonly ItemRascunho[],
  data: calc.Data = hojeIso(), // the server's default: today in America/Sao_Paulo
): calc.ResultadoPedido {
  if (condicao && !condicao.ativo) {
    throw new calc.ErroPreco('CONDICAO_NAO_PERMITIDA', `Condição de pagamento ${condicao.nome} está inativa.`, [
      { campo: 'condicao_id', descricao: `Condição de pagamento ${condicao.nome} está inativa.` },
    ]);
  }
  const linhas: calc.Linha[] = itens.map((it, i) => {
    const p = d.produto(it.produto_id);
    if (!p) {
      const msg = 'Produto não encontrado.';
      throw new calc.ErroPreco('NAO_ENCONTRADO', msg, [{ campo: `itens[${i}].produto_id`, descricao: msg }]);
    }
    return { produto: paraProduto(p), quantidade: it.quantidade, desconto_percentual: it.desconto_percentual };
  });
  const c = paraCliente(cliente);
  const pol = politicaPara(d, operadorId, c.uf, itens.map((i) => i.produto_id));
  return calc.precificarPedido(linhas, c, condicao ? paraCondicao(condicao) : null, pol, data);
}

/**
 * What one unit of a product costs this customer (its table, promotions and the ST/IPI of its
 * state; no seller discount, no term), as a product search shows it; null when it has no price
 * for them.
 */
export function precoParaOCliente(d: DadosComerciais, operadorId: string, cliente: Parameters<typeof paraCliente>[0], produtoId: string): number | null {
  try {
    // One sales multiple (a product sold in boxes of 6 is not priced for 1 unit).
    const p = d.produto(produtoId);
    const quantidade = p ? inteiro(p.multiplo_venda) || 1 : 1;
    const r = precificarNoAparelho(d, operadorId, cliente, null, [{ produto_id: produtoId, quantidade }]);
    return r.itens[0]?.preco_unitario_centavos ?? null;
  } catch {
    return null;
  }
}
