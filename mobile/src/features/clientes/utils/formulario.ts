// Customer form values: empty, from a customer, and the draft kept in sessionStorage.
import type { Cliente } from '../../../lib/api/types';
import type { TipoPessoa } from '../../../lib/format/document';
import { mascaraDocumento, mascaraTelefone } from '../../../lib/format/masks';
import { centavosParaReais } from '../../../lib/format/money';
import { doEndereco, novoEndereco } from './enderecos';
import type { ValoresCliente } from './validacao';
import { digitos } from '../../../lib/format/digitos';

export const RASCUNHO = 'crm:rascunho-cliente:';

export function valoresVazios(vendedorId: string): ValoresCliente {
  return {
    tipoPessoa: 'PJ',
    documento: '',
    nome: '',
    fantasia: '',
    ie: '',
    isento: false,
    suframa: '',
    contribuinte: false,
    email: '',
    telefone: '',
    celular: '',
    segmento: '',
    status: 'ativo',
    limite: '0,00',
    observacoes: '',
    vendedorId,
    endereco: novoEndereco(true),
  };
}

export function doCliente(c: Cliente): ValoresCliente {
  const tipo: TipoPessoa = c.tipo_pessoa === 'FISICA' ? 'FISICA' : 'PJ';
  const principal = c.enderecos.find((e) => e.principal) ?? c.enderecos[0];
  return {
    tipoPessoa: tipo,
    documento: mascaraDocumento(c.documento, tipo),
    nome: c.nome,
    fantasia: c.nome_fantasia,
    ie: c.inscricao_estadual === 'ISENTO' ? '' : c.inscricao_estadual,
    isento: c.inscricao_estadual === 'ISENTO',
    suframa: c.suframa ?? '',
    contribuinte: c.contribuinte_icms,
    email: c.email,
    telefone: mascaraTelefone(c.telefone, digitos(c.telefone).length === 11 ? 'celular' : 'fixo'),
    celular: mascaraTelefone(c.celular, 'celular'),
    segmento: c.segmento,
    status: c.status || 'ativo',
    limite: centavosParaReais(c.limite_credito_centavos),
    observacoes: c.observacoes,
    vendedorId: c.vendedor_id,
    endereco: principal ? doEndereco(principal) : novoEndereco(true),
    ieGuardada: { ie: c.inscricao_estadual, uf: (principal?.uf ?? '').toUpperCase() },
  };
}

export function lerRascunho(chave: string): ValoresCliente | null {
  try {
    const v = sessionStorage.getItem(RASCUNHO + chave);
    return v ? (JSON.parse(v) as ValoresCliente) : null;
  } catch {
    return null;
  }
}
