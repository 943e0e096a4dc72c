import { describe, expect, it } from 'vitest';
import type { Pergunta } from '../../../lib/api/types';
import { normalizarNumero, paraPerguntas, paraRespostas, validarFormulario, validarRespostas } from './regras';

const p = (id: string, tipo: string, obrigatoria = true, opcoes: string[] = []): Pergunta => ({ id, texto: id, tipo, obrigatoria, opcoes });
const perguntas = [p('t', 'TEXTO'), p('n', 'NUMERO'), p('s', 'SIM_NAO'), p('u', 'ESCOLHA_UNICA', true, ['A', 'B']), p('m', 'ESCOLHA_MULTIPLA', false, ['X', 'Y', 'Z']), p('d', 'DATA', false)];

describe('survey answers', () => {
  it('required questions need an answer', () => {
    expect(validarRespostas(perguntas, {})).toEqual({ t: 'Responda esta pergunta.', n: 'Responda esta pergunta.', s: 'Responda esta pergunta.', u: 'Responda esta pergunta.' });
  });
  it('numbers accept the pt-BR comma; other text is refused', () => {
    expect(normalizarNumero('1.234,5')).toBe('1234.5');
    expect(normalizarNumero('12.5')).toBe('12.5');
    expect(normalizarNumero('doze')).toBeNull();
    expect(validarRespostas(perguntas, { t: 'ok', n: 'doze', s: 'sim', u: 'A' })).toEqual({ n: 'Informe um número (ex.: 12,5).' });
  });
  it('answers on the wire: valor, or valores for multiple choice (in the form order)', () => {
    expect(paraRespostas(perguntas, { t: ' bom ', n: '10,5', s: 'nao', u: 'B', m: ['Z', 'X'], d: '' })).toEqual([
      { pergunta_id: 't', valor: 'bom', valores: [] },
      { pergunta_id: 'n', valor: '10.5', valores: [] },
      { pergunta_id: 's', valor: 'nao', valores: [] },
      { pergunta_id: 'u', valor: 'B', valores: [] },
      { pergunta_id: 'm', valor: '', valores: ['X', 'Z'] },
    ]);
  });
});

describe('form editor (ADMIN)', () => {
  it('title, at least one question, text and two options for choices', () => {
    expect(validarFormulario('', [])).toEqual({ titulo: 'Informe o título.', perguntas: 'Inclua pelo menos uma pergunta.' });
    expect(validarFormulario('Pesquisa', [{ id: '1', texto: '', tipo: 'ESCOLHA_UNICA', obrigatoria: true, opcoes: 'Só uma' }])).toEqual({
      'p0.texto': 'Escreva a pergunta.',
      'p0.opcoes': 'Informe pelo menos duas opções, uma por linha.',
    });
  });
  it('options are one per line, only for choice questions', () => {
    expect(paraPerguntas([{ id: '1', texto: ' Cor? ', tipo: 'ESCOLHA_MULTIPLA', obrigatoria: false, opcoes: 'Azul\n\n Verde \n' }, { id: '2', texto: 'Obs', tipo: 'TEXTO', obrigatoria: false, opcoes: 'x\ny' }])).toEqual([
      { id: '1', texto: 'Cor?', tipo: 'ESCOLHA_MULTIPLA', obrigatoria: false, opcoes: ['Azul', 'Verde'] },
      { id: '2', texto: 'Obs', tipo: 'TEXTO', obrigatoria: false, opcoes: [] },
    ]);
  });
});
