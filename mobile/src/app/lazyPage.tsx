import { Component as ReactComponent, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { marcarPrimeiraTela } from '../lib/history';

function Mounted() {
  useEffect(() => marcarPrimeiraTela(), []);
  return null;
}

/**
 * A screen whose code could not be loaded (no connection before the service worker saved the
 * app): says so in pt-BR with a way to try again, instead of a blank screen.
 */
class FalhaAoCarregar extends ReactComponent<{ children: ReactNode }, { falhou: boolean }> {
  state = { falhou: false };

  static getDerivedStateFromError() {
    return { falhou: true };
  }

  componentDidCatch(err: unknown) {
    console.error('Tela não carregou', err);
  }

  render() {
    if (!this.state.falhou) return this.props.children;
    return (
      <div className="center-box" role="alert" data-testid="tela-nao-carregou" style={{ padding: 24, textAlign: 'center' }}>
        <p>
          Não foi possível abrir esta tela agora. {typeof navigator !== 'undefined' && !navigator.onLine ? 'Sem conexão: ' : ''}
          ela ainda não está guardada no aparelho.
        </p>
        <button type="button" className="chip" onClick={() => window.location.reload()}>
          Tentar de novo
        </button>
      </div>
    );
  }
}

/** A code-split screen: its chunk loads when the route is first shown. */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>) {
  // One load of the chunk, shared by the screen and an early fetch of its code (precarregar).
  let carregado: Promise<{ default: ComponentType }> | null = null;
  const carregar = () => (carregado ??= loader().catch((err) => ((carregado = null), Promise.reject(err))));
  const Component = lazy(carregar);
  function LazyPage() {
    return (
      <FalhaAoCarregar>
        <Suspense fallback={null}>
          <Component />
          <Mounted />
        </Suspense>
      </FalhaAoCarregar>
    );
  }
  /** Fetches the screen's code ahead of its route (a failure is left for the route to show). */
  LazyPage.precarregar = (): Promise<void> => carregar().then(
    () => undefined,
    () => undefined,
  );
  return LazyPage;
}
