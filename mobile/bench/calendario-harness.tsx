// Harness of `npm run bench:calendario`: the `calendario` screen (CalendarioPage, as the app
// routes it, in its default week view) of a signed-in seller with 400 customers on visit
// frequencies, its agenda answered by the bench server as the field service does (GET
// /crm/agenda). Each round mounts the screen afresh with an empty query cache and records the
// time from the render call to every line of the week on screen and laid out, then to the next
// frame (medir-tela.tsx).
import './calendario-sessao';
import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import CalendarioPage from '../src/features/agenda/components/CalendarioPage';
import { publicarBenchTela } from './medir-tela';

setupIonicReact({ mode: 'md' });

const linhas = () => document.querySelectorAll('[data-testid=agenda-item]').length;

/** rodada(esperadas): the lines the bench server's week has. */
publicarBenchTela(
  (esperadas: number) => ({
    rota: '/calendario',
    tela: <CalendarioPage />,
    pronta: () => linhas() >= esperadas,
    falta: () => `${linhas()} de ${esperadas} linhas`,
  }),
  () => ({ linhas: linhas(), dias: document.querySelectorAll('[data-testid^=dia-]').length }),
);
