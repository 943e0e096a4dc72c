// App version check (SPEC §7, POST {api}/sistema/versao) and the mandatory-update gate.
import { useSyncExternalStore } from 'react';
import { api } from './api/client';
import type { ObterVersaoResposta, TipoPlataforma } from './api/types';
import { config } from '../config/env';
import { ERRO_EMPRESA_VERSAO, KEYS, getItem } from './storage';
import { guardarNomeEmpresa } from './empresa';

/** Compares dotted versions numerically ('1.10.0' > '1.9.2'); missing parts count as 0. */
export function compararVersoes(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((x) => parseInt(x, 10) || 0);
  const pb = b.split(/[.+-]/).map((x) => parseInt(x, 10) || 0);
  const n = Math.max(pa.length, pb.length, 3);
  for (let i = 0; i < n; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Mandatory when this build is below versao_minima (or the server says so). */
export function atualizacaoObrigatoria(versaoApp: string, r: Pick<ObterVersaoResposta, 'versao_minima' | 'atualizacao_obrigatoria'>): boolean {
  if (r.atualizacao_obrigatoria) return true;
  return Boolean(r.versao_minima) && compararVersoes(versaoApp, r.versao_minima) < 0;
}

export interface Bloqueio {
  versaoMinima: string;
  versaoAtual: string;
  url: string;
  mensagem: string;
}

let bloqueio: Bloqueio | null = null;
const listeners = new Set<() => void>();

export function useBloqueioVersao(): Bloqueio | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => bloqueio,
  );
}

function setBloqueio(b: Bloqueio | null): void {
  bloqueio = b;
  listeners.forEach((l) => l());
}

/** Asks the server which version this platform needs; blocks the app on a mandatory update. */
export async function verificarVersao(tipo: TipoPlataforma): Promise<ObterVersaoResposta> {
  const empresa = getItem(KEYS.empresa);
  if (!empresa) throw new Error(ERRO_EMPRESA_VERSAO);
  const r = await api<ObterVersaoResposta>('/sistema/versao', { method: 'POST', body: { empresa, tipo } });
  // The answer also names the company (shown instead of its id).
  void guardarNomeEmpresa(empresa, r.nome_empresa ?? '');
  if (atualizacaoObrigatoria(config.appVersion, r)) {
    setBloqueio({ versaoMinima: r.versao_minima, versaoAtual: r.versao_atual, url: r.url_atualizacao, mensagem: r.mensagem });
  } else {
    setBloqueio(null);
  }
  return r;
}

export function limparBloqueio(): void {
  setBloqueio(null);
}
