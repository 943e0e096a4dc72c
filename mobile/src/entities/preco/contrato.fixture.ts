// The shared pricing cases (contracts/precos.json, which the server runs too) for the app's tests:
// the file, and each case's inputs for the pricing mirror.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { comFlexDosPedidos, type Cliente, type CondicaoPagamento, type Linha, type Politica, type Produto } from './calcular';

export interface Caso {
  nome: string;
  /** The act that defines the case's rule and where a published example's figures come from. */
  fonte?: string;
  data?: string;
  cliente?: Partial<Cliente>;
  condicao?: CondicaoPagamento;
  politica?: Partial<Politica>;
  /** What the seller's counting orders did to the flex balance (the server's resumo_flex_vendedor). */
  flex_pedidos_centavos?: number;
  produtos?: Record<string, Partial<Produto>>;
  itens: { produto_id: string; quantidade: number; desconto_percentual?: number }[];
  esperado?: Record<string, unknown>;
  erro?: { motivo: string; mensagem: string; campos: string[] };
}

export interface Contrato {
  data: string;
  produtos: Produto[];
  cliente: Cliente;
  politica: Politica;
  casos: Caso[];
}

// The server runs the same file (services/sales/internal/domain/preco_contrato_test.go).
export const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/precos.json'), 'utf8')) as Contrato;

/** A case's customer, policy, products (with its overrides), lines and date. */
export function entradas(k: Caso) {
  const cliente: Cliente = { ...contrato.cliente, ...k.cliente };
  const base: Politica = { ...contrato.politica, ...k.politica };
  const politica: Politica = { ...base, vendedor: comFlexDosPedidos(base.vendedor, k.flex_pedidos_centavos ?? 0) };
  const produtos = new Map(contrato.produtos.map((p) => [p.id, { ...p, ...k.produtos?.[p.id] }]));
  const itens: Linha[] = k.itens.map((i) => ({ produto: produtos.get(i.produto_id)!, quantidade: i.quantidade, desconto_percentual: i.desconto_percentual }));
  return { cliente, politica, produtos, itens, data: k.data ?? contrato.data };
}
