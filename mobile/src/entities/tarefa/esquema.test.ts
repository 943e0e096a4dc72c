import { describe, expect, it } from 'vitest';
import type { Tarefa } from '../../lib/api/types';
import { daTarefa, diaEHora, instanteDe, momentoDoLembrete, mudancas, novaTarefa, paraCriar, validarTarefa } from './esquema';

const tarefa: Tarefa = {
  id: 't1',
  empresa: 'demo',
  titulo: 'Ligar',
  descricao: '',
  cliente_id: 'c1',
  vence_em: '2031-03-04T17:30:00Z',
  prioridade: 'media',
  status: 'aberta',
  responsavel_id: 'v',
  lembrete_minutos_antes: 30,
  versao: '2',
  criado_por: 'v',
  criado_em: '',
  alterado_em: '',
  excluido: false,
};

describe('the due time, in São Paulo', () => {
  it('reads and writes a day and a time', () => {
    expect(instanteDe('2031-03-04', '14:30')).toBe('2031-03-04T17:30:00Z');
    expect(instanteDe('2031-03-04', '22:15')).toBe('2031-03-05T01:15:00Z');
    expect(diaEHora('2031-03-05T01:15:00Z')).toEqual({ data: '2031-03-04', hora: '22:15' });
  });
  it('refuses a day or a time that does not exist', () => {
    expect(instanteDe('2031-02-30', '10:00')).toBeNull();
    expect(instanteDe('2031-03-04', '24:00')).toBeNull();
    expect(instanteDe('04/03/2031', '10:00')).toBeNull();
  });
});

describe('the task form', () => {
  it('says what is wrong in pt-BR at each field', () => {
    const e = validarTarefa({ ...novaTarefa(), titulo: ' ', data: '', hora: '9h', prioridade: 'urgente', lembrete: '-5' });
    expect(Object.keys(e).sort()).toEqual(['data', 'hora', 'lembrete', 'prioridade', 'titulo']);
    expect(e.titulo).toBe('Informe o título da tarefa (até 120 caracteres).');
    expect(validarTarefa({ ...novaTarefa('', '2031-03-04'), titulo: 'Ligar' })).toEqual({});
  });
  it('sends a new task with its client id, trimmed', () => {
    const p = paraCriar({ ...novaTarefa('c1', '2031-03-04'), titulo: ' Ligar ', hora: '14:30' }, 'id-1');
    expect(p).toEqual({ id: 'id-1', titulo: 'Ligar', descricao: '', cliente_id: 'c1', vence_em: '2031-03-04T17:30:00Z', prioridade: 'media', status: 'aberta', lembrete_minutos_antes: 30 });
  });
  it('sends only what changed', () => {
    expect(mudancas(tarefa, daTarefa(tarefa))).toEqual({});
    expect(mudancas(tarefa, { ...daTarefa(tarefa), status: 'concluida', hora: '15:00', cliente_id: '' })).toEqual({
      status: 'concluida',
      vence_em: '2031-03-04T18:00:00Z',
      cliente_id: '',
    });
  });
  it('reminds the given minutes before, never for a closed task', () => {
    expect(momentoDoLembrete(tarefa)?.toISOString()).toBe('2031-03-04T17:00:00.000Z');
    expect(momentoDoLembrete({ ...tarefa, lembrete_minutos_antes: 0 })).toBeNull();
    expect(momentoDoLembrete({ ...tarefa, status: 'concluida' })).toBeNull();
    expect(momentoDoLembrete({ ...tarefa, excluido: true })).toBeNull();
  });
});
