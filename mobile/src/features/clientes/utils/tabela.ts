// The customers table of wide screens: its columns and how each sorts (pt-BR collation, accents
// and case ignored; the document by its digits).
import type { Coluna } from '../../../components/ui/TabelaOrdenavel';
import type { Cliente } from '../../../lib/api/types';
import { ordenarPor, type Direcao } from '../../../lib/ordenar';

export type ColunaClientes = 'nome' | 'documento' | 'cidade' | 'status' | 'vendedor';
export type { Direcao };

type Linha = Pick<Cliente, 'id' | 'nome' | 'documento' | 'cidade' | 'uf' | 'status' | 'vendedor_id'>;

/** The columns (the seller's only when a name for it is given), each with its sort key. */
export function colunasClientes<T extends Linha>(vendedor?: (id: string) => string): (Coluna<T> & { id: ColunaClientes })[] {
  return [
    { id: 'nome', rotulo: 'Cliente', chave: (c) => c.nome },
    { id: 'documento', rotulo: 'CPF/CNPJ', chave: (c) => c.documento, digitoADigito: true },
    { id: 'cidade', rotulo: 'Cidade', chave: (c) => `${c.cidade} ${c.uf}` },
    { id: 'status', rotulo: 'Status', chave: (c) => c.status },
    ...(vendedor ? [{ id: 'vendedor' as const, rotulo: 'Vendedor', chave: (c: T) => vendedor(c.vendedor_id) }] : []),
  ];
}

/** A sorted copy (stable: ties keep the server's order, by name). */
export function ordenarClientes<T extends Linha>(lista: readonly T[], coluna: ColunaClientes, direcao: Direcao, vendedor: (id: string) => string = (id) => id): T[] {
  const col = colunasClientes<T>(vendedor).find((c) => c.id === coluna)!;
  return ordenarPor(lista, col.chave, direcao, col.digitoADigito);
}
