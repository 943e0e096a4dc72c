import { documentTextOutline, listOutline, peopleOutline, personCircleOutline, phonePortraitOutline, informationCircleOutline } from 'ionicons/icons';
import type { Perfil } from '../lib/api/types';

export interface ItemNavegacao {
  path: string;
  titulo: string;
  descricao: string;
  icon: string;
  perfis?: readonly Perfil[];
}

/** Areas that work today. Areas of later issues join this list when they are built. */
export const NAVEGACAO: readonly ItemNavegacao[] = [
  { path: '/profile', titulo: 'Meu perfil', descricao: 'Seus dados e a verificação do e-mail', icon: personCircleOutline },
  { path: '/admin/operadores', titulo: 'Operadores', descricao: 'Convide, edite e desative operadores', icon: peopleOutline, perfis: ['ADMIN'] },
  { path: '/admin/versoes', titulo: 'Versões do app', descricao: 'Versão atual e mínima por plataforma', icon: phonePortraitOutline, perfis: ['ADMIN'] },
  { path: '/admin/acessos', titulo: 'Log de acessos', descricao: 'Quem acessou, quando e de onde', icon: documentTextOutline, perfis: ['ADMIN'] },
  { path: '/menu', titulo: 'Menu', descricao: 'Todas as opções', icon: listOutline },
  { path: '/about', titulo: 'Sobre', descricao: 'Versão do aplicativo', icon: informationCircleOutline },
];

export function itensPara(perfil: string | undefined): ItemNavegacao[] {
  return NAVEGACAO.filter((i) => !i.perfis || (perfil !== undefined && i.perfis.includes(perfil as Perfil)));
}

export const NOMES_PERFIL: Record<string, string> = {
  ADMIN: 'Administrador',
  SUPERVISOR: 'Supervisor',
  VENDEDOR: 'Vendedor',
};
