// The customers table of wide screens: its columns and how each sorts (pt-BR collation, accents
// and case ignored; the document by its digits).
import type { Cliente } from '../../../lib/api/types';

export type ColunaClientes = 'nome' | 'documento' | 'cidade' | 'status' | 'vendedor';
export type Direcao = 'asc' | 'desc';

const colacao = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
// Documents digit by digit (a CPF is not "smaller" than a CNPJ for having fewer digits).
const colacaoDocumento = new Intl.Collator('pt-BR', { sensitivity: 'base' });

type Linha = Pick<Cliente, 'id' | 'nome' | 'documento' | 'cidade' | 'uf' | 'status' | 'vendedor_id'>;

function chave(c: Linha, coluna: ColunaClientes, vendedor: (id: string) => string): string {
  switch (coluna) {
    case 'nome':
      return c.nome;
    case 'documento':
      return c.documento;
    case 'cidade':
      return `${c.cidade} ${c.uf}`;
    case 'status':
      return c.status;
    case 'vendedor':
      return vendedor(c.vendedor_id);
  }
}

/** A sorted copy (stable: ties keep the server's order, by name). */
export function ordenarClientes<T extends Linha>(lista: readonly T[], coluna: ColunaClientes, direcao: Direcao, vendedor: (id: string) => string = (id) => id): T[] {
  const sinal = direcao === 'asc' ? 1 : -1;
  const col = coluna === 'documento' ? colacaoDocumento : colacao;
  return lista
    .map((c, i) => ({ c, i, k: chave(c, coluna, vendedor) }))
    .sort((a, b) => sinal * col.compare(a.k, b.k) || a.i - b.i)
    .map((x) => x.c);
}
