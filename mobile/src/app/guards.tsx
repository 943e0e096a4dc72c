import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/ui/PageLoading';
import { isSignedInOperator, useSession } from '../lib/session';
import type { Perfil } from '../lib/api/types';

/**
 * Screens with company data need a signed-in operator; others go to /signin. While Firebase
 * restores a stored session a spinner shows; a device with no stored operator is sent to
 * /signin at once.
 */
export function RequireOperator({ children, perfis }: { children: ReactNode; perfis?: readonly Perfil[] }) {
  const session = useSession();
  const location = useLocation();
  if (!session.profile) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (!session.ready) return <PageLoading />;
  if (!isSignedInOperator(session)) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (perfis && !perfis.includes(session.profile.perfil as Perfil)) return <Navigate to="/crm-home" replace />;
  return <>{children}</>;
}
