// The calendar's days (day, week and month views of GET /crm/agenda) and the tasks the device
// keeps laid over the server's agenda: a task created or edited offline shows at once.
import type { ItemAgenda, Tarefa } from '../../../lib/api/types';
import { diaEHora } from '../../../entities/tarefa/esquema';

export type Vista = 'dia' | 'semana' | 'mes';

const DIA = 86_400_000;
const paraData = (dia: string) => new Date(`${dia}T00:00:00Z`);
const paraDia = (d: Date) => d.toISOString().slice(0, 10);

/** The day n days after (n < 0: before) "AAAA-MM-DD". */
export function somarDias(dia: string, n: number): string {
  return paraDia(new Date(paraData(dia).getTime() + n * DIA));
}

/** 1 (Monday) … 7 (Sunday). */
export function diaDaSemana(dia: string): number {
  return ((paraData(dia).getUTCDay() + 6) % 7) + 1;
}

/**
 * The days a view shows around a day: the day; its week (Monday to Sunday); its month's weeks
 * (from the Monday on or before the 1st to the Sunday on or after the last day: at most 42 days).
 */
export function periodoDaVista(vista: Vista, dia: string): { de: string; ate: string } {
  if (vista === 'dia') return { de: dia, ate: dia };
  if (vista === 'semana') {
    const de = somarDias(dia, 1 - diaDaSemana(dia));
    return { de, ate: somarDias(de, 6) };
  }
  const primeiro = `${dia.slice(0, 7)}-01`;
  const ultimo = paraDia(new Date(Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)), 0)));
  return { de: somarDias(primeiro, 1 - diaDaSemana(primeiro)), ate: somarDias(ultimo, 7 - diaDaSemana(ultimo)) };
}

/** The day the previous (passo −1) or next (+1) view starts on. */
export function navegar(vista: Vista, dia: string, passo: 1 | -1): string {
  if (vista === 'dia') return somarDias(dia, passo);
  if (vista === 'semana') return somarDias(dia, 7 * passo);
  const total = Number(dia.slice(0, 4)) * 12 + Number(dia.slice(5, 7)) - 1 + passo;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/** Every day from de to ate. */
export function diasDe(de: string, ate: string): string[] {
  const out: string[] = [];
  for (let d = de; d <= ate; d = somarDias(d, 1)) out.push(d);
  return out;
}

/** A task as an agenda item (as the server states it: concluída is done, an open one past its time is missed). */
export function itemDaTarefa(t: Tarefa, agora: Date): ItemAgenda | null {
  if (t.excluido || t.status === 'cancelada' || !t.vence_em) return null;
  const situacao = t.status === 'concluida' ? 'realizada' : new Date(t.vence_em).getTime() < agora.getTime() ? 'perdida' : 'planejada';
  return {
    data: diaEHora(t.vence_em).data,
    tipo: 'tarefa',
    cliente_id: t.cliente_id,
    tarefa_id: t.id,
    visita_id: '',
    situacao,
    vendedor_id: t.responsavel_id,
    titulo: t.titulo,
    veredito: '',
    resultado: '',
  };
}

/**
 * The server's agenda with the device's tasks in place of the server's task items (the device's
 * copy has what was changed offline), for the sellers the agenda is about (empty: all), by day.
 */
export function combinarAgenda(itens: readonly ItemAgenda[], tarefas: readonly Tarefa[] | null, de: string, ate: string, vendedor: string, agora: Date): ItemAgenda[] {
  const base = tarefas ? itens.filter((i) => i.tipo !== 'tarefa') : [...itens];
  for (const t of tarefas ?? []) {
    if (vendedor && t.responsavel_id !== vendedor) continue;
    const it = itemDaTarefa(t, agora);
    if (it && it.data >= de && it.data <= ate) base.push(it);
  }
  return base.sort((a, b) => a.data.localeCompare(b.data) || a.tipo.localeCompare(b.tipo) || a.cliente_id.localeCompare(b.cliente_id) || a.tarefa_id.localeCompare(b.tarefa_id));
}

/** The items of each day. */
export function porDia(itens: readonly ItemAgenda[]): Map<string, ItemAgenda[]> {
  const m = new Map<string, ItemAgenda[]>();
  for (const i of itens) m.set(i.data, [...(m.get(i.data) ?? []), i]);
  return m;
}

export const NOMES_SITUACAO: Record<string, string> = {
  planejada: 'Planejada',
  realizada: 'Realizada',
  perdida: 'Perdida',
  nao_planejada: 'Não planejada',
};

export const NOMES_TIPO: Record<string, string> = {
  frequencia: 'Visita',
  avulsa: 'Visita avulsa',
  visita: 'Visita',
  tarefa: 'Tarefa',
};

/** Days from dia to hoje ("AAAA-MM-DD"; 0 the same day). */
export function diasEntre(dia: string, hoje: string): number {
  return Math.round((paraData(hoje).getTime() - paraData(dia).getTime()) / DIA);
}

const ha = (n: number) => (n === 1 ? 'há 1 dia' : `há ${n} dias`);

/**
 * Why a customer is on the "sem visita" list, as the seller reads it:
 * "sem visita há 40 dias · último pedido há 35 dias", "nunca visitado · nunca comprou".
 */
export function motivoSemVisita(c: { ultima_visita: string; ultimo_pedido: string }, hoje: string): string {
  const visita = c.ultima_visita ? `sem visita ${ha(diasEntre(c.ultima_visita, hoje))}` : 'nunca visitado';
  const pedido = c.ultimo_pedido ? `último pedido ${ha(diasEntre(c.ultimo_pedido, hoje))}` : 'nunca comprou';
  return `${visita} · ${pedido}`;
}

/** A seller's day (or period) as a SUPERVISOR reads it: planned vs done, and the check-ins' verdicts. */
export type ResumoVendedor = {
  vendedor_id: string;
  /** The visits planned (frequency and one-off). */
  planejadas: number;
  /** Of those, visited. */
  realizadas: number;
  /** Of those, the day passed without a visit. */
  perdidas: number;
  /** Visits done with nothing planned. */
  naoPlanejadas: number;
  /** Check-ins verified (within the radius, an accurate and fresh fix) of all the visits done. */
  verificadas: number;
  visitas: number;
};

/** Planned vs done per seller (the tasks left out), by seller id. */
export function resumoPorVendedor(itens: readonly ItemAgenda[]): ResumoVendedor[] {
  const m = new Map<string, ResumoVendedor>();
  for (const it of itens) {
    if (it.tipo === 'tarefa') continue;
    let r = m.get(it.vendedor_id);
    if (!r) {
      r = { vendedor_id: it.vendedor_id, planejadas: 0, realizadas: 0, perdidas: 0, naoPlanejadas: 0, verificadas: 0, visitas: 0 };
      m.set(it.vendedor_id, r);
    }
    if (it.tipo === 'visita') r.naoPlanejadas++;
    else {
      r.planejadas++;
      if (it.situacao === 'realizada') r.realizadas++;
      if (it.situacao === 'perdida') r.perdidas++;
    }
    if (it.visita_id) {
      r.visitas++;
      if (it.veredito === 'verificado') r.verificadas++;
    }
  }
  return [...m.values()].sort((a, b) => a.vendedor_id.localeCompare(b.vendedor_id));
}
