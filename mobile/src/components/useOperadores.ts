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
  // Sellers the caller may pick: ADMIN every active operator; SUPERVISOR themself and their team.
  const vendedores = useMemo(() => {
    if (profile?.perfil !== 'SUPERVISOR') return opcoesVendedores(lista);
    const eu = lista.find((o) => o.id === profile.operador);
    const equipe = new Set([profile.operador, ...(eu?.equipe ?? [])]);
    return opcoesVendedores(lista.filter((o) => equipe.has(o.id)));
  }, [lista, profile]);
  return { lista, nomes, nome, gestor, vendedores, carregando: gestor && q.isPending, erro: q.error };
}

/** Sellers to choose from: active operators that can own a portfolio. */
export function opcoesVendedores(lista: readonly Operador[]) {
  return lista
    .filter((o) => o.ativo)
    .sort((a, b) => a.nome_operador.localeCompare(b.nome_operador, 'pt-BR'))
    .map((o) => ({ valor: o.id, rotulo: o.nome_operador, detalhe: o.perfil_app === 'VENDEDOR' ? 'Vendedor' : o.perfil_app === 'SUPERVISOR' ? 'Supervisor' : 'Administrador' }));
}
