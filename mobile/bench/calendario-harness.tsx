// Harness of `npm run bench:calendario`: the `calendario` screen (CalendarioPage, as the app
// routes it, in its default week view) of a signed-in seller with 400 customers on visit
// frequencies, its agenda answered by the bench server as the field service does (GET
// /crm/agenda). Each round mounts the screen afresh with an empty query cache and records the
// time from the render call to every line of the week on screen and laid out, then to the next
// frame.
import './calendario-sessao';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { IonApp, setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import CalendarioPage from '../src/features/agenda/components/CalendarioPage';
import { apagarDadosDoAparelho } from '../src/lib/device-db';
import { queryClient } from '../src/lib/query';

setupIonicReact({ mode: 'md' });

let root: Root | null = null;

const linhas = () => document.querySelectorAll('[data-testid=agenda-item]').length;

const bench = {
  pronto: false,
  /** Per round: ms to the week's lines on screen and laid out, and to the next frame. */
  tempos: [] as { ms: number; quadro: number }[],
  /** esperadas: the lines the bench server's week has. */
  async rodada(esperadas: number) {
    root?.unmount();
    queryClient.clear();
    await new Promise((r) => setTimeout(r, 50));
    const el = document.getElementById('root')!;
    root = createRoot(el);
    const feito = new Promise<number>((resolve) => {
      const mo = new MutationObserver(() => {
        if (linhas() < esperadas) return;
        mo.disconnect();
        void el.offsetHeight; // style and layout count
        resolve(performance.now());
      });
      mo.observe(el, { subtree: true, childList: true });
    });
    const t0 = performance.now();
    root.render(
      <IonApp>
        <MemoryRouter initialEntries={['/calendario']}>
          <Routes>
            <Route path="/calendario" element={<CalendarioPage />} />
          </Routes>
        </MemoryRouter>
      </IonApp>,
    );
    const t1 = await Promise.race([
      feito,
      new Promise<number>((_r, reject) => setTimeout(() => reject(new Error(`${linhas()} de ${esperadas} linhas em 60 s: ${document.getElementById('root')!.innerText.slice(0, 600)}`)), 60_000)),
    ]);
    const quadro = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
    const t = { ms: t1 - t0, quadro: quadro - t0 };
    bench.tempos.push(t);
    return { ...t, linhas: linhas(), dias: document.querySelectorAll('[data-testid^=dia-]').length };
  },
};
(window as unknown as { __bench: typeof bench }).__bench = bench;

void apagarDadosDoAparelho().then(() => (bench.pronto = true));
