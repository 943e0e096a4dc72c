import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAlert } from '../components/ui/useAlert';
import { isSignedInOperator, useSession } from '../lib/session';
import { isNative } from '../lib/platform';
import { AUTH_LINKS_PATH } from '../config/env';
import { aposPrimeiraTela, quandoOcioso } from '../lib/history';
import { assinarDecisoes } from '../entities/pedido/decisoes';
import { precarregarTelasAposEntrada } from './routes';

/** The path of an auth-links deep link inside the app, or null for other URLs. */
export function rotaDoDeepLink(url: string): string | null {
  if (!url.includes('auth-links')) return null;
  try {
    const u = new URL(url);
    return `${AUTH_LINKS_PATH}${u.search}`;
  } catch {
    const i = url.indexOf('?');
    return i >= 0 ? `${AUTH_LINKS_PATH}${url.slice(i)}` : AUTH_LINKS_PATH;
  }
}

/**
 * On the sign-in screen, what follows it is fetched while the user types, in order: the sign-in's
 * own code (`entrada`), then the sync's and the first screens' (`depois`). A chunk that fails (no
 * connection) is asked for again when it is used.
 */
export function precarregarNaEntrada(
  entrada: () => Promise<unknown> = () => import('../lib/auth/flows'),
  depois: () => void = () => {
    void import('./sincronizacao').catch(() => undefined);
    precarregarTelasAposEntrada();
  },
): Promise<void> {
  return entrada().then(depois, depois);
}

/**
 * Work done once at start: the Google redirect result (web), the auth-links deep links
 * (Android), and the version check + access log when a session was restored. These are
 * background calls (lib/system): a failure never shows as an error, offline not even in the console.
 */
export function StartupTasks() {
  const navigate = useNavigate();
  const alert = useAlert();
  const session = useSession();
  const aberturaFeita = useRef(false);
  const nativo = isNative();

  // The seller is told when the supervisor decides one of their orders (the toast's code loads
  // with the first decision, not with the first screen).
  useEffect(
    () =>
      assinarDecisoes((d) => {
        void import('../components/ui/useToast').then((m) => m.mostrarToast(d.texto, { duration: 8000, position: 'top', color: d.aprovado ? 'success' : 'warning' }));
      }),
    [],
  );

  // Google redirect result (web only): a user → profile → /home; none → a logged warning.
  useEffect(() => {
    if (nativo || !session.ready) return;
    let cancelled = false;
    quandoOcioso(() => {
      void import('../lib/auth/google')
        .then((m) => m.processarRedirecionamento())
        .then((r) => {
          if (cancelled || !r) return;
          if (r.ok) navigate(r.to, { replace: true });
          else void alert(r.header, r.message);
        })
        .catch((err) => void import('../lib/system').then((s) => s.falhaDeFundo('Resultado do redirecionamento', err)));
    });
    return () => {
      cancelled = true;
    };
    // Once, when Firebase is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.ready]);

  // Android: e-mail link opened through the App Link or the custom scheme.
  useEffect(() => {
    if (!nativo) return;
    let remove: (() => void) | undefined;
    let last = '';
    const abrir = (url: string | undefined) => {
      if (!url || url === last) return;
      const rota = rotaDoDeepLink(url);
      if (rota) {
        last = url;
        navigate(rota, { replace: true });
      }
    };
    void import('@capacitor/app').then(async ({ App }) => {
      const h = await App.addListener('appUrlOpen', (e) => abrir(e.url));
      remove = () => void h.remove();
      const launch = await App.getLaunchUrl();
      abrir(launch?.url);
    });
    return () => remove?.();
  }, [nativo, navigate]);

  // A restored session: the version check at every start (a mandatory update must survive a
  // reload); the access log once per start of the app (a browser tab counts once).
  useEffect(() => {
    if (!session.ready || aberturaFeita.current) return;
    aberturaFeita.current = true;
    if (!isSignedInOperator(session)) return;
    const uid = session.profile?.uid ?? '';
    void Promise.all([import('../lib/access'), import('../lib/auth/historico')]).then(([a, h]) => {
      void a.checarVersao();
      // Once per opening: not again for a tab whose sign-in (or earlier opening) was logged.
      if (a.acessoAindaNaoRegistrado(uid)) void a.registrarComLocalizacao(h.HISTORICO.abertura);
    });
  }, [session]);

  // On the sign-in screen, the code of what follows it is fetched while the user types: the
  // sync's (every device collection's) and the first screens' (precarregarTelasAposEntrada). On a
  // slow line the sync's two dozen files took 0.7–1 s after sign-in, side by side with the first
  // screen's, before the first copy could start (bench:primeira-copia). The sign-in's own code
  // (lib/auth/flows) first: with the credentials filled at once (a password manager) the tap on
  // "Entrar" came while these 60 files held the 6 connections, and the sign-in waited 1.5 s for its
  // chunk behind them (a bench trace).
  const naEntrada = useLocation().pathname === '/signin';
  useEffect(() => {
    if (!naEntrada) return;
    aposPrimeiraTela(() => void precarregarNaEntrada());
  }, [naEntrada]);

  // The device copy of the portfolio: synced as soon as a signed-in operator is known (after
  // sign-in or a restored session), then when the device comes back online. Not left for an idle
  // moment: on a slow phone that is up to 2 s more before the first copy starts, and the seller's
  // first search waits for it (bench:primeira-copia).
  const uid = isSignedInOperator(session) ? session.profile?.uid : undefined;
  useEffect(() => {
    if (!uid) return;
    void import('./sincronizacao').then((m) => m.iniciarSincronizacao());
  }, [uid]);

  return null;
}
