// Rules of the customer and address forms, checked on the device before sending (the server
// checks them again and its pt-BR messages win).
import { documentoValido, normalizarDocumento, type TipoPessoa } from '../../lib/format/document';
import { reaisParaCentavos } from '../../lib/format/money';

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
}

export type Erros = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const digitos = (v: string) => v.replace(/\D/g, '');

export function enderecoVazio(e: ValoresEndereco): boolean {
  return !(e.cep || e.logradouro || e.numero || e.complemento || e.bairro || e.cidade || e.uf);
}

export function validarEndereco(e: ValoresEndereco, obrigatorio: boolean): Erros {
  const erros: Erros = {};
  if (!obrigatorio && enderecoVazio(e)) return erros;
  if (e.cep && digitos(e.cep).length !== 8) erros.cep = 'O CEP deve ter 8 dígitos.';
  if (!e.logradouro.trim()) erros.logradouro = 'Informe o logradouro.';
  if (!e.cidade.trim()) erros.cidade = 'Informe a cidade.';
  if (!/^[A-Za-z]{2}$/.test(e.uf.trim())) erros.uf = 'Informe a UF com 2 letras.';
  if (e.ibge && !/^\d{7}$/.test(e.ibge)) erros.ibge = 'O código IBGE tem 7 dígitos.';
  return erros;
}

export function validarCliente(v: ValoresCliente): Erros {
  const erros: Erros = {};
  const doc = normalizarDocumento(v.documento);
  const pj = v.tipoPessoa === 'PJ';
  if (!doc) erros.documento = pj ? 'Informe o CNPJ.' : 'Informe o CPF.';
  else if (!documentoValido(doc, v.tipoPessoa)) erros.documento = pj ? 'CNPJ inválido: confira os dígitos.' : 'CPF inválido: confira os dígitos.';
  if (!v.nome.trim()) erros.nome = pj ? 'Informe a razão social.' : 'Informe o nome.';
  if (!v.isento && v.ie.trim() && !/^\d{2,14}$/.test(digitos(v.ie)))
    erros.inscricao_estadual = 'Inscrição estadual: só números, ou marque Isento.';
  if (v.email.trim() && !EMAIL.test(v.email.trim())) erros.email = 'E-mail inválido.';
  for (const [campo, valor] of [
    ['telefone', v.telefone],
    ['celular', v.celular],
  ] as const) {
    const d = digitos(valor);
    if (d && (d.length < 10 || d.length > 11)) erros[campo] = 'Informe o DDD e o número.';
  }
  const centavos = reaisParaCentavos(v.limite);
  if (centavos === null || centavos.startsWith('-')) erros.limite_credito_centavos = 'Valor inválido. Use o formato 1.234,56.';
  Object.assign(erros, validarEndereco(v.endereco, false));
  return erros;
}

/** A server field path ("enderecos[0].cep", "endereco.cep") → the form's field name. */
export function campoDoServidor(campo: string): string {
  const m = campo.match(/^enderecos?(?:\[\d+\])?\.(.+)$/);
  return m ? m[1] : campo;
}
