// The task form's values, its rules (the server's: Tarefa.Normalizar in services/field) and its
// payloads. A task's due time is typed as a day and a time in São Paulo (UTC−3 all year since
// 2019), as the rest of the app shows times.
import * as z from 'zod/mini';
import type { CriarTarefaPedido, Tarefa } from '../../lib/api/types';
import type { MudancasTarefa } from './index';
import { novoId } from '../../lib/uuid';

export const PRIORIDADES = [
  { value: 'baixa', label: 'Baixa' },
  { value: 'media', label: 'Média' },
  { value: 'alta', label: 'Alta' },
] as const;

export const STATUS_TAREFA = [
  { value: 'aberta', label: 'Aberta' },
  { value: 'em_andamento', label: 'Em andamento' },
  { value: 'concluida', label: 'Concluída' },
  { value: 'cancelada', label: 'Cancelada' },
] as const;

export const LEMBRETES = [
  { value: '0', label: 'Sem lembrete' },
  { value: '10', label: '10 minutos antes' },
  { value: '30', label: '30 minutos antes' },
  { value: '60', label: '1 hora antes' },
  { value: '1440', label: '1 dia antes' },
] as const;

export const nomeDoStatus = (s: string) => STATUS_TAREFA.find((x) => x.value === s)?.label ?? s;
export const nomeDaPrioridade = (p: string) => PRIORIDADES.find((x) => x.value === p)?.label ?? p;

export interface ValoresTarefa {
  titulo: string;
  descricao: string;
  cliente_id: string;
  /** AAAA-MM-DD. */
  data: string;
  /** HH:MM. */
  hora: string;
  prioridade: string;
  status: string;
  /** Minutes before, as the select keeps it. */
  lembrete: string;
}

const FUSO = '-03:00';

/** The instant of a day and a time in São Paulo; null when either is not valid. */
export function instanteDe(data: string, hora: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(hora)) return null;
  const d = new Date(`${data}T${hora}:00${FUSO}`);
  if (Number.isNaN(d.getTime())) return null;
  // 2026-02-30 rolls over: refuse it.
  const [a, m, dia] = data.split('-').map(Number);
  const c = new Date(Date.UTC(a, m - 1, dia));
  if (c.getUTCMonth() !== m - 1 || c.getUTCDate() !== dia) return null;
  return d.toISOString().replace('.000Z', 'Z');
}

/** The day and time in São Paulo of an instant. */
export function diaEHora(instante: string): { data: string; hora: string } {
  const d = new Date(new Date(instante).getTime() - 3 * 3600_000);
  if (Number.isNaN(d.getTime())) return { data: '', hora: '' };
  const iso = d.toISOString();
  return { data: iso.slice(0, 10), hora: iso.slice(11, 16) };
}

export function novaTarefa(clienteId = '', data = ''): ValoresTarefa {
  return { titulo: '', descricao: '', cliente_id: clienteId, data, hora: '09:00', prioridade: 'media', status: 'aberta', lembrete: '30' };
}

export function daTarefa(t: Tarefa): ValoresTarefa {
  const { data, hora } = diaEHora(t.vence_em);
  return {
    titulo: t.titulo,
    descricao: t.descricao,
    cliente_id: t.cliente_id,
    data,
    hora,
    prioridade: t.prioridade,
    status: t.status,
    lembrete: String(t.lembrete_minutos_antes ?? 0),
  };
}

const caracteres = (s: string) => [...s].length;

export function validarTarefa(v: ValoresTarefa): Record<string, string> {
  const e: Record<string, string> = {};
  const titulo = v.titulo.trim();
  if (!titulo || caracteres(titulo) > 120) e.titulo = 'Informe o título da tarefa (até 120 caracteres).';
  if (caracteres(v.descricao.trim()) > 2000) e.descricao = 'A descrição deve ter no máximo 2000 caracteres.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.data) || !instanteDe(v.data, '00:00')) e.data = 'Informe a data de vencimento.';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.hora)) e.hora = 'Informe a hora de vencimento (hh:mm).';
  if (!PRIORIDADES.some((p) => p.value === v.prioridade)) e.prioridade = 'Prioridade inválida: use baixa, media ou alta.';
  if (!STATUS_TAREFA.some((s) => s.value === v.status)) e.status = 'Status inválido: use aberta, em_andamento, concluida ou cancelada.';
  const l = Number(v.lembrete);
  if (!Number.isInteger(l) || l < 0 || l > 10080) e.lembrete = 'Lembrete inválido: de 0 (sem lembrete) a 10080 minutos (7 dias) antes do vencimento.';
  return e;
}

/** The task form's schema (react-hook-form's resolver). */
export const esquemaTarefa = z.custom<ValoresTarefa>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarTarefa(v))) ctx.addIssue({ code: 'custom', path: [campo], message });
  }),
);

/** A new task's payload (its client id: a replay returns the first record). */
export function paraCriar(v: ValoresTarefa, id = novoId()): CriarTarefaPedido {
  return {
    id,
    titulo: v.titulo.trim(),
    descricao: v.descricao.trim(),
    cliente_id: v.cliente_id.trim(),
    vence_em: instanteDe(v.data, v.hora) ?? '',
    prioridade: v.prioridade,
    status: v.status,
    lembrete_minutos_antes: Number(v.lembrete),
  };
}

/** What changed from the stored task (only those fields travel: a patch). */
export function mudancas(t: Tarefa, v: ValoresTarefa): MudancasTarefa {
  const novo = paraCriar(v, t.id);
  const m: MudancasTarefa = {};
  if (novo.titulo !== t.titulo) m.titulo = novo.titulo;
  if (novo.descricao !== t.descricao) m.descricao = novo.descricao;
  if (novo.cliente_id !== t.cliente_id) m.cliente_id = novo.cliente_id;
  if (novo.vence_em !== t.vence_em) m.vence_em = novo.vence_em;
  if (novo.prioridade !== t.prioridade) m.prioridade = novo.prioridade;
  if (novo.status !== t.status) m.status = novo.status;
  if (novo.lembrete_minutos_antes !== t.lembrete_minutos_antes) m.lembrete_minutos_antes = novo.lembrete_minutos_antes;
  return m;
}

/** When the reminder of a task is due (null: none, or the task is done). */
export function momentoDoLembrete(t: Pick<Tarefa, 'vence_em' | 'lembrete_minutos_antes' | 'status' | 'excluido'>): Date | null {
  if (t.excluido || !t.lembrete_minutos_antes || t.status === 'concluida' || t.status === 'cancelada') return null;
  const vence = new Date(t.vence_em).getTime();
  if (Number.isNaN(vence)) return null;
  return new Date(vence - t.lembrete_minutos_antes * 60_000);
}
