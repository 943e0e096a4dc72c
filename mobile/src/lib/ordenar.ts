// Sorting a list by a text key the way a pt-BR reader expects: accents and case ignored, numbers
// in numeric order; stable (ties keep the list's order).
export type Direcao = 'asc' | 'desc';

const colacao = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
// Codes digit by digit (a CPF is not "smaller" than a CNPJ for having fewer digits).
const colacaoDigitos = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** A sorted copy; `digitoADigito` compares numbers as text (documents, codes). */
export function ordenarPor<T>(lista: readonly T[], chave: (x: T) => string, direcao: Direcao = 'asc', digitoADigito = false): T[] {
  const sinal = direcao === 'asc' ? 1 : -1;
  const col = digitoADigito ? colacaoDigitos : colacao;
  return lista
    .map((x, i) => ({ x, i, k: chave(x) }))
    .sort((a, b) => sinal * col.compare(a.k, b.k) || a.i - b.i)
    .map((y) => y.x);
}
