import { lazy, Suspense, type ReactNode } from 'react';
import { IonContent, IonPage } from '@ionic/react';
import { BackButton } from './BackButton';
import { IonButtons } from '../ionic/IonButtons';
import { IonHeader } from '../ionic/IonHeader';
import { IonTitle } from '../ionic/IonTitle';
import { IonToolbar } from '../ionic/IonToolbar';
import { readProfile } from '../../lib/storage';
import { useTelaLarga } from './useTelaLarga';

// The outbox's badge loads with the first signed-in screen, never in front of sign-in.
const SeloSaida = lazy(() => import('../sync/SeloSaida'));
// The side menu of wide screens, loaded only there (and only signed in).
const MenuLateral = lazy(() => import('./MenuLateral'));

interface PageProps {
  title: string;
  /** Where the back button goes when there is no history. Omit for top-level screens. */
  backHref?: string;
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  children: ReactNode;
  /** Rendered outside the scrolling content (FABs, refresher, infinite scroll go inside). */
  fixed?: ReactNode;
  className?: string;
  padded?: boolean;
}

/** A screen: toolbar with title (and back button) over scrolling content. */
export function Page({ title, backHref, actions, children, fixed, className, padded = true }: PageProps) {
  const larga = useTelaLarga();
  const comMenu = larga && readProfile() !== null;
  const conteudo = (
    <IonContent className={padded ? 'ion-padding' : undefined}>
      {children}
      {fixed}
    </IonContent>
  );
  return (
    <IonPage className={[className, comMenu ? 'com-menu-lateral' : ''].filter(Boolean).join(' ') || undefined}>
      <IonHeader>
        <IonToolbar color="primary">
          {backHref ? (
            <IonButtons slot="start">
              <BackButton defaultHref={backHref} />
            </IonButtons>
          ) : null}
          <IonTitle>{title}</IonTitle>
          {actions || readProfile() ? (
            <IonButtons slot="end">
              {readProfile() ? (
                <Suspense fallback={null}>
                  <SeloSaida />
                </Suspense>
              ) : null}
              {actions}
            </IonButtons>
          ) : null}
        </IonToolbar>
      </IonHeader>
      {comMenu ? (
        <div className="corpo-com-menu">
          <Suspense fallback={<nav className="menu-lateral" aria-hidden="true" />}>
            <MenuLateral />
          </Suspense>
          {conteudo}
        </div>
      ) : (
        conteudo
      )}
    </IonPage>
  );
}
