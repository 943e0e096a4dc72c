// Contact form values and rules.
import type { Contato } from '../../../lib/api/types';
import { aplicarMascara, mascaraTelefone } from '../../../lib/format/masks';
import { novoId } from '../../../lib/uuid';
import { digitos } from '../../../lib/format/digitos';
import * as z from 'zod/mini';
import { caracteres, erroEmail, erroTelefone } from '../../../entities/cliente/esquema';

export interface ValoresContato {
  id: string;
  nome: string;
  cargo: string;
  telefone: string;
  celular: string;
  email: string;
  /** dd/mm or dd/mm/aaaa as typed. */
  aniversario: string;
  principal: boolean;
}


export function novoContato(principal: boolean): ValoresContato {
  return { id: novoId(), nome: '', cargo: '', telefone: '', celular: '', email: '', aniversario: '', principal };
}

export function mascaraAniversario(v: string): string {
  return aplicarMascara(digitos(v).slice(0, 8), '99/99/9999');
}

/** "YYYY-MM-DD" or "MM-DD" → "dd/mm/aaaa" or "dd/mm". */
export function aniversarioParaTela(v: string): string {
  let m = v.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  m = v.match(/^(\d{2})-(\d{2})$/);
  return m ? `${m[2]}/${m[1]}` : '';
}

/** "dd/mm" → "MM-DD", "dd/mm/aaaa" → "YYYY-MM-DD"; null when not a real date; '' when empty. */
export function aniversarioParaApi(v: string): string | null {
  const d = digitos(v);
  if (!d) return '';
  if (d.length !== 4 && d.length !== 8) return null;
  const dia = Number(d.slice(0, 2));
  const mes = Number(d.slice(2, 4));
  const ano = d.length === 8 ? Number(d.slice(4)) : 2000; // 2000 is a leap year: 29/02 is fine
  const dt = new Date(Date.UTC(ano, mes - 1, dia));
  if (dt.getUTCMonth() !== mes - 1 || dt.getUTCDate() !== dia || (d.length === 8 && (ano < 1900 || ano > 2100))) return null;
  const mm = d.slice(2, 4);
  const dd = d.slice(0, 2);
  return d.length === 8 ? `${d.slice(4)}-${mm}-${dd}` : `${mm}-${dd}`;
}

export function doContato(c: Contato): ValoresContato {
  return {
    id: c.id,
    nome: c.nome,
    cargo: c.cargo,
    telefone: mascaraTelefone(c.telefone, digitos(c.telefone).length === 11 ? 'celular' : 'fixo'),
    celular: mascaraTelefone(c.celular, 'celular'),
    email: c.email,
    aniversario: aniversarioParaTela(c.aniversario),
    principal: c.principal,
  };
}

/** The contact's rules, the server's (Contato.normalize). */
export function validarContato(v: ValoresContato): Record<string, string> {
  const e: Record<string, string> = {};
  const nome = caracteres(v.nome.trim());
  if (!nome) e.nome = 'Informe o nome do contato.';
  else if (nome > 150) e.nome = `Nome do contato: no máximo 150 caracteres (tem ${nome}).`;
  const cargo = caracteres(v.cargo.trim());
  if (cargo > 80) e.cargo = `Cargo: no máximo 80 caracteres (tem ${cargo}).`;
  for (const k of ['telefone', 'celular'] as const) {
    const msg = erroTelefone(digitos(v[k]));
    if (msg) e[k] = msg;
  }
  const email = erroEmail(v.email);
  if (email) e.email = email;
  if (aniversarioParaApi(v.aniversario) === null) e.aniversario = 'Data inválida. Use dd/mm ou dd/mm/aaaa.';
  return e;
}

/** The contact form's schema (react-hook-form's resolver). */
export const esquemaContato = z.custom<ValoresContato>().check(
  z.superRefine((v, ctx) => {
  for (const [campo, message] of Object.entries(validarContato(v))) ctx.addIssue({ code: 'custom', path: [campo], message });
  }),
);

export function paraContato(v: ValoresContato): Contato {
  return {
    id: v.id,
    nome: v.nome.trim(),
    cargo: v.cargo.trim(),
    telefone: digitos(v.telefone),
    celular: digitos(v.celular),
    email: v.email.trim(),
    aniversario: aniversarioParaApi(v.aniversario) ?? '',
    principal: v.principal,
  };
}
