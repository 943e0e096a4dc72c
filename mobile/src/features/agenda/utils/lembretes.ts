// Task reminders: on Android, local notifications (@capacitor/local-notifications) scheduled for
// each open task with a reminder; on the web, an in-app list of the reminders due.
import { LocalNotifications } from '@capacitor/local-notifications';
import type { Tarefa } from '../../../lib/api/types';
import { isNative } from '../../../lib/platform';
import { momentoDoLembrete } from '../../../entities/tarefa/esquema';

export interface Lembrete {
  tarefa: Tarefa;
  em: Date;
}

/** The reminders due by agora (and not past the task's time by more than a day), soonest first. */
export function lembretesDevidos(tarefas: readonly Tarefa[], agora: Date): Lembrete[] {
  const out: Lembrete[] = [];
  for (const t of tarefas) {
    const em = momentoDoLembrete(t);
    if (!em || em.getTime() > agora.getTime() || new Date(t.vence_em).getTime() < agora.getTime() - 86_400_000) continue;
    out.push({ tarefa: t, em });
  }
  return out.sort((a, b) => a.em.getTime() - b.em.getTime());
}

/** The reminders still ahead of agora, soonest first. */
export function lembretesFuturos(tarefas: readonly Tarefa[], agora: Date): Lembrete[] {
  const out: Lembrete[] = [];
  for (const t of tarefas) {
    const em = momentoDoLembrete(t);
    if (em && em.getTime() > agora.getTime()) out.push({ tarefa: t, em });
  }
  return out.sort((a, b) => a.em.getTime() - b.em.getTime());
}

/** A notification's id from a task's id (a 31-bit hash: the plugin takes an int). */
export function idDaNotificacao(tarefaId: string): number {
  let h = 0;
  for (let i = 0; i < tarefaId.length; i++) h = (Math.imul(h, 31) + tarefaId.charCodeAt(i)) | 0;
  return Math.abs(h) % 2_147_483_647 || 1;
}

/**
 * On Android, schedules a notification for each reminder ahead and cancels the others this app
 * scheduled (done, deleted or moved tasks). Asks for the permission once; denied, nothing is
 * scheduled (the in-app list still shows them). Resolves with how many were scheduled.
 */
export async function agendarLembretes(tarefas: readonly Tarefa[], agora = new Date()): Promise<number> {
  if (!isNative()) return 0;
  let perm = await LocalNotifications.checkPermissions();
  if (perm.display === 'prompt' || perm.display === 'prompt-with-rationale') perm = await LocalNotifications.requestPermissions();
  if (perm.display !== 'granted') return 0;
  const pendentes = await LocalNotifications.getPending();
  if (pendentes.notifications.length) await LocalNotifications.cancel({ notifications: pendentes.notifications.map((n) => ({ id: n.id })) });
  const futuros = lembretesFuturos(tarefas, agora).slice(0, 60);
  if (!futuros.length) return 0;
  await LocalNotifications.schedule({
    notifications: futuros.map((l) => ({
      id: idDaNotificacao(l.tarefa.id),
      title: 'Lembrete de tarefa',
      body: l.tarefa.titulo,
      schedule: { at: l.em, allowWhileIdle: true },
      extra: { tarefa_id: l.tarefa.id },
    })),
  });
  return futuros.length;
}
