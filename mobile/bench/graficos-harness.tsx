// Harness of `npm run bench:graficos`: the `graficos` screen (GraficosPage, as the app routes it)
// of a signed-in supervisor, its figures answered by the bench server as the sales service does
// (GET /crm/vendas/ano-mes by seller over 24 months with the goals, by group over 12, GET
// /crm/painel with the team's ranking). Each round mounts the screen afresh with an empty query
// cache and records the time from the render call to every chart drawn by uPlot (its canvas
// painted: data-desenhado) and laid out, then to the next frame.
import './graficos-sessao';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { IonApp, setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import GraficosPage from '../src/features/figuras/graficos/GraficosPage';
import { apagarDadosDoAparelho } from '../src/lib/device-db';
import { queryClient } from '../src/lib/query';

setupIonicReact({ mode: 'md' });

const GRAFICOS = 4;
let root: Root | null = null;

const desenhados = () => document.querySelectorAll('.grafico-tela[data-desenhado]').length;

const bench = {
  pronto: false,
  /** Per round: ms to every chart drawn and laid out, and to the next frame. */
  tempos: [] as { ms: number; quadro: number }[],
  async rodada() {
    root?.unmount();
    queryClient.clear();
    await new Promise((r) => setTimeout(r, 50));
    const el = document.getElementById('root')!;
    root = createRoot(el);
    const feito = new Promise<number>((resolve) => {
      const mo = new MutationObserver(() => {
        if (desenhados() < GRAFICOS) return;
        mo.disconnect();
        void el.offsetHeight; // style and layout count
        resolve(performance.now());
      });
      mo.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-desenhado'] });
    });
    const t0 = performance.now();
    root.render(
      <IonApp>
        <MemoryRouter initialEntries={['/graficos']}>
          <Routes>
            <Route path="/graficos" element={<GraficosPage />} />
          </Routes>
        </MemoryRouter>
      </IonApp>,
    );
    const t1 = await Promise.race([feito, new Promise<number>((_r, reject) => setTimeout(() => reject(new Error(`${desenhados()} de ${GRAFICOS} gráficos desenhados em 60 s: ${document.getElementById('root')!.innerText.slice(0, 600)}`)), 60_000))]);
    const quadro = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
    const t = { ms: t1 - t0, quadro: quadro - t0 };
    bench.tempos.push(t);
    return { ...t, titulos: [...document.querySelectorAll('.grafico-titulo')].map((h) => h.textContent) };
  },
};
(window as unknown as { __bench: typeof bench }).__bench = bench;

void apagarDadosDoAparelho().then(() => (bench.pronto = true));
