// Harness of `npm run bench:catalogo`: the app's own sync (lib/sync and the catalogue's device
// collections) against the bench server's feeds (15,000 products and their prices in 3 tables,
// as the sales service answers them), a baseline that does the least any sync must do with the
// same pages (fetch, parse, write to IndexedDB, keep the records), then the `listas` screen
// (ListasPage, as the app renders it) over the synced copy, whose search the script types into.
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { IonApp, setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import '../src/entities';
import ListasPage from '../src/features/listas/components/ListasPage';
import { colecaoPrecos } from '../src/entities/preco/colecoes';
import { colecaoProdutos } from '../src/entities/produto/colecao';
import { apagarDadosDoAparelho } from '../src/lib/device-db';
import { enviarESincronizar } from '../src/lib/sync/iniciar';
import { criarBench, medirTeclas } from './medir';

setupIonicReact({ mode: 'md' });

// A signed-in supervisor (sees every table) of the bench company.
for (const [k, v] of Object.entries({ empresa: 'bench', operador: 'v1', UID: 'u1', perfil: 'SUPERVISOR', nome_operador: 'Bench', medida: 'true' })) localStorage.setItem(k, v);

const FEEDS: [string, string][] = [
  ['/crm/produtos/alteracoes', 'produto'],
  ['/crm/precos/alteracoes', 'preco'],
  ['/crm/tabelas-preco/alteracoes', 'tabela'],
];

const bench = criarBench({
  produtos: 0,
  precos: 0,
  syncMs: 0,
  baseMs: 0,
  registrosBase: 0,
  /** The least a sync does: every page fetched, parsed, written to IndexedDB and kept in memory. */
  async linhaDeBase() {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('bench-linha-de-base', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('r', { keyPath: ['c', 'id'] });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const t = performance.now();
    const retidos: unknown[] = [];
    for (const [rota, campo] of FEEDS) {
      let cursor = '';
      let mais = true;
      while (mais) {
        const r = await (await fetch(`${rota}?desde=${encodeURIComponent(cursor)}&page_size=1000`)).json();
        const registros = (r.alteracoes as { id: string; [k: string]: unknown }[]).map((a) => ({ c: rota, id: a.id, r: a[campo] }));
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('r', 'readwrite', { durability: 'relaxed' });
          const s = tx.objectStore('r');
          for (const x of registros) s.put(x);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        retidos.push(...registros);
        cursor = r.cursor;
        mais = r.mais;
      }
    }
    bench.baseMs = performance.now() - t;
    bench.registrosBase = retidos.length;
    db.close();
    (window as unknown as { __retidos: unknown }).__retidos = retidos;
  },
  soltarLinhaDeBase() {
    (window as unknown as { __retidos: unknown }).__retidos = null;
  },
  /** The app's sync (every collection), then the lists the screen reads. */
  async sincronizar() {
    const t = performance.now();
    await enviarESincronizar();
    bench.syncMs = performance.now() - t;
    bench.produtos = (await colecaoProdutos.lista()).length;
    bench.precos = (await colecaoPrecos.lista()).length;
  },
  /** Renders `listas` over the copy and starts measuring its search. */
  async montar() {
    createRoot(document.getElementById('root')!).render(
      <IonApp>
        <MemoryRouter initialEntries={['/listas']}>
          <ListasPage />
        </MemoryRouter>
      </IonApp>,
    );
    let contagem: HTMLElement | null = null;
    for (let i = 0; i < 600 && !(contagem?.textContent ?? '').includes('produtos na tabela'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      contagem = document.querySelector<HTMLElement>('[data-testid=contagem-produtos]');
    }
    const input = document.querySelector<HTMLInputElement>('input[name=busca]')!;
    medirTeclas(bench, input, contagem!, () => document.querySelectorAll('[data-testid=linha-produto]').length);
    bench.pronto = true;
    return contagem!.textContent;
  },
});

void apagarDadosDoAparelho();
