// The order as a short WhatsApp message, and the wa.me link that opens it: made on the device
// from the order it keeps (offline too). Never observacoes_internas.
import type { Pedido } from '../../../lib/api/types';
import { linkWhatsApp } from '../../../lib/format/links';
import { formatarMoeda } from '../../../lib/format/money';
import { dataCurta, formatarQuantidade, numeroPedido, totaisPedido, valorDoItem } from './espelho';

const moeda = (c: bigint) => formatarMoeda(c.toString());

/**
 * The message, in pt-BR, with WhatsApp's *bold*: the order (or "a enviar"), the customer, one
 * line per item ("2 x Produto — R$ 10,00": the item's value, quantity × unit price), the totals
 * (IPI, ST and freight when there are any), the payment term, the delivery date and the notes.
 */
export function textoWhatsApp(p: Pedido, empresa: string): string {
  const n = numeroPedido(p);
  const linhas: string[] = [];
  linhas.push(`*${n ? `Pedido Nº ${n}` : 'Pedido a enviar'}*${empresa.trim() ? ` — ${empresa.trim()}` : ''}`);
  if (p.cliente?.nome?.trim()) linhas.push(`Cliente: ${p.cliente.nome.trim()}`);
  linhas.push('');

  for (const it of p.itens ?? []) {
    const nome = it.descricao?.trim() || it.codigo?.trim() || 'Produto';
    const valor = it.bonificacao ? 'Bonificação' : moeda(valorDoItem(it));
    linhas.push(`${formatarQuantidade(it.quantidade)} x ${nome} — ${valor}`);
  }
  if (p.itens?.length) linhas.push('');

  const t = totaisPedido(p);
  const temImposto = t.ipi !== 0n || t.st !== 0n || t.frete !== 0n;
  if (temImposto) linhas.push(`Produtos: ${moeda(t.produtos)}`);
  if (t.ipi !== 0n) linhas.push(`IPI: ${moeda(t.ipi)}`);
  if (t.st !== 0n) linhas.push(`ST: ${moeda(t.st)}`);
  if (t.frete !== 0n) linhas.push(`Frete: ${moeda(t.frete)}`);
  linhas.push(`*Total: ${moeda(t.total)}*`);

  const condicao = [p.condicao_nome?.trim(), p.forma_pagamento?.trim()].filter(Boolean);
  if (condicao.length) linhas.push(`Pagamento: ${condicao.join(' — ')}`);
  const entrega = dataCurta(p.data_entrega);
  if (entrega) linhas.push(`Entrega: ${entrega}`);
  const obs = (p.observacoes ?? '').trim();
  if (obs) linhas.push(`Obs.: ${obs}`);

  return linhas.join('\n');
}

/**
 * wa.me with the message: to the given phone, else the customer's, when it is a Brazilian
 * mobile (https://wa.me/55DDDNUMERO?text=…); otherwise https://wa.me/?text=… and the seller
 * picks the contact in WhatsApp.
 */
export function linkWhatsAppPedido(p: Pedido, empresa: string, telefone?: string): string {
  const numero = telefone?.trim() ? telefone : p.cliente?.telefone;
  const base = linkWhatsApp(numero) ?? 'https://wa.me/';
  return `${base}?text=${encodeURIComponent(textoWhatsApp(p, empresa))}`;
}
