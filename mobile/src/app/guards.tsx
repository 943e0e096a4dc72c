import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/ui/PageLoading';
import { isSignedInOperator, useSession } from '../lib/session';
import { pode, type Acao } from '../lib/permissoes';

// Its own chunk: only a role that opens a screen it may not use downloads it.
const SemPermissaoPage = lazy(() => import('../components/ui/SemPermissaoPage'));

/**
 * Screens with company data need a signed-in operator; others go to /signin. While Firebase
 * restores a stored session a spinner shows; a device with no stored operator is sent to
 * /signin at once. A screen for an action (`acao`, see lib/permissoes) the operator's role may
 * not do shows "Sem permissão" in its place, at the same URL.
 */
export function RequireOperator({ children, acao }: { children: ReactNode; acao?: Acao }) {
  const session = useSession();
  const location = useLocation();
  if (!session.profile) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (!session.ready) return <PageLoading />;
  if (!isSignedInOperator(session)) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (acao && !pode(session.profile.perfil, acao)) {
    return (
      <Suspense fallback={null}>
        <SemPermissaoPage acao={acao} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
