// Test data: a customer with every field (tests only).
import type { Cliente } from '../../lib/api/types';

export function cliente(p: Partial<Cliente> & { id: string; nome: string }): Cliente {
  return {
    empresa: 'demo',
    tipo_pessoa: 'PJ',
    documento: '',
    nome_fantasia: '',
    inscricao_estadual: '',
    suframa: '',
    contribuinte_icms: false,
    email: '',
    telefone: '',
    celular: '',
    segmento: '',
    status: 'ativo',
    limite_credito_centavos: '0',
    observacoes: '',
    vendedor_id: 'v1',
    cidade: '',
    uf: '',
    cidade_ibge: '',
    regiao_id: '',
    enderecos: [],
    contatos: [],
    criado_por: '',
    criado_em: '',
    alterado_por: '',
    alterado_em: '',
    versao: '1',
    excluido: false,
    ...p,
  };
}
