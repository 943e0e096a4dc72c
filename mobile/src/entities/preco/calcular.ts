// Pricing on the device: a line-for-line mirror of the server's pure pricing function
// (services/sales/internal/domain/preco.go, Precificar and PrecificarPedido), so a draft priced
// offline shows what the server will compute. Both run the same cases (contracts/precos.json);
// change one, change the other, and add the case.
//
// Money is integer centavos and every product, ratio and rounding of the money path is done on
// BigInt: no float ever touches an amount. Percentages arrive as JSON numbers with at most two
// decimals (7.5 = 7,5 %) and are turned at once into integer hundredths (750).
//
// The rules (the server's doc comment and services/sales/README.md, "Como o preço é calculado"):
// - the table: the customer's > its region's > its state's (UF) > the default, among the valid
//   ones on the date (bounds inclusive); ties: the latest validade_inicio, then the smaller id; a
//   product missing from that table is not sold to the customer;
// - discounts compound in a fixed order, each on what the previous left:
//   tabela → promocao → volume → vendedor (+ flex) → condicao; the best promotion and the best
//   volume discount reached apply (ties: the smaller id); the seller's discount is one step,
//   shown as `vendedor` (up to the cap) plus `flex` (the rest) when the company runs flex; the
//   payment term's % applies last, on the net unit price;
// - rounding half to even, to the centavo, only at: the net unit price (once), IPI, ST base,
//   ICMS próprio, base × internal rate, flex; line value = unit price × quantity; the order sums
//   rounded lines;
// - IPI = value × rate (none with Suframa); ICMS-ST for contributors with a matching rule (longest
//   NCM prefix): base = (value + IPI) × (1 + MVA) × (1 − reduction), with the MVA adjusted
//   between states as (1 + MVA) × (1 − interstate) / (1 − ALQ intra) − 1 (exact) unless the
//   company is Simples Nacional or the rule says otherwise (ajuste_mva; ALQ intra effective after
//   the reduction with aliquota_intra_efetiva), ICMS próprio = value × the rate of the sale (in an
//   in-state CST 70 sale, propria_e_st: the reduced own base × internal rate), ST = max(0, base ×
//   internal − próprio).
import { condicaoParaOCliente } from '../../lib/contratos/pedidos.gen';

export type Origem = 'tabela' | 'promocao' | 'volume' | 'vendedor' | 'flex' | 'condicao';

export type MotivoAviso = 'DESCONTO_ACIMA_DO_LIMITE' | 'PRECO_ABAIXO_DO_MINIMO' | 'PEDIDO_ABAIXO_DO_MINIMO' | 'SALDO_FLEX_INSUFICIENTE';

export type MotivoErro =
  | 'SEM_TABELA_DE_PRECO'
  | 'PRODUTO_FORA_DA_TABELA'
  | 'PRODUTO_INATIVO'
  | 'QUANTIDADE_INVALIDA'
  | 'DESCONTO_INVALIDO'
  | 'CONDICAO_NAO_PERMITIDA'
  | 'REGRA_INVALIDA'
  | 'VALOR_FORA_DO_LIMITE'
  // A product id the device (or the company) does not have.
  | 'NAO_ENCONTRADO';

/** A date as "AAAA-MM-DD" (the day in America/Sao_Paulo); such strings compare as dates. */
export type Data = string;

export interface Produto {
  id: string;
  codigo: string;
  descricao?: string;
  marca?: string;
  grupo: string;
  unidade?: string;
  multiplo_venda: number;
  ean?: string;
  ncm: string;
  ipi_percentual: number;
  peso_gramas?: number;
  ativo: boolean;
}

export interface Cliente {
  id: string;
  uf: string;
  regiao_id?: string;
  suframa?: string;
  contribuinte_icms?: boolean;
}

export interface PrecoTabela {
  preco_centavos: number;
  preco_minimo_centavos?: number;
}

export interface TabelaPreco {
  id: string;
  nome?: string;
  padrao?: boolean;
  validade_inicio?: Data;
  validade_fim?: Data;
  clientes?: string[];
  regioes?: string[];
  ufs?: string[];
  desconto_percentual?: number;
  precos: Record<string, PrecoTabela>;
}

export interface Promocao {
  id: string;
  produto_id?: string;
  grupo?: string;
  percentual: number;
  inicio?: Data;
  fim?: Data;
}

export interface DescontoVolume {
  id: string;
  produto_id?: string;
  grupo?: string;
  quantidade_minima: number;
  percentual: number;
}

export interface LimiteGrupo {
  grupo: string;
  desconto_maximo_percentual: number;
}

export interface Vendedor {
  id: string;
  desconto_maximo_percentual: number;
  saldo_flex_centavos?: number;
  pedido_minimo_centavos?: number;
}

/**
 * The seller as pricing sees them: the policy's flex balance plus what the counting orders did to
 * it (`flexPedidos`, the seller's entry of the policy's flex_pedidos_centavos). The server does the
 * same (domain.Vendedor.ComFlexDosPedidos; contracts/precos.json, flex_pedidos_centavos).
 */
export function comFlexDosPedidos(v: Vendedor, flexPedidos: number): Vendedor {
  return { ...v, saldo_flex_centavos: (v.saldo_flex_centavos ?? 0) + flexPedidos };
}

export interface RegraST {
  id: string;
  ncm: string;
  uf: string;
  mva_percentual: number;
  aliquota_interna_percentual: number;
  aliquota_interestadual_percentual: number;
  reducao_base_percentual?: number;
  /** What the reduction reduces: 'st' (the ST base only; also when absent) or 'propria_e_st' (CST 70: in an in-state sale, the own ICMS base too). */
  reducao_base_tipo?: string;
  /** When an interstate sale adjusts the MVA: 'sempre' (also when absent), 'se_interna_maior' (only when ALQ intra is above the interstate rate) or 'nao'. */
  ajuste_mva?: string;
  /** ALQ intra of the adjustment is the effective rate after the base reduction. */
  aliquota_intra_efetiva?: boolean;
}

export interface Politica {
  uf_origem: string;
  tabelas: TabelaPreco[];
  promocoes?: Promocao[];
  descontos_volume?: DescontoVolume[];
  limites_grupo?: LimiteGrupo[];
  vendedor: Vendedor;
  flex_permitido?: boolean;
  regras_st?: RegraST[];
  /** The company is optante pelo Simples Nacional: its interstate ST uses the original MVA. */
  simples_nacional?: boolean;
}

export interface CondicaoPagamento {
  id: string;
  nome: string;
  parcelas_dias?: number[];
  forma?: string;
  acrescimo_percentual?: number;
  valor_minimo_centavos?: number;
  usa_limite_credito?: boolean;
  clientes?: string[];
}

export interface Linha {
  produto: Produto;
  quantidade: number;
  desconto_percentual?: number;
}

export interface Desconto {
  origem: Origem;
  percentual: number;
  regra_id: string;
}

export interface Aviso {
  motivo: MotivoAviso;
  mensagem: string;
  produto_id?: string;
}

export interface ResultadoLinha {
  produto_id: string;
  quantidade: number;
  tabela_id: string;
  preco_lista_centavos: number;
  descontos: Desconto[];
  preco_unitario_centavos: number;
  valor_centavos: number;
  ipi_centavos: number;
  base_st_centavos: number;
  icms_proprio_centavos: number;
  st_centavos: number;
  total_centavos: number;
  flex_centavos: number;
  avisos: Aviso[];
}

export interface ResultadoPedido {
  itens: ResultadoLinha[];
  total_produtos_centavos: number;
  total_ipi_centavos: number;
  total_st_centavos: number;
  total_centavos: number;
  flex_centavos: number;
  avisos: Aviso[];
}

export interface CampoComErro {
  campo: string;
  descricao: string;
}

/** A line or order that cannot be priced: the server's motivo, message and fields. */
export class ErroPreco extends Error {
  readonly motivo: MotivoErro;
  readonly campos: CampoComErro[];
  constructor(motivo: MotivoErro, mensagem: string, campos: CampoComErro[]) {
    super(mensagem);
    this.name = 'ErroPreco';
    this.motivo = motivo;
    this.campos = campos;
  }
}

/** 100 % in hundredths. */
const CEM = 10000;
const CEM_N = 10000n;
/** The largest figure: 2^53 − 1 centavos, the largest integer a JSON number holds exactly. */
export const LIMITE_CENTAVOS = Number.MAX_SAFE_INTEGER;

/** A percentage (at most 2 decimals) as integer hundredths: 7.5 → 750. */
export function centesimos(x: number | undefined): number {
  if (x === undefined || x === null) return 0;
  const c = Math.round(x * 100);
  if (!Number.isFinite(x) || Math.abs(x * 100 - c) > 1e-6) throw new RangeError(`percentual inválido (no máximo 2 casas decimais): ${x}`);
  return c;
}

function centavos(x: number | undefined): bigint {
  if (x === undefined || x === null) return 0n;
  if (!Number.isSafeInteger(x)) throw new RangeError(`valor em centavos inválido: ${x}`);
  return BigInt(x);
}

/** Hundredths as the JSON number: 750 → 7.5 (exactly what parsing "7.5" gives). */
function comoNumero(c: number): number {
  return c / 100;
}

/** Hundredths as a user reads them: 750 → "7,5%", 1225 → "12,25%", 500 → "5%". */
export function formatarPercentual(c: number): string {
  const neg = c < 0;
  const a = Math.abs(c);
  let s = String(Math.trunc(a / 100));
  const f = a % 100;
  if (f !== 0) s += ',' + (f < 10 ? '0' + f : String(f).replace(/0+$/, ''));
  return (neg ? '-' : '') + s + '%';
}

/** Centavos as "R$ 1.234,56" (written by hand, not Intl, so the text is the server's to the character). */
export function formatarCentavos(c: number): string {
  const neg = c < 0;
  const a = Math.abs(c);
  const reais = String(Math.trunc(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cent = a % 100;
  return (neg ? '-' : '') + 'R$ ' + reais + ',' + (cent < 10 ? '0' : '') + cent;
}

/** num / den (den > 0) rounded half to even: 2.5 → 2, 3.5 → 4, −2.5 → −2. */
export function dividirPar(num: bigint, den: bigint): bigint {
  const q = num / den; // truncated toward zero
  const r = num % den;
  if (r === 0n) return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  if (dobro > den || (dobro === den && q % 2n !== 0n)) return num < 0n ? q - 1n : q + 1n;
  return q;
}

/** 10000 − p: the numerator of (1 − p) over 10000. */
function fator(p: number): bigint {
  return BigInt(CEM - p);
}

function vigente(d: Data, inicio: Data | undefined, fim: Data | undefined): boolean {
  return (!inicio || d >= inicio) && (!fim || d <= fim);
}

function nomeProduto(p: Produto): string {
  return p.codigo || p.id;
}

function erroLinha(campo: string, motivo: MotivoErro, mensagem: string): ErroPreco {
  return new ErroPreco(motivo, mensagem, [{ campo, descricao: mensagem }]);
}

function regraInvalida(id: string, oque: string): ErroPreco {
  return new ErroPreco('REGRA_INVALIDA', `Regra de preço ${id} inválida (${oque}). Avise o administrador.`, []);
}

/** The table that applies to the customer on the date (undefined: none). */
export function tabelaDoCliente(c: Cliente, tabelas: TabelaPreco[], data: Data): TabelaPreco | undefined {
  const nivel = (t: TabelaPreco): number => {
    if (c.id && t.clientes?.includes(c.id)) return 4;
    if (c.regiao_id && t.regioes?.includes(c.regiao_id)) return 3;
    if (c.uf && t.ufs?.includes(c.uf)) return 2;
    if (t.padrao) return 1;
    return 0;
  };
  let melhor: TabelaPreco | undefined;
  let melhorNivel = 0;
  for (const t of tabelas) {
    if (!vigente(data, t.validade_inicio, t.validade_fim)) continue;
    const n = nivel(t);
    if (n === 0) continue;
    const ini = t.validade_inicio ?? '';
    const iniMelhor = melhor?.validade_inicio ?? '';
    if (!melhor || n > melhorNivel || (n === melhorNivel && (ini > iniMelhor || (ini === iniMelhor && t.id < melhor.id)))) {
      melhor = t;
      melhorNivel = n;
    }
  }
  return melhor;
}

function maior<T extends { id: string; percentual: number }>(atual: T | undefined, x: T): boolean {
  if (!atual) return true;
  const a = centesimos(atual.percentual);
  const b = centesimos(x.percentual);
  return b > a || (b === a && x.id < atual.id);
}

function melhorPromocao(p: Produto, promocoes: Promocao[] | undefined, data: Data): Promocao | undefined {
  let m: Promocao | undefined;
  for (const x of promocoes ?? []) {
    const aplica = (!!x.produto_id && x.produto_id === p.id) || (!x.produto_id && !!x.grupo && x.grupo === p.grupo);
    if (!aplica || !vigente(data, x.inicio, x.fim)) continue;
    if (maior(m, x)) m = x;
  }
  return m;
}

function melhorVolume(p: Produto, qtd: number, volumes: DescontoVolume[] | undefined): DescontoVolume | undefined {
  let m: DescontoVolume | undefined;
  for (const x of volumes ?? []) {
    const aplica =
      (!!x.produto_id && x.produto_id === p.id) || (!x.produto_id && !!x.grupo && x.grupo === p.grupo) || (!x.produto_id && !x.grupo);
    if (!aplica || qtd < x.quantidade_minima) continue;
    if (maior(m, x)) m = x;
  }
  return m;
}

/** The cap of the seller's discount on a line of the product, in hundredths. */
export function limiteDoVendedor(p: Produto, pol: Politica): number {
  let limite = centesimos(pol.vendedor.desconto_maximo_percentual);
  for (const g of pol.limites_grupo ?? []) {
    const m = centesimos(g.desconto_maximo_percentual);
    if (g.grupo === p.grupo && m < limite) limite = m;
  }
  return limite;
}

/** The ST rule for the product sold to the customer's UF: the longest NCM prefix (ties: the smaller id). */
export function regraSTPara(p: Produto, c: Cliente, regras: RegraST[] | undefined): RegraST | undefined {
  let m: RegraST | undefined;
  for (const x of regras ?? []) {
    if (x.uf !== c.uf || !x.ncm || !p.ncm.startsWith(x.ncm)) continue;
    if (!m || x.ncm.length > m.ncm.length || (x.ncm.length === m.ncm.length && x.id < m.id)) m = x;
  }
  return m;
}

function regraSTValida(r: RegraST): boolean {
  const interna = centesimos(r.aliquota_interna_percentual);
  const inter = centesimos(r.aliquota_interestadual_percentual);
  const reducao = centesimos(r.reducao_base_percentual);
  return (
    r.ncm.length >= 2 &&
    r.ncm.length <= 8 &&
    /^\d+$/.test(r.ncm) &&
    r.uf.length === 2 &&
    centesimos(r.mva_percentual) >= 0 &&
    centesimos(r.mva_percentual) <= 10 * CEM &&
    interna >= 0 &&
    interna < CEM &&
    inter >= 0 &&
    inter < CEM &&
    reducao >= 0 &&
    reducao <= CEM &&
    ['', 'st', 'propria_e_st'].includes(r.reducao_base_tipo ?? '') &&
    (r.reducao_base_tipo !== 'propria_e_st' || reducao > 0) &&
    ['', 'sempre', 'se_interna_maior', 'nao'].includes(r.ajuste_mva ?? '') &&
    (!r.aliquota_intra_efetiva || reducao > 0)
  );
}

/** ALQ intra of the MVA adjustment over 10000²: the internal rate, or the effective rate after the reduction when the rule says so. */
function alqIntra(r: RegraST): bigint {
  const interna = BigInt(centesimos(r.aliquota_interna_percentual));
  return r.aliquota_intra_efetiva ? interna * fator(centesimos(r.reducao_base_percentual)) : interna * CEM_N;
}

/**
 * Whether an interstate sale under the rule uses the adjusted MVA (the server's mvaAjustada): never for a
 * Simples Nacional sender, never with ajuste_mva 'nao', with 'se_interna_maior' only when ALQ intra is above
 * the interstate rate, else always.
 */
function mvaAjustada(r: RegraST, pol: Politica): boolean {
  if (pol.simples_nacional || r.ajuste_mva === 'nao') return false;
  if (r.ajuste_mva === 'se_interna_maior') return alqIntra(r) > BigInt(centesimos(r.aliquota_interestadual_percentual)) * CEM_N;
  return true;
}

function condicaoPermitida(c: Cliente, cond: CondicaoPagamento | null | undefined): void {
  if (!cond || !cond.id || condicaoParaOCliente(cond.clientes, c.id)) {
    const a = centesimos(cond?.acrescimo_percentual);
    if (a < -CEM || a > CEM) {
      throw erroLinha('condicao_id', 'REGRA_INVALIDA', `Condição de pagamento ${cond?.nome ?? ''} inválida: acréscimo fora de -100% a 100%.`);
    }
    return;
  }
  throw erroLinha('condicao_id', 'CONDICAO_NAO_PERMITIDA', `Condição de pagamento ${cond.nome} não está disponível para este cliente.`);
}

/** Prices one line (the server's Precificar). Throws ErroPreco. */
export function precificar(l: Linha, c: Cliente, cond: CondicaoPagamento | null | undefined, pol: Politica, data: Data): ResultadoLinha {
  condicaoPermitida(c, cond);
  return precificarLinha(l, c, cond, pol, data);
}

// precificarLinha prices one line in the README's steps, one function each, as the server's
// precificar: 2 errosDaLinha, 1 tabelaDaLinha, 3 descontosDaLinha, 5 ipiDaLinha, 6 icmsSTDaLinha,
// 8 resultadoDaLinha and 7 avisosDaLinha (step 4, rounding, is dividirPar at each of its points).
function precificarLinha(l: Linha, c: Cliente, cond: CondicaoPagamento | null | undefined, pol: Politica, data: Data): ResultadoLinha {
  errosDaLinha(l);
  const { tab, preco, lista } = tabelaDaLinha(l.produto, c, pol, data);
  const cas = descontosDaLinha(l, tab, lista, cond, pol, data);
  const ipi = ipiDaLinha(cas.valor, l.produto, c);
  const st = icmsSTDaLinha(cas.valor, ipi, l.produto, c, pol);
  const r = resultadoDaLinha(l, tab, lista, cas, ipi, st);
  r.avisos = avisosDaLinha(l, cond, pol, preco, cas, r.preco_unitario_centavos);
  return r;
}

/** Step 2 for the line itself: inactive product, quantity, discount of 100 % or more (or surcharge over 100 %). */
function errosDaLinha(l: Linha): void {
  const p = l.produto;
  const nome = nomeProduto(p);
  if (!p.ativo) throw erroLinha('produto_id', 'PRODUTO_INATIVO', `Produto ${nome} está inativo e não pode ser vendido.`);
  const multiplo = Math.max(p.multiplo_venda, 1);
  if (l.quantidade <= 0) throw erroLinha('quantidade', 'QUANTIDADE_INVALIDA', `Quantidade do produto ${nome} deve ser maior que zero.`);
  if (l.quantidade % multiplo !== 0) {
    throw erroLinha('quantidade', 'QUANTIDADE_INVALIDA', `Quantidade do produto ${nome} deve ser múltiplo de ${multiplo} (ex.: ${multiplo}, ${2 * multiplo}).`);
  }
  const d = centesimos(l.desconto_percentual);
  if (d >= CEM) throw erroLinha('desconto_percentual', 'DESCONTO_INVALIDO', `Desconto do produto ${nome} deve ser menor que 100%.`);
  if (d < -CEM) throw erroLinha('desconto_percentual', 'DESCONTO_INVALIDO', `Acréscimo do produto ${nome} deve ser de no máximo 100%.`);
}

/** Step 1: the customer's table on the date and the product's price in it. */
function tabelaDaLinha(p: Produto, c: Cliente, pol: Politica, data: Data): { tab: TabelaPreco; preco: PrecoTabela; lista: bigint } {
  const tab = tabelaDoCliente(c, pol.tabelas, data);
  if (!tab) throw erroLinha('produto_id', 'SEM_TABELA_DE_PRECO', 'Nenhuma tabela de preço vigente para este cliente.');
  const preco = Object.prototype.hasOwnProperty.call(tab.precos, p.id) ? tab.precos[p.id] : undefined;
  if (!preco) throw erroLinha('produto_id', 'PRODUTO_FORA_DA_TABELA', `Produto ${nomeProduto(p)} não está na tabela de preço deste cliente.`);
  const lista = centavos(preco.preco_centavos);
  if (lista < 0n) throw regraInvalida(tab.id, 'preço');
  return { tab, preco, lista };
}

/** What step 3 leaves: the discounts in hundredths, in order (zero ones left out), the cap and the exact figures rounded once. */
interface Cascata {
  descontos: { origem: Origem; pc: number; regra: string }[];
  limite: number;
  unit: bigint;
  valor: bigint;
  flex: bigint;
}

/** Step 3: tabela → promoção → volume → vendedor (+ flex) → condição, and the net unit price rounded once. */
function descontosDaLinha(l: Linha, tab: TabelaPreco, lista: bigint, cond: CondicaoPagamento | null | undefined, pol: Politica, data: Data): Cascata {
  const p = l.produto;
  const d = centesimos(l.desconto_percentual);
  const descontos: Cascata['descontos'] = [];
  const add = (origem: Origem, pc: number, regra: string) => {
    if (pc !== 0) descontos.push({ origem, pc, regra });
  };
  add('tabela', centesimos(tab.desconto_percentual), tab.id);
  const promo = melhorPromocao(p, pol.promocoes, data);
  if (promo) add('promocao', centesimos(promo.percentual), promo.id);
  const vol = melhorVolume(p, l.quantidade, pol.descontos_volume);
  if (vol) add('volume', centesimos(vol.percentual), vol.id);
  for (const x of descontos) {
    if (x.pc < -CEM || x.pc > CEM) throw regraInvalida(x.regra, 'percentual');
  }
  const antesVendedor = descontos.length;

  // The seller's step, against the cap (over it without flex: a warning of step 7).
  const limite = limiteDoVendedor(p, pol);
  const flexPermitido = !!pol.flex_permitido;
  if (d > limite && flexPermitido) {
    add('vendedor', limite, pol.vendedor.id);
    add('flex', d - limite, pol.vendedor.id);
  } else {
    add('vendedor', d, pol.vendedor.id);
  }
  const acrescimo = centesimos(cond?.acrescimo_percentual);
  add('condicao', -acrescimo, cond?.id ?? '');

  // Net unit price: list × Π(10000 − pᵢ) × (10000 − d) × (10000 + acréscimo) / 10000^(k+2), rounded once.
  let base = lista;
  let denBase = 1n;
  for (const x of descontos.slice(0, antesVendedor)) {
    base *= fator(x.pc);
    denBase *= CEM_N;
  }
  const unit = dividirPar(base * fator(d) * fator(-acrescimo), denBase * CEM_N * CEM_N);
  const qtd = BigInt(l.quantidade);
  const valor = unit * qtd;

  let pcFlex = 0;
  if (flexPermitido) {
    if (d > limite) pcFlex = -(d - limite);
    else if (d < 0) pcFlex = -d;
  }
  const flex = dividirPar(base * BigInt(pcFlex) * qtd, denBase * CEM_N);
  return { descontos, limite, unit, valor, flex };
}

/** Step 5: value × the product's IPI rate; none with Suframa. */
function ipiDaLinha(valor: bigint, p: Produto, c: Cliente): bigint {
  return c.suframa ? 0n : dividirPar(valor * BigInt(centesimos(p.ipi_percentual)), CEM_N);
}

/** What step 6 leaves (all zero without ST). */
interface STLinha {
  base: bigint;
  proprio: bigint;
  st: bigint;
}

/**
 * Step 6: ICMS-ST for a contributor with a rule for the product's NCM and its UF (the server's icmsSTDaLinha):
 * base = (value + IPI) × (1 + MVA) × (1 − reduction), × (1 − inter) / (1 − ALQ intra) between states when
 * mvaAjustada; ICMS próprio = value × the sale's rate, or in an in-state CST 70 sale (propria_e_st) the
 * reduced own base (rounded) × internal rate; ST = max(0, base × internal − próprio).
 */
function icmsSTDaLinha(valor: bigint, ipi: bigint, p: Produto, c: Cliente, pol: Politica): STLinha {
  const regra = regraSTPara(p, c, pol.regras_st);
  if (!regra || !c.contribuinte_icms) return { base: 0n, proprio: 0n, st: 0n };
  if (!regraSTValida(regra)) throw regraInvalida(regra.id, 'regra de ICMS-ST');
  if (!pol.uf_origem) throw regraInvalida(regra.id, 'UF de origem da empresa');
  const interna = BigInt(centesimos(regra.aliquota_interna_percentual));
  const inter = centesimos(regra.aliquota_interestadual_percentual);
  const reducao = centesimos(regra.reducao_base_percentual);
  const interestadual = pol.uf_origem !== c.uf;
  let n = (valor + ipi) * BigInt(CEM + centesimos(regra.mva_percentual)) * fator(reducao);
  let dn = CEM_N * CEM_N;
  if (interestadual && mvaAjustada(regra, pol)) {
    n *= fator(inter) * CEM_N;
    dn *= CEM_N * CEM_N - alqIntra(regra);
  }
  const base = dividirPar(n, dn);
  let proprio: bigint;
  if (interestadual) proprio = dividirPar(valor * BigInt(inter), CEM_N);
  else if (regra.reducao_base_tipo === 'propria_e_st') proprio = dividirPar(dividirPar(valor * fator(reducao), CEM_N) * interna, CEM_N);
  else proprio = dividirPar(valor * interna, CEM_N);
  let st = dividirPar(base * interna, CEM_N) - proprio;
  if (st < 0n) st = 0n;
  return { base, proprio, st };
}

/** Step 8: the line's figures (total = value + IPI + ST), each within 2^53 − 1. */
function resultadoDaLinha(l: Linha, tab: TabelaPreco, lista: bigint, cas: Cascata, ipi: bigint, st: STLinha): ResultadoLinha {
  const total = cas.valor + ipi + st.st;
  const limiteN = BigInt(LIMITE_CENTAVOS);
  for (const v of [cas.unit, cas.valor, ipi, st.base, st.proprio, st.st, total, cas.flex]) {
    if (v > limiteN || v < -limiteN) throw erroLinha('quantidade', 'VALOR_FORA_DO_LIMITE', `Valor do produto ${nomeProduto(l.produto)} grande demais.`);
  }
  return {
    produto_id: l.produto.id,
    quantidade: l.quantidade,
    tabela_id: tab.id,
    preco_lista_centavos: Number(lista),
    descontos: cas.descontos.map((x) => ({ origem: x.origem, percentual: comoNumero(x.pc), regra_id: x.regra })),
    preco_unitario_centavos: Number(cas.unit),
    valor_centavos: Number(cas.valor),
    ipi_centavos: Number(ipi),
    base_st_centavos: Number(st.base),
    icms_proprio_centavos: Number(st.proprio),
    st_centavos: Number(st.st),
    total_centavos: Number(total),
    flex_centavos: Number(cas.flex),
    avisos: [],
  };
}

/**
 * Step 7 for the line: the seller's discount over the cap without flex, then a price under the
 * table's minimum — naming the company's steps that led there (passosAbaixoDoMinimo) when any did.
 */
function avisosDaLinha(l: Linha, cond: CondicaoPagamento | null | undefined, pol: Politica, preco: PrecoTabela, cas: Cascata, unitario: number): Aviso[] {
  const p = l.produto;
  const nome = nomeProduto(p);
  const d = centesimos(l.desconto_percentual);
  const avisos: Aviso[] = [];
  if (d > cas.limite && !pol.flex_permitido) {
    avisos.push({
      motivo: 'DESCONTO_ACIMA_DO_LIMITE',
      mensagem: `Produto ${nome}: desconto de ${formatarPercentual(d)} acima do limite de ${formatarPercentual(cas.limite)}.`,
      produto_id: p.id,
    });
  }
  const minimo = Number(centavos(preco.preco_minimo_centavos));
  if (minimo > 0 && unitario < minimo) {
    avisos.push({
      motivo: 'PRECO_ABAIXO_DO_MINIMO',
      mensagem: `Produto ${nome}: preço de ${formatarCentavos(unitario)} abaixo do mínimo de ${formatarCentavos(minimo)}${passosAbaixoDoMinimo(cas, cond, d)}.`,
      produto_id: p.id,
    });
  }
  return avisos;
}

/**
 * The steps of the cascade that lowered the price, in their order, when the company's own rules
 * (the table's discount, a promotion, a volume discount, the payment term) are among them:
 * " (promoção de 10% e condição PIX à vista)", the seller's discount named too when there is
 * one. When only the seller's discount lowered it: "" (the server's passosAbaixoDoMinimo).
 */
function passosAbaixoDoMinimo(cas: Cascata, cond: CondicaoPagamento | null | undefined, d: number): string {
  const passos: string[] = [];
  let daEmpresa = false;
  let vendedor = false;
  for (const x of cas.descontos) {
    if (x.pc <= 0) continue;
    switch (x.origem) {
      case 'tabela':
        passos.push(`desconto da tabela de ${formatarPercentual(x.pc)}`);
        daEmpresa = true;
        break;
      case 'promocao':
        passos.push(`promoção de ${formatarPercentual(x.pc)}`);
        daEmpresa = true;
        break;
      case 'volume':
        passos.push(`desconto por volume de ${formatarPercentual(x.pc)}`);
        daEmpresa = true;
        break;
      case 'vendedor':
      case 'flex': // one step of the seller's: its percentages add up to d
        if (!vendedor) passos.push(`desconto do vendedor de ${formatarPercentual(d)}`);
        vendedor = true;
        break;
      case 'condicao':
        passos.push(`condição ${cond?.nome ?? ''}`);
        daEmpresa = true;
        break;
    }
  }
  if (!daEmpresa) return '';
  if (passos.length === 1) return ` (${passos[0]})`;
  return ` (${passos.slice(0, -1).join(', ')} e ${passos[passos.length - 1]})`;
}

/**
 * Prices every line of an order or draft (the server's PrecificarPedido): the rounded lines
 * summed, then the order's warnings (the products' total, net of IPI and ST, under the term's
 * or the seller's minimum; flex debits the balance and the order's credits do not cover). No
 * lines, no warnings. Throws ErroPreco: the term first (at condicao_id), else every failing line
 * at itens[i].campo with the first one's motivo and message.
 */
export function precificarPedido(itens: Linha[], c: Cliente, cond: CondicaoPagamento | null | undefined, pol: Politica, data: Data): ResultadoPedido {
  condicaoPermitida(c, cond);
  const out: ResultadoPedido = {
    itens: [],
    total_produtos_centavos: 0,
    total_ipi_centavos: 0,
    total_st_centavos: 0,
    total_centavos: 0,
    flex_centavos: 0,
    avisos: [],
  };
  let primeiro: ErroPreco | undefined;
  const campos: CampoComErro[] = [];
  itens.forEach((l, i) => {
    let r: ResultadoLinha;
    try {
      r = precificarLinha(l, c, cond, pol, data);
    } catch (e) {
      if (!(e instanceof ErroPreco)) throw e;
      primeiro ??= e;
      for (const f of e.campos) campos.push({ campo: `itens[${i}].${f.campo}`, descricao: f.descricao });
      return;
    }
    out.itens.push(r);
    // Each figure and each running sum stays within 2^53 − 1 (checked), so these sums are exact.
    out.total_produtos_centavos += r.valor_centavos;
    out.total_ipi_centavos += r.ipi_centavos;
    out.total_st_centavos += r.st_centavos;
    out.total_centavos += r.total_centavos;
    out.flex_centavos += r.flex_centavos;
    for (const v of [out.total_produtos_centavos, out.total_ipi_centavos, out.total_st_centavos, out.total_centavos, out.flex_centavos]) {
      if (Math.abs(v) > LIMITE_CENTAVOS) throw new ErroPreco('VALOR_FORA_DO_LIMITE', 'Valor do pedido grande demais.', []);
    }
    out.avisos.push(...r.avisos);
  });
  if (primeiro) throw new ErroPreco(primeiro.motivo, primeiro.message, campos);
  if (itens.length === 0) return out;
  const produtos = out.total_produtos_centavos;
  const minCond = Number(centavos(cond?.valor_minimo_centavos));
  if (cond && minCond > 0 && produtos < minCond) {
    out.avisos.push({
      motivo: 'PEDIDO_ABAIXO_DO_MINIMO',
      mensagem: `Pedido de ${formatarCentavos(produtos)} abaixo do mínimo de ${formatarCentavos(minCond)} da condição ${cond.nome}.`,
    });
  }
  const minVend = Number(centavos(pol.vendedor.pedido_minimo_centavos));
  if (minVend > 0 && produtos < minVend) {
    out.avisos.push({
      motivo: 'PEDIDO_ABAIXO_DO_MINIMO',
      mensagem: `Pedido de ${formatarCentavos(produtos)} abaixo do pedido mínimo do vendedor, de ${formatarCentavos(minVend)}.`,
    });
  }
  const saldo = Number(centavos(pol.vendedor.saldo_flex_centavos));
  if (pol.flex_permitido && out.flex_centavos < 0 && saldo + out.flex_centavos < 0) {
    out.avisos.push({
      motivo: 'SALDO_FLEX_INSUFICIENTE',
      mensagem: `Verba flex insuficiente: o pedido usa ${formatarCentavos(-out.flex_centavos)} e o saldo é de ${formatarCentavos(saldo)}.`,
    });
  }
  return out;
}
