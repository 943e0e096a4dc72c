// Survey answers and form definitions: values of the inputs and their rules (pt-BR messages).
import type { Pergunta, Resposta } from '../../../lib/api/types';

export const TIPOS_PERGUNTA = [
  { value: 'TEXTO', label: 'Texto' },
  { value: 'NUMERO', label: 'Número' },
  { value: 'SIM_NAO', label: 'Sim ou não' },
  { value: 'ESCOLHA_UNICA', label: 'Escolha única' },
  { value: 'ESCOLHA_MULTIPLA', label: 'Escolha múltipla' },
  { value: 'DATA', label: 'Data' },
] as const;

export const temOpcoes = (tipo: string) => tipo === 'ESCOLHA_UNICA' || tipo === 'ESCOLHA_MULTIPLA';

/** What the inputs hold: a string, or the chosen options of ESCOLHA_MULTIPLA. */
export type ValorResposta = string | string[];

/** "1.234,5" / "1234.5" / "-3" → "1234.5" (the API's decimal with "."); null when not a number. */
export function normalizarNumero(v: string): string | null {
  let s = v.trim().replace(/\s/g, '');
  if (!s) return '';
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? s : null;
}

export function validarRespostas(perguntas: readonly Pergunta[], valores: Record<string, ValorResposta>): Record<string, string> {
  const erros: Record<string, string> = {};
  for (const p of perguntas) {
    const v = valores[p.id];
    const vazio = v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
    if (vazio) {
      if (p.obrigatoria) erros[p.id] = 'Responda esta pergunta.';
      continue;
    }
    if (p.tipo === 'NUMERO' && normalizarNumero(String(v)) === null) erros[p.id] = 'Informe um número (ex.: 12,5).';
    if (p.tipo === 'DATA' && !/^\d{4}-\d{2}-\d{2}$/.test(String(v))) erros[p.id] = 'Informe uma data válida.';
    if (p.tipo === 'ESCOLHA_UNICA' && !p.opcoes.includes(String(v))) erros[p.id] = 'Escolha uma das opções.';
  }
  return erros;
}

export function paraRespostas(perguntas: readonly Pergunta[], valores: Record<string, ValorResposta>): Resposta[] {
  const out: Resposta[] = [];
  for (const p of perguntas) {
    const v = valores[p.id];
    if (v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '')) continue;
    if (p.tipo === 'ESCOLHA_MULTIPLA') out.push({ pergunta_id: p.id, valor: '', valores: p.opcoes.filter((o) => (v as string[]).includes(o)) });
    else if (p.tipo === 'NUMERO') out.push({ pergunta_id: p.id, valor: normalizarNumero(String(v)) ?? '', valores: [] });
    else out.push({ pergunta_id: p.id, valor: String(v).trim(), valores: [] });
  }
  return out;
}

export interface PerguntaEditada {
  id: string;
  texto: string;
  tipo: string;
  obrigatoria: boolean;
  /** One option per line. */
  opcoes: string;
}

export function validarFormulario(titulo: string, perguntas: readonly PerguntaEditada[]): Record<string, string> {
  const e: Record<string, string> = {};
  if (!titulo.trim()) e.titulo = 'Informe o título.';
  if (perguntas.length === 0) e.perguntas = 'Inclua pelo menos uma pergunta.';
  perguntas.forEach((p, i) => {
    if (!p.texto.trim()) e[`p${i}.texto`] = 'Escreva a pergunta.';
    const ops = linhas(p.opcoes);
    if (temOpcoes(p.tipo) && ops.length < 2) e[`p${i}.opcoes`] = 'Informe pelo menos duas opções, uma por linha.';
    if (new Set(ops).size !== ops.length) e[`p${i}.opcoes`] = 'As opções não podem se repetir.';
  });
  return e;
}

export function linhas(t: string): string[] {
  return t
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);
}

export function paraPerguntas(perguntas: readonly PerguntaEditada[]): Pergunta[] {
  return perguntas.map((p) => ({
    id: p.id,
    texto: p.texto.trim(),
    tipo: p.tipo,
    obrigatoria: p.obrigatoria,
    opcoes: temOpcoes(p.tipo) ? linhas(p.opcoes) : [],
  }));
}
