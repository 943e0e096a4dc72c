import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { NavContext } from '@ionic/react';
import { temHistorico } from '../lib/history';

type NavValue = React.ContextType<typeof NavContext>;


/**
 * Routing for Ionic components (`routerLink` on IonButton/IonItem, back buttons) through
 * react-router 6. The app routes with react-router's <Routes> rather than IonRouterOutlet:
 * only the current screen stays mounted (a stacked, hidden screen must not react to a
 * sign-out), and the first load is about 25 KiB gzip lighter.
 */
export function NavBridge({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<NavValue>(
    () => ({
      getIonRoute: () => undefined,
      getStackManager: () => undefined,
      hasIonicRouter: () => true,
      navigate: (path, _direction, action) => navigate(path, { replace: action === 'replace' }),
      goBack: (route) => {
        if (temHistorico()) navigate(-1);
        else navigate(typeof route === 'string' ? route : route?.pathname || '/home', { replace: true });
      },
      setCurrentTab: () => undefined,
      changeTab: (_tab, path) => navigate(path),
      resetTab: (_tab, path) => navigate(path),
    }),
    [navigate],
  );
  return <NavContext.Provider value={value}>{children}</NavContext.Provider>;
}
