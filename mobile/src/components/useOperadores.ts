import { useMemo } from 'react';
import { useOperadoresDaEmpresa } from '../entities/operador/queries';
import type { Operador } from '../lib/api/types';
import { useSession } from '../lib/session';

/**
 * The company's operators (names for seller ids, the seller chooser). ADMIN and SUPERVISOR read
 * them from the API; a VENDEDOR knows only themself.
 */
export function useOperadores() {
  const { profile } = useSession();
  const gestor = Boolean(profile && profile.perfil !== 'VENDEDOR');
  const q = useOperadoresDaEmpresa({ enabled: gestor });
  const lista: Operador[] = useMemo(() => q.data ?? [], [q.data]);
  const nomes = useMemo(() => {
    const m = new Map(lista.map((o) => [o.id, o.nome_operador]));
    if (profile) m.set(profile.operador, profile.nomeOperador);
    return m;
  }, [lista, profile]);
  const nome = (id: string) => (id ? (nomes.get(id) ?? id) : '');
  // Sellers the caller may pick: ADMIN every active VENDEDOR; SUPERVISOR the VENDEDORes of their team.
  const vendedores = useMemo(() => {
    if (profile?.perfil !== 'SUPERVISOR') return opcoesVendedores(lista);
    const eu = lista.find((o) => o.id === profile.operador);
    const equipe = new Set(eu?.equipe ?? []);
    return opcoesVendedores(lista.filter((o) => equipe.has(o.id)));
  }, [lista, profile]);
  /** Whether id is known to be an operator that owns no portfolio (ADMIN or SUPERVISOR). */
  const naoVendedor = (id: string) => ehNaoVendedor(lista, id);
  return { lista, nomes, nome, gestor, vendedores, naoVendedor, carregando: gestor && q.isPending, erro: q.error };
}

/**
 * Portfolio owners to choose from: active VENDEDOR operators only (an ADMIN or SUPERVISOR owns no
 * portfolio; the server refuses them too).
 */
export function opcoesVendedores(lista: readonly Operador[]) {
  return lista
    .filter((o) => o.ativo && o.perfil_app === 'VENDEDOR')
    .sort((a, b) => a.nome_operador.localeCompare(b.nome_operador, 'pt-BR'))
    .map((o) => ({ valor: o.id, rotulo: o.nome_operador, detalhe: o.email || 'Vendedor' }));
}

/** True when id is an operator of the list whose profile is not VENDEDOR. */
export function ehNaoVendedor(lista: readonly Operador[], id: string): boolean {
  const o = lista.find((x) => x.id === id);
  return Boolean(o && o.perfil_app !== 'VENDEDOR');
}

/**
 * The rows of the portfolio summary a user should see: sellers, and any other owner only while
 * it still holds customers (older data), so that none is hidden.
 */
export function linhasDoResumo<T extends { vendedor_id: string; clientes: number }>(linhas: readonly T[], lista: readonly Operador[]): T[] {
  return linhas.filter((l) => !ehNaoVendedor(lista, l.vendedor_id) || l.clientes > 0);
}
