import { describe, expect, it } from 'vitest';
import type { ItemAgenda, Tarefa } from '../../../lib/api/types';
import { combinarAgenda, diasDe, motivoSemVisita, navegar, periodoDaVista, porDia, resumoPorVendedor } from './calendario';

describe('the days of each view', () => {
  it('a week is Monday to Sunday, a month its full weeks', () => {
    expect(periodoDaVista('dia', '2026-11-27')).toEqual({ de: '2026-11-27', ate: '2026-11-27' });
    expect(periodoDaVista('semana', '2026-11-27')).toEqual({ de: '2026-11-23', ate: '2026-11-29' });
    expect(periodoDaVista('semana', '2026-11-29')).toEqual({ de: '2026-11-23', ate: '2026-11-29' });
    // February 2026 starts on a Sunday and ends on a Saturday.
    expect(periodoDaVista('mes', '2026-02-14')).toEqual({ de: '2026-01-26', ate: '2026-03-01' });
    const { de, ate } = periodoDaVista('mes', '2026-03-31');
    expect(diasDe(de, ate)).toHaveLength(42);
  });
  it('moves a view back and forth, across years', () => {
    expect(navegar('dia', '2026-12-31', 1)).toBe('2027-01-01');
    expect(navegar('semana', '2026-01-02', -1)).toBe('2025-12-26');
    expect(navegar('mes', '2026-12-15', 1)).toBe('2027-01-01');
    expect(navegar('mes', '2026-01-15', -1)).toBe('2025-12-01');
  });
});

const item = (data: string, tipo: string, extra: Partial<ItemAgenda> = {}): ItemAgenda => ({
  data,
  tipo,
  cliente_id: 'c',
  tarefa_id: '',
  visita_id: '',
  situacao: 'planejada',
  vendedor_id: 'v',
  titulo: '',
  veredito: '',
  resultado: '',
  ...extra,
});
const tarefa = (id: string, vence: string, extra: Partial<Tarefa> = {}): Tarefa => ({
  id,
  empresa: '',
  titulo: id,
  descricao: '',
  cliente_id: '',
  vence_em: vence,
  prioridade: 'media',
  status: 'aberta',
  responsavel_id: 'v',
  lembrete_minutos_antes: 0,
  versao: '1',
  criado_por: '',
  criado_em: '',
  alterado_em: '',
  excluido: false,
  ...extra,
});

describe('the device tasks over the server agenda', () => {
  const agora = new Date('2026-11-27T15:00:00Z');
  it('replaces the server task items by the device copy (an offline task shows at once)', () => {
    const servidor = [item('2026-11-27', 'frequencia'), item('2026-11-27', 'tarefa', { tarefa_id: 'velha' })];
    const r = combinarAgenda(servidor, [tarefa('nova', '2026-11-27T20:00:00Z'), tarefa('atrasada', '2026-11-27T12:00:00Z'), tarefa('feita', '2026-11-26T12:00:00Z', { status: 'concluida' })], '2026-11-26', '2026-11-27', '', agora);
    expect(r.map((i) => `${i.data} ${i.tipo} ${i.tarefa_id} ${i.situacao}`)).toEqual([
      '2026-11-26 tarefa feita realizada',
      '2026-11-27 frequencia  planejada',
      '2026-11-27 tarefa atrasada perdida',
      '2026-11-27 tarefa nova planejada',
    ]);
  });
  it('leaves out cancelled, deleted, other sellers and out-of-period tasks; without a copy keeps the server items', () => {
    const ts = [
      tarefa('c', '2026-11-27T20:00:00Z', { status: 'cancelada' }),
      tarefa('x', '2026-11-27T20:00:00Z', { excluido: true }),
      tarefa('o', '2026-11-27T20:00:00Z', { responsavel_id: 'outro' }),
      tarefa('f', '2026-12-27T20:00:00Z'),
    ];
    expect(combinarAgenda([], ts, '2026-11-27', '2026-11-27', 'v', agora)).toEqual([]);
    const s = [item('2026-11-27', 'tarefa', { tarefa_id: 's' })];
    expect(combinarAgenda(s, null, '2026-11-27', '2026-11-27', '', agora)).toEqual(s);
  });
  it('groups by day', () => {
    const m = porDia([item('2026-11-27', 'a'), item('2026-11-28', 'b'), item('2026-11-27', 'c')]);
    expect([...m.keys()]).toEqual(['2026-11-27', '2026-11-28']);
    expect(m.get('2026-11-27')?.map((i) => i.tipo)).toEqual(['a', 'c']);
  });
});

describe('customers without a visit nor an order', () => {
  it('says how long since the last visit and the last order', () => {
    expect(motivoSemVisita({ ultima_visita: '2026-10-18', ultimo_pedido: '2026-10-23' }, '2026-11-27')).toBe('sem visita há 40 dias · último pedido há 35 dias');
    expect(motivoSemVisita({ ultima_visita: '', ultimo_pedido: '' }, '2026-11-27')).toBe('nunca visitado · nunca comprou');
    expect(motivoSemVisita({ ultima_visita: '2026-11-26', ultimo_pedido: '' }, '2026-11-27')).toBe('sem visita há 1 dia · nunca comprou');
  });
});

describe("a supervisor's day", () => {
  it('planned vs done per seller, with the verified check-ins', () => {
    const r = resumoPorVendedor([
      item('2026-11-27', 'frequencia', { vendedor_id: 'b', situacao: 'realizada', visita_id: 'v1', veredito: 'verificado' }),
      item('2026-11-27', 'frequencia', { vendedor_id: 'b', situacao: 'realizada', visita_id: 'v2', veredito: 'fora_do_raio' }),
      item('2026-11-27', 'avulsa', { vendedor_id: 'b', situacao: 'perdida' }),
      item('2026-11-27', 'visita', { vendedor_id: 'a', situacao: 'nao_planejada', visita_id: 'v3', veredito: 'verificado' }),
      item('2026-11-27', 'frequencia', { vendedor_id: 'a' }),
      item('2026-11-27', 'tarefa', { vendedor_id: 'a', tarefa_id: 't' }),
    ]);
    expect(r).toEqual([
      { vendedor_id: 'a', planejadas: 1, realizadas: 0, perdidas: 0, naoPlanejadas: 1, verificadas: 1, visitas: 1 },
      { vendedor_id: 'b', planejadas: 3, realizadas: 2, perdidas: 1, naoPlanejadas: 0, verificadas: 1, visitas: 2 },
    ]);
  });
});
