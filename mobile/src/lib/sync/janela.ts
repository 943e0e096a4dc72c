// A device copy that keeps only a window of days (orders and visits keep DIAS_NO_APARELHO, the
// contract's 90 days): the collection framework has no age limit, so the feed's pages drop what
// has grown older than the window.
import type { Mudanca, PaginaFeed } from './colecao';

const DIA_MS = 86_400_000;

/** Whether a record dated `quando` (ISO) is older than `dias` days (an unknown date never is). */
export function foraDaJanela(quando: string | undefined, dias: number, agora = Date.now()): boolean {
  const t = Date.parse(quando ?? '');
  return Number.isFinite(t) && agora - t > dias * DIA_MS;
}

/**
 * A feed page without the records `antigo` rejects (they become removals), and on the last page
 * the removal of every stored record that has since grown old (`guardados`: the server's records
 * on the device, read only for the last page).
 */
export function semAntigos<T extends { id: string }>(pagina: PaginaFeed<T>, guardados: readonly T[], antigo: (r: T) => boolean): PaginaFeed<T> {
  const mudancas: Mudanca<T>[] = pagina.mudancas.map((m) => (m.registro && antigo(m.registro) ? { id: m.id, removido: true, registro: null } : m));
  if (!pagina.mais) {
    const nestas = new Set(pagina.mudancas.map((m) => m.id));
    for (const r of guardados) if (!nestas.has(r.id) && antigo(r)) mudancas.push({ id: r.id, removido: true, registro: null });
  }
  return { ...pagina, mudancas };
}
