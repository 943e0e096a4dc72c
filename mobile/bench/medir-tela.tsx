// The page side of the screen-render benchmarks (scripts/bench-graficos.mjs,
// scripts/bench-calendario.mjs): each round mounts a screen afresh, as the app routes it, with an
// empty query cache, and records the time from the render call to the screen ready (what the
// harness waits for, on screen and laid out), then to the next frame, in window.__bench.
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { IonApp } from '@ionic/react';
import { apagarDadosDoAparelho } from '../src/lib/device-db';
import { queryClient } from '../src/lib/query';

/** A round: ms from the render call to the screen ready and laid out, and to the next frame. */
export interface TempoTela {
  ms: number;
  quadro: number;
}

/** What a round mounts and waits for. */
export interface Tela {
  /** The app's route of the screen. */
  rota: string;
  tela: ReactElement;
  /** The screen is ready (checked on every change under #root). */
  pronta: () => boolean;
  /** Attributes whose changes count too (besides added and removed nodes). */
  atributos?: string[];
  /** What is missing, in pt-BR, when the screen is not ready in 60 s. */
  falta: () => string;
}

let root: Root | null = null;

/** Mounts the screen afresh (the previous one unmounted, an empty query cache) and times it. */
async function rodadaDeTela(t: Tela): Promise<TempoTela> {
  root?.unmount();
  queryClient.clear();
  await new Promise((r) => setTimeout(r, 50));
  const el = document.getElementById('root')!;
  root = createRoot(el);
  const feito = new Promise<number>((resolve) => {
    const mo = new MutationObserver(() => {
      if (!t.pronta()) return;
      mo.disconnect();
      void el.offsetHeight; // style and layout count
      resolve(performance.now());
    });
    mo.observe(el, { subtree: true, childList: true, ...(t.atributos ? { attributes: true, attributeFilter: t.atributos } : {}) });
  });
  const t0 = performance.now();
  root.render(
    <IonApp>
      <MemoryRouter initialEntries={[t.rota]}>
        <Routes>
          <Route path={t.rota} element={t.tela} />
        </Routes>
      </MemoryRouter>
    </IonApp>,
  );
  const t1 = await Promise.race([
    feito,
    new Promise<number>((_r, reject) => setTimeout(() => reject(new Error(`${t.falta()} em 60 s: ${el.innerText.slice(0, 600)}`)), 60_000)),
  ]);
  const quadro = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  return { ms: t1 - t0, quadro: quadro - t0 };
}

/**
 * Publishes window.__bench of a screen-render harness: `rodada(...args)` measures the screen
 * `tela(...args)` describes and answers its times with what `ler()` then reads of the screen;
 * `tempos` keeps every round; `pronto` once the device's data is wiped.
 */
export function publicarBenchTela<A extends unknown[], X extends object>(tela: (...args: A) => Tela, ler: () => X) {
  const bench = {
    pronto: false,
    tempos: [] as TempoTela[],
    async rodada(...args: A): Promise<TempoTela & X> {
      const t = await rodadaDeTela(tela(...args));
      bench.tempos.push(t);
      return { ...t, ...ler() };
    },
  };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  void apagarDadosDoAparelho().then(() => (bench.pronto = true));
  return bench;
}
