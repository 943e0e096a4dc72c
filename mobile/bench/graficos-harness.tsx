// Harness of `npm run bench:graficos`: the `graficos` screen (GraficosPage, as the app routes it)
// of a signed-in supervisor, its figures answered by the bench server as the sales service does
// (GET /crm/vendas/ano-mes by seller over 24 months with the goals, by group over 12, GET
// /crm/painel with the team's ranking). Each round mounts the screen afresh with an empty query
// cache and records the time from the render call to every chart drawn by uPlot (its canvas
// painted: data-desenhado) and laid out, then to the next frame (medir-tela.tsx).
import './graficos-sessao';
import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import GraficosPage from '../src/features/figuras/graficos/GraficosPage';
import { publicarBenchTela } from './medir-tela';

setupIonicReact({ mode: 'md' });

const GRAFICOS = 4;

const desenhados = () => document.querySelectorAll('.grafico-tela[data-desenhado]').length;

publicarBenchTela(
  () => ({
    rota: '/graficos',
    tela: <GraficosPage />,
    pronta: () => desenhados() >= GRAFICOS,
    atributos: ['data-desenhado'],
    falta: () => `${desenhados()} de ${GRAFICOS} gráficos desenhados`,
  }),
  () => ({ titulos: [...document.querySelectorAll('.grafico-titulo')].map((h) => h.textContent) }),
);
