// Customer status, person type and address type: values on the wire and pt-BR labels.
export const STATUS_CLIENTE = [
  { valor: 'ativo', rotulo: 'Ativo', plural: 'Ativos', cor: 'success' },
  { valor: 'bloqueado', rotulo: 'Bloqueado', plural: 'Bloqueados', cor: 'warning' },
  { valor: 'inativo', rotulo: 'Inativo', plural: 'Inativos', cor: 'medium' },
] as const;

export type StatusCliente = (typeof STATUS_CLIENTE)[number]['valor'];

export function rotuloStatus(s: string): string {
  return STATUS_CLIENTE.find((x) => x.valor === s)?.rotulo ?? s;
}

export function corStatus(s: string): string {
  return STATUS_CLIENTE.find((x) => x.valor === s)?.cor ?? 'medium';
}

export const TIPOS_PESSOA = [
  { value: 'PJ', label: 'Pessoa jurídica (CNPJ)' },
  { value: 'FISICA', label: 'Pessoa física (CPF)' },
] as const;

export const TIPOS_ENDERECO = [
  { value: 'COBRANCA', label: 'Cobrança' },
  { value: 'ENTREGA', label: 'Entrega' },
  { value: 'OUTRO', label: 'Outro' },
] as const;

export function rotuloTipoEndereco(t: string): string {
  return TIPOS_ENDERECO.find((x) => x.value === t)?.label ?? t;
}

/** One line of an address, for lists and map links. */
export function linhaEndereco(e: { logradouro: string; numero: string; complemento: string; bairro: string; cidade: string; uf: string; cep?: string }): string {
  const rua = [e.logradouro, e.numero].filter(Boolean).join(', ');
  const partes = [rua, e.complemento, e.bairro, [e.cidade, e.uf].filter(Boolean).join('/')].filter(Boolean);
  return partes.join(' - ');
}
