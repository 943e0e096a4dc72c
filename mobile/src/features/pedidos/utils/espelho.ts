// The "espelho do pedido" made on the device, from the order it keeps (offline too): a pure
// description of its content (linhasEspelho, what the tests read) and the A4 PDF drawn from it
// with jsPDF, loaded only when a PDF is asked for (its own chunk, never in the first one).
// What the customer sees: never observacoes_internas.
import type { ItemPedido, Pedido } from '../../../lib/api/types';
import { numeroPedido, rotuloStatusPedido, rotuloTipoPedido } from '../../../entities/pedido/status';
import { hojeIso, formatarData, formatarDataHora } from '../../../lib/format/date';
import { formatarDocumento, normalizarDocumento, DOCUMENTO_INVALIDO } from '../../../lib/format/document';
import { centavosParaReais, formatarMoeda } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';

export interface ContextoEspelho {
  /** The company's name, at the top of every page. */
  empresa: string;
  /** The seller's name. */
  vendedor: string;
  /** When the PDF is made (default: now); in the footer. */
  geradoEm?: Date;
}

export interface BlocoEspelho {
  titulo: string;
  linhas: string[];
}

export interface ConteudoEspelho {
  /** "Espelho do pedido Nº 123", or "Pedido a enviar" before the server has numbered it. */
  titulo: string;
  empresa: string;
  /** "Data: …", "Status: …", "Tipo: …". */
  cabecalho: string[];
  cliente: BlocoEspelho;
  colunas: readonly string[];
  /** One row per item, a string per column. */
  itens: string[][];
  /** [label, amount]: products, IPI, ST, freight, total. */
  totais: [string, string][];
  /** Payment and delivery, seller, and the notes when there are any. */
  blocos: BlocoEspelho[];
  /** "Gerado em dd/mm/aaaa hh:mm". */
  rodape: string;
}

export { numeroPedido, rotuloStatusPedido, rotuloTipoPedido };

export function tituloEspelho(p: Pick<Pedido, 'numero'>): string {
  const n = numeroPedido(p);
  return n ? `Espelho do pedido Nº ${n}` : 'Pedido a enviar';
}

/** pedido-123.pdf, or pedido-a-enviar.pdf before the server has numbered it. */
export function nomeArquivoPdf(p: Pick<Pedido, 'numero'>): string {
  const n = numeroPedido(p);
  return n ? `pedido-${n}.pdf` : 'pedido-a-enviar.pdf';
}

/** "AAAA-MM-DD" (or a timestamp starting with it) → "DD/MM/AAAA"; '' when empty. */
export function dataCurta(v: string | null | undefined): string {
  const m = String(v ?? '').match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  return formatarData(v);
}

/** The day of an instant in America/Sao_Paulo, DD/MM/AAAA. */
function diaDoInstante(d: Date): string {
  const [a, m, dia] = hojeIso(d).split('-');
  return `${dia}/${m}/${a}`;
}

function instante(v: string | null | undefined): Date | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** CPF or CNPJ with its mask; as typed when it has neither shape. */
export function documentoCliente(doc: string | null | undefined): string {
  const v = normalizarDocumento(doc);
  if (!v) return '';
  const f = formatarDocumento(v);
  const rotulo = v.length === 11 ? 'CPF' : 'CNPJ';
  return `${rotulo}: ${f === DOCUMENTO_INVALIDO ? String(doc).trim() : f}`;
}

const big = (v: string | number | null | undefined): bigint => {
  const s = String(v ?? '').trim();
  return /^-?\d+$/.test(s) ? BigInt(s) : 0n;
};

/** An int64 quantity with pt-BR thousands ("1.200"). */
export function formatarQuantidade(q: string | number | null | undefined): string {
  return big(q).toLocaleString('pt-BR');
}

/**
 * The item's discount from list price to unit price, as the server composes it: each step
 * (table, promotion, volume, term) multiplies, the seller's and the flex entries add up to one
 * step. A term's surcharge is a negative entry. Without the applied steps, the one asked for.
 */
export function descontoDoItem(it: Pick<ItemPedido, 'descontos' | 'desconto_percentual'>): number {
  const ds = it.descontos ?? [];
  if (!ds.length) return it.desconto_percentual ?? 0;
  let fator = 1;
  let vendedor = 0;
  for (const d of ds) {
    if (d.origem === 'vendedor' || d.origem === 'flex') vendedor += d.percentual ?? 0;
    else fator *= 1 - (d.percentual ?? 0) / 100;
  }
  fator *= 1 - vendedor / 100;
  const r = Math.round((1 - fator) * 10_000) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/** The item's value (quantity × unit price, no taxes); computed when the order lacks it. */
export function valorDoItem(it: Pick<ItemPedido, 'valor_centavos' | 'preco_unitario_centavos' | 'quantidade'>): bigint {
  const v = big(it.valor_centavos);
  return v !== 0n ? v : big(it.preco_unitario_centavos) * big(it.quantidade);
}

export interface TotaisPedido {
  produtos: bigint;
  ipi: bigint;
  st: bigint;
  frete: bigint;
  total: bigint;
}

/**
 * The order's totals as it holds them; when a draft on the device has none yet (0 with priced
 * items), the sums of its items (what the customer pays: products + IPI + ST + freight).
 */
export function totaisPedido(p: Pedido): TotaisPedido {
  const itens = p.itens ?? [];
  const soma = (f: (it: ItemPedido) => bigint) => itens.reduce((s, it) => s + (it.bonificacao ? 0n : f(it)), 0n);
  const ou = (doPedido: string | undefined, calculado: () => bigint) => {
    const v = big(doPedido);
    return v !== 0n ? v : calculado();
  };
  const produtos = ou(p.total_produtos_centavos, () => soma(valorDoItem));
  const ipi = ou(p.total_ipi_centavos, () => soma((it) => big(it.ipi_centavos)));
  const st = ou(p.total_st_centavos, () => soma((it) => big(it.st_centavos)));
  const frete = big(p.frete_centavos);
  const total = ou(p.total_centavos, () => produtos + ipi + st + frete);
  return { produtos, ipi, st, frete, total };
}

const moeda = (c: bigint) => formatarMoeda(c.toString());
const reais = (c: string | null | undefined) => centavosParaReais(big(c).toString());

export const COLUNAS_ESPELHO = ['Código', 'Descrição', 'Un', 'Qtd', 'Preço lista', 'Desc. %', 'Preço unit.', 'IPI', 'ST', 'Total'] as const;

function linhaItem(it: ItemPedido): string[] {
  const comum = [it.codigo ?? '', it.descricao ?? '', it.unidade ?? '', formatarQuantidade(it.quantidade), reais(it.preco_lista_centavos)];
  if (it.bonificacao) return [...comum, '-', '-', '-', '-', 'Bonificação'];
  const total = big(it.total_centavos) !== 0n ? big(it.total_centavos) : valorDoItem(it) + big(it.ipi_centavos) + big(it.st_centavos);
  return [
    ...comum,
    formatarPercentual(descontoDoItem(it)),
    reais(it.preco_unitario_centavos),
    reais(it.ipi_centavos),
    reais(it.st_centavos),
    centavosParaReais(total.toString()),
  ];
}

/** The espelho's content, every string as printed (the PDF only lays it out). */
export function linhasEspelho(p: Pedido, ctx: ContextoEspelho): ConteudoEspelho {
  const geradoEm = ctx.geradoEm ?? new Date();
  const c = p.cliente ?? ({} as Partial<Pedido['cliente']>);
  const criado = instante(p.criado_em) ?? geradoEm;

  const cabecalho = [`Data: ${diaDoInstante(criado)}`, `Status: ${rotuloStatusPedido(p.status ?? '')}`];
  if (p.tipo && p.tipo !== 'venda') cabecalho.push(`Tipo: ${rotuloTipoPedido(p.tipo)}`);

  const cliente: string[] = [c.nome || 'Cliente sem nome'];
  const doc = documentoCliente(c.documento);
  if (doc) cliente.push(doc);
  if (c.inscricao_estadual?.trim()) cliente.push(`IE: ${c.inscricao_estadual.trim()}`);
  if (c.uf?.trim()) cliente.push(`UF: ${c.uf.trim()}`);
  if (c.suframa?.trim()) cliente.push(`Suframa: ${c.suframa.trim()}`);

  const t = totaisPedido(p);
  const totais: [string, string][] = [
    ['Produtos', moeda(t.produtos)],
    ['IPI', moeda(t.ipi)],
    ['ST', moeda(t.st)],
    ['Frete', moeda(t.frete)],
    ['Total', moeda(t.total)],
  ];

  const pagamento: string[] = [];
  if (p.condicao_nome?.trim()) pagamento.push(`Condição de pagamento: ${p.condicao_nome.trim()}`);
  if (p.forma_pagamento?.trim()) pagamento.push(`Forma de pagamento: ${p.forma_pagamento.trim()}`);
  const entrega = dataCurta(p.data_entrega);
  pagamento.push(`Data de entrega: ${entrega || 'a combinar'}`);

  const blocos: BlocoEspelho[] = [
    { titulo: 'Pagamento e entrega', linhas: pagamento },
    { titulo: 'Vendedor', linhas: [ctx.vendedor || '-'] },
  ];
  const obs = (p.observacoes ?? '').trim();
  if (obs) blocos.push({ titulo: 'Observações', linhas: obs.split(/\r?\n/) });

  return {
    titulo: tituloEspelho(p),
    empresa: ctx.empresa,
    cabecalho,
    cliente: { titulo: 'Cliente', linhas: cliente },
    colunas: COLUNAS_ESPELHO,
    itens: (p.itens ?? []).map(linhaItem),
    totais,
    blocos,
    rodape: `Gerado em ${formatarDataHora(geradoEm)}`,
  };
}

// --- The PDF ---------------------------------------------------------------------------------

/**
 * jsPDF's standard fonts (Helvetica) write Latin-1 only and drop anything else: dashes and
 * quotes become their ASCII kin, other characters "?".
 */
export function paraLatin1(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/\u2022/g, '-')
    .replace(/[\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, '')
    .replace(/[^\u0000-\u00FF]/gu, '?');
}

type Alinhamento = 'left' | 'right';
const LARGURAS = [18, 50, 9, 12, 19, 12, 19, 15, 15, 21]; // mm, 190 in all
const ALINHAR: Alinhamento[] = ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'];
const MARGEM = 10;
const PT = 0.3528; // mm per point
const FONTE_TABELA = 7;

/** The A4 PDF of the espelho: header on every page, "Página X de Y" in the footer. */
export async function espelhoPdf(p: Pedido, ctx: ContextoEspelho): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const e = linhasEspelho(p, ctx);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: paraLatin1(`${e.titulo} - ${e.empresa}`), creator: 'CRM Vendas' });
  doc.setLineHeightFactor(1.2);

  const largura = doc.internal.pageSize.getWidth();
  const altura = doc.internal.pageSize.getHeight();
  const direita = largura - MARGEM;
  const fundo = altura - 14; // content ends here; the footer below
  const alturaLinha = (tamanho: number) => tamanho * PT * 1.2;

  const fonte = (tamanho: number, estilo: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', estilo);
    doc.setFontSize(tamanho);
  };
  const escrever = (texto: string, x: number, yy: number, alinhar: Alinhamento = 'left') =>
    doc.text(paraLatin1(texto), x, yy, { align: alinhar, baseline: 'top' });
  const quebrar = (texto: string, mm: number): string[] => doc.splitTextToSize(paraLatin1(texto), mm) as string[];

  let y = 0;

  const cabecalhoPagina = () => {
    y = MARGEM;
    fonte(10, 'bold');
    const empresa = quebrar(e.empresa, 120)[0] ?? '';
    doc.text(empresa, MARGEM, y, { baseline: 'top' });
    fonte(8);
    e.cabecalho.forEach((l, i) => escrever(l, direita, y + i * alturaLinha(8), 'right'));
    y += alturaLinha(10) + 1;
    fonte(14, 'bold');
    escrever(e.titulo, MARGEM, y);
    y = Math.max(y + alturaLinha(14), MARGEM + e.cabecalho.length * alturaLinha(8)) + 1.5;
    doc.setLineWidth(0.3);
    doc.line(MARGEM, y, direita, y);
    y += 3;
  };

  const novaPagina = () => {
    doc.addPage();
    cabecalhoPagina();
  };

  const garantir = (mm: number) => {
    if (y + mm > fundo) novaPagina();
  };

  const bloco = (b: BlocoEspelho) => {
    garantir(alturaLinha(9) + alturaLinha(8) + 1);
    fonte(9, 'bold');
    escrever(b.titulo, MARGEM, y);
    y += alturaLinha(9) + 0.5;
    fonte(8);
    for (const l of b.linhas) {
      for (const parte of l.trim() ? quebrar(l, direita - MARGEM) : ['']) {
        garantir(alturaLinha(8));
        doc.text(parte, MARGEM, y, { baseline: 'top' });
        y += alturaLinha(8);
      }
    }
    y += 2.5;
  };

  // One cell: the description and the code wrap (up to 3 and 2 lines); a number that does not
  // fit its column is written smaller.
  const celulas = (linha: string[]): string[][] =>
    linha.map((v, i) => {
      const max = i === 1 ? 3 : i === 0 ? 2 : 1;
      if (max === 1) return [paraLatin1(v)];
      const partes = quebrar(v, LARGURAS[i] - 1.5);
      if (partes.length <= max) return partes;
      const cortadas = partes.slice(0, max);
      cortadas[max - 1] = `${cortadas[max - 1].replace(/.{0,3}$/, '')}...`;
      return cortadas;
    });

  const desenharLinha = (linha: string[], negrito: boolean) => {
    fonte(FONTE_TABELA, negrito ? 'bold' : 'normal');
    const cs = celulas(linha);
    const linhas = Math.max(...cs.map((c) => c.length));
    const h = linhas * alturaLinha(FONTE_TABELA) + 1.6;
    if (y + h > fundo) {
      novaPagina();
      if (!negrito) desenharLinha([...e.colunas], true);
      fonte(FONTE_TABELA, negrito ? 'bold' : 'normal');
    }
    let x = MARGEM;
    cs.forEach((partes, i) => {
      const w = LARGURAS[i];
      const alinhar = ALINHAR[i];
      const tx = alinhar === 'right' ? x + w - 0.75 : x + 0.75;
      partes.forEach((parte, k) => {
        let tamanho = FONTE_TABELA;
        while (tamanho > 5 && doc.getTextWidth(parte) > w - 1.5) doc.setFontSize(--tamanho);
        doc.text(parte, tx, y + 0.8 + k * alturaLinha(FONTE_TABELA), { align: alinhar, baseline: 'top' });
        if (tamanho !== FONTE_TABELA) doc.setFontSize(FONTE_TABELA);
      });
      x += w;
    });
    y += h;
    doc.setLineWidth(negrito ? 0.3 : 0.1);
    doc.line(MARGEM, y, direita, y);
  };

  cabecalhoPagina();
  bloco(e.cliente);

  garantir(4 * alturaLinha(FONTE_TABELA));
  desenharLinha([...e.colunas], true);
  if (e.itens.length) for (const l of e.itens) desenharLinha(l, false);
  else {
    fonte(8);
    escrever('Pedido sem itens.', MARGEM, y + 1);
    y += alturaLinha(8) + 1;
  }
  y += 3;

  // Totals on the right, the total in bold.
  garantir(e.totais.length * alturaLinha(9) + 2);
  e.totais.forEach(([rotulo, valor], i) => {
    const ultimo = i === e.totais.length - 1;
    fonte(ultimo ? 10 : 9, ultimo ? 'bold' : 'normal');
    if (ultimo) {
      doc.setLineWidth(0.2);
      doc.line(direita - 70, y - 0.5, direita, y - 0.5);
    }
    escrever(rotulo, direita - 70, y);
    escrever(valor, direita, y, 'right');
    y += alturaLinha(ultimo ? 10 : 9) + (ultimo ? 0 : 0.3);
  });
  y += 4;

  for (const b of e.blocos) bloco(b);

  const paginas = doc.getNumberOfPages();
  for (let i = 1; i <= paginas; i++) {
    doc.setPage(i);
    fonte(7);
    doc.setLineWidth(0.1);
    doc.line(MARGEM, altura - 10.5, direita, altura - 10.5);
    escrever(`${e.rodape} - ${e.titulo}`, MARGEM, altura - 9);
    escrever(`Página ${i} de ${paginas}`, direita, altura - 9, 'right');
  }

  return doc.output('blob');
}
