// Which navigations the service worker answers with the app (index.html) when the network is not
// asked. Read by vite.config.ts at build time (Workbox's navigateFallbackDenylist); pure, so the
// unit tests check it too.

function escapar(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The path of the API base (`/crm`, or the path of an absolute `VITE_API_BASE_URL`). */
export function caminhoDaApi(apiBase: string | undefined): string {
  const base = (apiBase || '/crm').trim();
  let p = base;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) {
    try {
      p = new URL(base).pathname;
    } catch {
      p = '/crm';
    }
  }
  p = `/${p.replace(/^\/+|\/+$/g, '')}`;
  return p === '/' ? '/crm' : p;
}

/**
 * Navigations the service worker must leave to the network (Workbox tests them against
 * pathname + search): the API (`/crm/…`, but not app routes such as `/crm-home`), what crm serves
 * besides the app (`/healthz`, `/readyz`, `/metrics`, `/.well-known/…`, `/debug/…`), Firebase's
 * reserved `/__/…`, and files (a dot in the last path segment; app routes have none).
 */
export function navegacoesForaDoApp(apiBase?: string): RegExp[] {
  const bases = [...new Set(['/crm', caminhoDaApi(apiBase)])];
  return [
    ...bases.map((b) => new RegExp(`^${escapar(b)}(?:[/?#]|$)`)),
    /^\/(?:healthz|readyz|metrics)(?:[/?#]|$)/,
    /^\/(?:\.well-known|debug|__)(?:[/?#]|$)/,
    /^[^?#]*\/[^/?#]*\.[^/?#]*(?:[?#].*)?$/,
  ];
}

/** Whether the service worker answers a navigation to `caminho` (pathname + search) with the app. */
export function navegacaoDoApp(caminho: string, apiBase?: string): boolean {
  return !navegacoesForaDoApp(apiBase).some((re) => re.test(caminho));
}
