// A price in a table: the editor's rules, the server's (PrecoCadastro.Validar).
import { lerReais } from './comum';

export interface PrecoDigitado {
  preco: string;
  minimo: string;
}

export type PrecoLido = { ok: true; preco_centavos: string; preco_minimo_centavos: string } | { ok: false; erros: Partial<Record<keyof PrecoDigitado, string>> };

export function lerPreco(v: PrecoDigitado): PrecoLido {
  const erros: Partial<Record<keyof PrecoDigitado, string>> = {};
  const p = lerReais(v.preco);
  const m = lerReais(v.minimo);
  if (p.erro) erros.preco = p.erro;
  else if (BigInt(p.centavos!) <= 0n) erros.preco = 'Preço deve ser maior que zero.';
  if (m.erro) erros.minimo = m.erro;
  else if (!erros.preco && (BigInt(m.centavos!) < 0n || BigInt(m.centavos!) > BigInt(p.centavos!))) erros.minimo = 'Preço mínimo deve ficar entre zero e o preço.';
  if (Object.keys(erros).length) return { ok: false, erros };
  return { ok: true, preco_centavos: p.centavos!, preco_minimo_centavos: m.centavos! };
}
