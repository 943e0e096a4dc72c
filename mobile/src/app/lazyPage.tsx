import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { marcarPrimeiraTela } from '../lib/history';

function Mounted() {
  useEffect(() => marcarPrimeiraTela(), []);
  return null;
}

/** A code-split screen: its chunk loads when the route is first shown. */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(loader);
  function LazyPage() {
    return (
      <Suspense fallback={null}>
        <Component />
        <Mounted />
      </Suspense>
    );
  }
  return LazyPage;
}
