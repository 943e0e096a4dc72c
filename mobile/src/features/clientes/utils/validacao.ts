// Rules of the customer and address forms, checked on the device before sending: the customer's
// are the server's (entities/cliente/esquema, shared cases with the server); the form adds only
// what is about typing (a value that is not a number, a CNPJ typed under Pessoa física).
import * as z from 'zod/mini';
import { caracteres, erroInscricaoEstadual, errosDoPedido, normalizarSuframa } from '../../../entities/cliente/esquema';
import { erroCaracteresDocumento } from '../../../lib/documento/documento';
import { normalizarIE } from '../../../lib/documento/ie';
import type { CriarClientePedido } from '../../../lib/api/types';
import { normalizarDocumento, type TipoPessoa } from '../../../lib/format/document';
import { reaisParaCentavos } from '../../../lib/format/money';
import { digitos } from '../../../lib/format/digitos';

export interface ValoresEndereco {
  id: string;
  tipo: string;
  principal: boolean;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  ibge: string;
  latitude: number | null;
  longitude: number | null;
}

export interface ValoresCliente {
  tipoPessoa: TipoPessoa;
  documento: string;
  nome: string;
  fantasia: string;
  ie: string;
  isento: boolean;
  suframa: string;
  contribuinte: boolean;
  email: string;
  telefone: string;
  celular: string;
  segmento: string;
  status: string;
  limite: string;
  observacoes: string;
  vendedorId: string;
  endereco: ValoresEndereco;
  /**
   * Editing: the IE as stored and the main address's UF then. An IE stored before today's rules
   * is not refused while neither changes (the server's NormalizeAlteracao; the ADMIN fixes it).
   */
  ieGuardada?: { ie: string; uf: string };
}

export type Erros = Record<string, string>;


export function enderecoVazio(e: ValoresEndereco): boolean {
  return !(e.cep || e.logradouro || e.numero || e.complemento || e.bairro || e.cidade || e.uf);
}

/** The 27 federative units (the server's domain.UFValida). */
const UFS = new Set('AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' '));

/**
 * The address rules of the server (Endereco.normalize), but the city's existence in the IBGE
 * list; the cases of contracts/clientes-validacao.json ("enderecos") run on both sides.
 */
export function validarEndereco(e: ValoresEndereco, obrigatorio: boolean): Erros {
  const erros: Erros = {};
  if (!obrigatorio && enderecoVazio(e)) return erros;
  if (e.cep && digitos(e.cep).length !== 8) erros.cep = 'CEP deve ter 8 dígitos';
  for (const [campo, rotulo, max] of [
    ['logradouro', 'Logradouro', 200],
    ['numero', 'Número', 20],
    ['complemento', 'Complemento', 200],
    ['bairro', 'Bairro', 200],
  ] as const) {
    const n = caracteres(e[campo].trim());
    if (n > max) erros[campo] = `${rotulo}: no máximo ${max} caracteres (tem ${n}).`;
  }
  const uf = e.uf.trim().toUpperCase();
  if (e.ibge && !/^\d{7}$/.test(e.ibge)) erros.ibge = 'O código IBGE tem 7 dígitos.';
  else if (!e.ibge && !(e.cidade.trim() && uf)) erros.cidade = 'Informe a cidade e a UF (ou o CEP).';
  // A UF that does not exist is named (the city is not blamed for it); with the IBGE code the
  // server takes the UF of the city.
  if (!e.ibge && uf && !UFS.has(uf)) erros.uf = `UF inválida: ${uf}.`;
  return erros;
}

/** The API's field → the customer form's field. */
const CAMPO_DO_FORMULARIO: Record<string, keyof ValoresCliente> = {
  nome_fantasia: 'fantasia',
  inscricao_estadual: 'ie',
  limite_credito_centavos: 'limite',
  tipo_pessoa: 'tipoPessoa',
  vendedor_id: 'vendedorId',
  contribuinte_icms: 'contribuinte',
};

/** The customer's own fields as the API takes them, from what was typed; nothing is dropped. */
export function camposDoFormulario(v: ValoresCliente) {
  return {
    tipo_pessoa: v.tipoPessoa,
    documento: normalizarDocumento(v.documento),
    nome: v.nome.trim(),
    nome_fantasia: v.fantasia.trim(),
    inscricao_estadual: v.isento ? 'ISENTO' : v.ie.trim().toUpperCase(),
    suframa: normalizarSuframa(v.suframa),
    contribuinte_icms: v.contribuinte,
    email: v.email.trim(),
    telefone: digitos(v.telefone),
    celular: digitos(v.celular),
    segmento: v.segmento.trim(),
    status: v.status,
    limite_credito_centavos: reaisParaCentavos(v.limite) ?? '',
    observacoes: v.observacoes.trim(),
  } satisfies Partial<CriarClientePedido>;
}

/** Every problem of the form, by the form's field names (address fields by theirs, under endereco). */
export function validarCliente(v: ValoresCliente): Erros {
  const campos = camposDoFormulario(v);
  const erros: Erros = {};
  for (const [campo, msg] of Object.entries(errosDoPedido(campos))) erros[CAMPO_DO_FORMULARIO[campo] ?? campo] = msg;
  // What is about typing, with a message that says what to do.
  if (reaisParaCentavos(v.limite) === null) erros.limite = 'Valor inválido: use só números, como 1.234,56.';
  const doc = normalizarDocumento(v.documento);
  if (v.tipoPessoa === 'FISICA' && doc.length === 14) erros.documento = 'Isto é um CNPJ: escolha Pessoa jurídica em Tipo de pessoa.';
  if (v.tipoPessoa === 'PJ' && doc.length === 11) erros.documento = 'Isto é um CPF: escolha Pessoa física em Tipo de pessoa.';
  // Stray characters refuse the document (they are not cleaned away before sending).
  const caracteres = erroCaracteresDocumento(v.documento);
  if (caracteres) erros.documento = caracteres;
  // The IE against the state of the address typed here (the server checks the main address's).
  const ie = erroInscricaoEstadual(campos.inscricao_estadual, v.endereco.uf);
  const g = v.ieGuardada;
  const mantida = !!g && normalizarIE(campos.inscricao_estadual).ie === g.ie && v.endereco.uf.trim().toUpperCase() === g.uf;
  if (ie && !mantida) erros.ie = ie;
  else delete erros.ie;
  for (const [campo, msg] of Object.entries(validarEndereco(v.endereco, false))) erros[`endereco.${campo}`] = msg;
  return erros;
}

/** The customer form's schema (react-hook-form's resolver): the rules above, at the form's fields. */
export const esquemaFormularioCliente = z.custom<ValoresCliente>().check(
  z.superRefine((v, ctx) => {
  for (const [campo, message] of Object.entries(validarCliente(v))) ctx.addIssue({ code: 'custom', path: campo.split('.'), message });
  }),
);

/** A server field path of an address ("enderecos[0].cep") → the address form's field ("cep"). */
export function campoDoEndereco(campo: string): string {
  const m = campo.match(/^enderecos?(?:\[\d+\])?\.(.+)$/);
  return m ? m[1] : campo;
}

/** A server field path ("enderecos[0].cep", "nome_fantasia") → the customer form's field. */
export function campoDoServidor(campo: string): string {
  const m = campo.match(/^enderecos?(?:\[\d+\])?\.(.+)$/);
  return m ? `endereco.${m[1]}` : (CAMPO_DO_FORMULARIO[campo] ?? campo);
}
