import { describe, expect, it, vi } from 'vitest';
import type { Tarefa } from '../../../lib/api/types';

vi.mock('../../../lib/platform', () => ({ isNative: () => false }));
const { agendarLembretes, idDaNotificacao, lembretesDevidos, lembretesFuturos } = await import('./lembretes');

const t = (id: string, vence: string, minutos: number, status = 'aberta'): Tarefa => ({
  id,
  empresa: '',
  titulo: id,
  descricao: '',
  cliente_id: '',
  vence_em: vence,
  prioridade: 'media',
  status,
  responsavel_id: 'v',
  lembrete_minutos_antes: minutos,
  versao: '1',
  criado_por: '',
  criado_em: '',
  alterado_em: '',
  excluido: false,
});

describe('reminders', () => {
  const agora = new Date('2026-11-27T15:00:00Z');
  const tarefas = [
    t('em-30-min', '2026-11-27T15:20:00Z', 30), // due at 14:50: now
    t('amanha', '2026-11-28T15:00:00Z', 60), // ahead
    t('sem', '2026-11-27T15:10:00Z', 0),
    t('feita', '2026-11-27T15:10:00Z', 30, 'concluida'),
    t('antiga', '2026-11-20T15:00:00Z', 30), // past its time by more than a day
  ];
  it('lists the due ones in the app (the web) and schedules the ones ahead (Android)', () => {
    expect(lembretesDevidos(tarefas, agora).map((l) => l.tarefa.id)).toEqual(['em-30-min']);
    expect(lembretesFuturos(tarefas, agora).map((l) => [l.tarefa.id, l.em.toISOString()])).toEqual([['amanha', '2026-11-28T14:00:00.000Z']]);
  });
  it('a notification id is a stable positive int per task', () => {
    expect(idDaNotificacao('t-1')).toBe(idDaNotificacao('t-1'));
    expect(idDaNotificacao('t-1')).not.toBe(idDaNotificacao('t-2'));
    expect(idDaNotificacao('x'.repeat(64))).toBeGreaterThan(0);
  });
  it('schedules nothing on the web', async () => {
    await expect(agendarLembretes(tarefas, agora)).resolves.toBe(0);
  });
});
