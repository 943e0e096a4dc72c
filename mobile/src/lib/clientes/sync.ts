// Sync of the device copy with GET /crm/clientes/alteracoes: pages until `mais` is false, each
// page and its cursor applied in one transaction. Runs after sign-in (and at every start with a
// session), on pull-to-refresh, and when the device comes back online. Writes stay online-only:
// the screens call the API and then keep the answer in the copy (guardarCliente).
import { useSyncExternalStore } from 'react';
import { alteracoesClientes } from '../api/clientes';
import { mensagemDeErro } from '../api/client';
import type { AlteracoesClientesResposta } from '../api/types';
import { aoApagarDados, temBancoNoAparelho } from '../device-db';
import { readProfile } from '../storage';
import { aplicarAlteracoes, lerEstadoSync, limparCopia } from './copia';
import { enviarPendencias } from './fila';

export const TAMANHO_PAGINA_SYNC = 500;

type Buscar = (desde: string, pageSize: number) => Promise<AlteracoesClientesResposta>;

export interface SituacaoSync {
  sincronizando: boolean;
  /** pt-BR message of the last failed sync (null after a good one). */
  erro: string | null;
  /** When the copy last caught up (ISO), '' when never. */
  sincronizadoEm: string;
}

let situacao: SituacaoSync = { sincronizando: false, erro: null, sincronizadoEm: '' };
const ouvintes = new Set<() => void>();
function mudar(p: Partial<SituacaoSync>): void {
  situacao = { ...situacao, ...p };
  ouvintes.forEach((l) => l());
}

export function situacaoSync(): SituacaoSync {
  return situacao;
}

export function useSituacaoSync(): SituacaoSync {
  return useSyncExternalStore(
    (l) => {
      ouvintes.add(l);
      return () => ouvintes.delete(l);
    },
    situacaoSync,
    situacaoSync,
  );
}

let emCurso: Promise<number> | null = null;

aoApagarDados(() => {
  situacao = { sincronizando: false, erro: null, sincronizadoEm: '' };
});

/**
 * Brings the device copy up to date; resolves with the number of changes applied. One run at a
 * time: a call during a run gets that run. Throws when the server cannot be reached.
 */
export function sincronizarClientes(buscar: Buscar = (d, n) => alteracoesClientes(d, n)): Promise<number> {
  if (emCurso) return emCurso;
  emCurso = (async () => {
    const perfil = readProfile();
    if (!perfil || !temBancoNoAparelho()) return 0;
    mudar({ sincronizando: true });
    try {
      const dono = `${perfil.uid}:${perfil.operador}`;
      let meta = await lerEstadoSync();
      if (meta && meta.dono !== dono) {
        await limparCopia();
        meta = null;
      }
      if (meta?.sincronizadoEm) mudar({ sincronizadoEm: meta.sincronizadoEm });
      let cursor = meta?.cursor ?? '';
      let sincronizadoEm = meta?.sincronizadoEm ?? '';
      let aplicadas = 0;
      for (let pagina = 0; pagina < 10_000; pagina++) {
        const r = await buscar(cursor, TAMANHO_PAGINA_SYNC);
        if (!r.mais) sincronizadoEm = new Date().toISOString();
        cursor = r.cursor || cursor;
        await aplicarAlteracoes(r.alteracoes ?? [], { cursor, sincronizadoEm, dono });
        aplicadas += r.alteracoes?.length ?? 0;
        if (!r.mais) break;
      }
      mudar({ sincronizando: false, erro: null, sincronizadoEm });
      return aplicadas;
    } catch (err) {
      mudar({ sincronizando: false, erro: mensagemDeErro(err) });
      throw err;
    }
  })().finally(() => {
    emCurso = null;
  });
  return emCurso;
}

/**
 * After a write on this device that the feed will carry (a transfer, an import): sync now. The
 * feed is in commit order, so what was just written is already there.
 */
export function sincronizarAposGravar(): void {
  sincronizarClientes().catch((err) => console.warn('Sincronização de clientes falhou', err));
}

/** Sends what was created offline, then brings the copy up to date. */
export async function enviarESincronizar(): Promise<number> {
  await enviarPendencias().catch((err) => console.warn('Envio da fila do aparelho falhou', err));
  return sincronizarClientes();
}

let iniciado = false;
let ultimaVolta = 0;

/** Sync now and whenever the device comes back online or the app returns to the front. */
export function iniciarSincronizacao(): void {
  const rodar = () => {
    ultimaVolta = Date.now();
    enviarESincronizar().catch((err) => console.warn('Sincronização de clientes falhou', err));
  };
  rodar();
  if (iniciado || typeof window === 'undefined') return;
  iniciado = true;
  window.addEventListener('online', rodar);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - ultimaVolta > 60_000 && readProfile()) rodar();
  });
}

/** Reads the sync time stored on the device (for the cached-data banner before any sync ran). */
export async function carregarSituacaoSalva(): Promise<void> {
  if (situacao.sincronizadoEm || !temBancoNoAparelho()) return;
  const meta = await lerEstadoSync().catch(() => null);
  if (meta?.sincronizadoEm && !situacao.sincronizadoEm) mudar({ sincronizadoEm: meta.sincronizadoEm });
}
