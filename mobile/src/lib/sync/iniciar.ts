// When the device talks to the server: after sign-in (and at every start with a session), on
// pull-to-refresh, when the connection returns and when the app comes back to the front. The
// outbox goes first (in order), then every declared collection catches up with its feed. These
// are background calls (lib/system): a failure offline is expected and quiet.
import { marcarPrimeiraSincronizacao } from '../history';
import { readProfile } from '../storage';
import { falhaDeFundo } from '../system';
import { todasAsColecoes } from './colecao';
import { enviarSaida } from './saida';

/** Sends what waits, then brings every collection up to date; resolves with the entries applied. */
export async function enviarESincronizar(): Promise<number> {
  await enviarSaida().catch((err) => falhaDeFundo('Envio da saída', err));
  const r = await Promise.allSettled(todasAsColecoes().map((c) => c.sincronizar()));
  const falha = r.find((x) => x.status === 'rejected');
  if (falha) throw (falha as PromiseRejectedResult).reason;
  return r.reduce((n, x) => n + (x.status === 'fulfilled' ? x.value : 0), 0);
}

/**
 * After a write the feed will carry that did not go through the outbox (a transfer, an import):
 * sync now. The feed is in commit order, so what was just written is already there.
 */
export function sincronizarAposGravar(): void {
  enviarESincronizar().catch((err) => falhaDeFundo('Sincronização', err));
}

let iniciado = false;
let ultimaVolta = 0;

/** Sync now and whenever the device comes back online or the app returns to the front. */
export function iniciarSincronizacao(): void {
  const rodar = () => {
    ultimaVolta = Date.now();
    enviarESincronizar()
      .catch((err) => falhaDeFundo('Sincronização', err))
      .finally(marcarPrimeiraSincronizacao);
  };
  rodar();
  if (iniciado || typeof window === 'undefined') return;
  iniciado = true;
  window.addEventListener('online', rodar);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - ultimaVolta > 60_000 && readProfile()) rodar();
  });
}
