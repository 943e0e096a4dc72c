// The customer's rules on the device, the server's (services/customer/internal/domain
// Cliente.Normalize): the same limits, the same fields refused, the same pt-BR messages. The
// shared cases of contracts/clientes-validacao.json run against this schema (esquema.test.ts) and
// against the server (validacao_contrato_test.go), so the two cannot drift.
// zod/mini: the same schemas, a fraction of the bytes on a phone.
import * as z from 'zod/mini';
import type { TipoPessoa } from '../../lib/format/document';
import { cnpjValidoServidor, cpfValidoServidor, erroCaracteresDocumento, normalizarDoc } from '../../lib/documento/documento';
import { erroIE } from '../../lib/documento/ie';
import { digitos } from '../../lib/format/digitos';

export const LIMITES_CLIENTE = {
  nome: 150,
  nome_fantasia: 150,
  segmento: 80,
  observacoes: 2000,
  /** R$ 999.999.999,99. */
  limite_credito_centavos: 99_999_999_999n,
  telefoneMin: 8,
  telefoneMax: 13,
  suframa: 9,
} as const;

export const ROTULOS_TEXTO: Record<'nome' | 'nome_fantasia' | 'segmento' | 'observacoes', string> = {
  nome: 'Nome',
  nome_fantasia: 'Nome fantasia',
  segmento: 'Segmento',
  observacoes: 'Observações',
};

/** Characters as the server counts them (runes, not UTF-16 units). */
export const caracteres = (s: string) => [...s].length;

/** "Nome: no máximo 150 caracteres (tem 151)." or '' when within the limit. */
export function excessoDeTexto(campo: keyof typeof ROTULOS_TEXTO, valor: string): string {
  const n = caracteres(valor.trim());
  const max = LIMITES_CLIENTE[campo];
  return n > max ? `${ROTULOS_TEXTO[campo]}: no máximo ${max} caracteres (tem ${n}).` : '';
}

export function erroTelefone(valor: string): string {
  const d = digitos(valor);
  return valor !== '' && (d.length < LIMITES_CLIENTE.telefoneMin || d.length > LIMITES_CLIENTE.telefoneMax) ? 'Número de telefone inválido' : '';
}

export function erroEmail(valor: string): string {
  const s = valor.trim().toLowerCase();
  if (!s) return '';
  const arroba = s.lastIndexOf('@');
  const ok = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+$/.test(s) && s.slice(arroba).includes('.') && !s.endsWith('.');
  return ok ? '' : 'E-mail inválido.';
}

/**
 * The IE against the customer's UF (the main address's; empty: any state's rule will do), the
 * server's ErroIE (lib/documento/ie, contracts/inscricoes-estaduais.json).
 */
export function erroInscricaoEstadual(valor: string, uf = ''): string {
  return erroIE(valor, uf);
}

/** The UF of the main address of a payload's enderecos (the first when none is marked). */
export function ufPrincipal(enderecos: unknown): string {
  if (!Array.isArray(enderecos) || enderecos.length === 0) return '';
  const e = (enderecos.find((x) => x && typeof x === 'object' && (x as { principal?: unknown }).principal === true) ?? enderecos[0]) as { uf?: unknown };
  return typeof e?.uf === 'string' ? e.uf.trim().toUpperCase() : '';
}

/** The inscrição Suframa's digits as the server keeps them ("21.0140.267" → "210140267"). */
export function normalizarSuframa(valor: string): string {
  return valor.trim().replace(/[.\-/ ]/g, '');
}

/**
 * The server's check of an inscrição Suframa (services/customer/internal/domain/suframa.go):
 * 9 digits, not all the same, the last a check digit — modulo 11 over the first 8 with weights 9
 * to 2, a remainder of 0 or 1 giving 0. Empty: none.
 */
export function erroSuframa(valor: string): string {
  const d = normalizarSuframa(valor);
  if (!d) return '';
  if (!/^\d{9}$/.test(d)) return 'Inscrição Suframa deve ter 9 dígitos.';
  let soma = 0;
  for (let i = 0; i < 8; i++) soma += Number(d[i]) * (9 - i);
  const resto = soma % 11;
  const dv = resto < 2 ? 0 : 11 - resto;
  return /^(\d)\1{8}$/.test(d) || dv !== Number(d[8]) ? 'Inscrição Suframa inválida: confira os dígitos.' : '';
}

export function erroLimite(centavos: string): string {
  if (!/^-?\d+$/.test(centavos.trim())) return 'Valor inválido para este campo.';
  const n = BigInt(centavos.trim());
  if (n < 0n) return 'O limite de crédito não pode ser negativo.';
  if (n > LIMITES_CLIENTE.limite_credito_centavos) return 'O limite de crédito pode ser de até R$ 999.999.999,99.';
  return '';
}

export function erroDocumento(documento: string, tipo: string): string {
  const caracteres = erroCaracteresDocumento(documento);
  if (caracteres) return caracteres;
  const doc = normalizarDoc(documento);
  const t = (tipo.trim().toUpperCase() || (doc.length === 11 ? 'FISICA' : 'PJ')) as TipoPessoa | string;
  if (!doc) return 'Informe o CPF ou CNPJ.';
  if (t === 'FISICA') return cpfValidoServidor(doc) ? '' : 'CPF inválido: confira os dígitos.';
  if (t === 'PJ') return cnpjValidoServidor(doc) ? '' : 'CNPJ inválido: confira os dígitos.';
  return '';
}

const STATUS = ['ativo', 'bloqueado', 'inativo'];

/** The create/update payload of a customer (the API's fields), with the server's rules. */
export const esquemaPedidoCliente = z
  .looseObject({
    tipo_pessoa: z.optional(z.string()),
    documento: z.optional(z.string()),
    nome: z.optional(z.string()),
    nome_fantasia: z.optional(z.string()),
    inscricao_estadual: z.optional(z.string()),
    suframa: z.optional(z.string()),
    email: z.optional(z.string()),
    telefone: z.optional(z.string()),
    celular: z.optional(z.string()),
    segmento: z.optional(z.string()),
    status: z.optional(z.string()),
    limite_credito_centavos: z.optional(z.string()),
    observacoes: z.optional(z.string()),
  })
  .check(
    z.superRefine((c, ctx) => {
      const erro = (campo: string, message: string) => message && ctx.addIssue({ code: 'custom', path: [campo], message });
      const tipo = (c.tipo_pessoa ?? '').trim().toUpperCase();
      if (tipo && tipo !== 'FISICA' && tipo !== 'PJ') erro('tipo_pessoa', 'Tipo de pessoa deve ser FISICA ou PJ.');
      else erro('documento', erroDocumento(c.documento ?? '', tipo));
      const nome = (c.nome ?? '').trim();
      if (!nome) erro('nome', tipo === 'FISICA' ? 'Informe o nome.' : 'Informe a razão social.');
      for (const campo of ['nome', 'nome_fantasia', 'segmento', 'observacoes'] as const) erro(campo, excessoDeTexto(campo, c[campo] ?? ''));
      erro('inscricao_estadual', erroInscricaoEstadual(c.inscricao_estadual ?? '', ufPrincipal(c.enderecos)));
      erro('suframa', erroSuframa(c.suframa ?? ''));
      erro('email', erroEmail(c.email ?? ''));
      erro('telefone', erroTelefone(c.telefone ?? ''));
      erro('celular', erroTelefone(c.celular ?? ''));
      const status = (c.status ?? '').trim().toLowerCase();
      if (status && !STATUS.includes(status)) erro('status', 'Situação deve ser ativo, bloqueado ou inativo.');
      if (c.limite_credito_centavos !== undefined) erro('limite_credito_centavos', erroLimite(c.limite_credito_centavos));
    }),
  );

/** The fields a payload is refused at, with their messages ({} when it is accepted). */
export function errosDoPedido(pedido: Record<string, unknown>): Record<string, string> {
  const r = esquemaPedidoCliente.safeParse(pedido);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}
