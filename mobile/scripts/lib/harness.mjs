// What the browser benchmarks that run the app's own modules in a page of their own share:
// building a bench/*.html entry with Vite into dist-bench/, serving it on loopback (with an
// optional handler for API calls) and percentiles.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds bench/<pagina> (and what it imports) into dist-bench/<nome>/. */
export async function construir(pagina) {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const out = path.join(root, 'dist-bench', path.basename(pagina, '.html'));
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    define: { __APP_VERSION__: JSON.stringify('bench') },
    build: { outDir: out, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8192, minify: !process.env.BENCH_SEM_MINIFICAR, rollupOptions: { input: path.join(root, 'bench', pagina) } },
  });
  return out;
}

const TIPOS = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * Serves a built bench page at /bench/<pagina> on 127.0.0.1 (a free port). `api(url, res)` may
 * answer a request itself (returns true when it did).
 */
export function servir(out, pagina, api) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (api && (await api(url, res))) return;
    const p = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = path.join(out, p === '/' ? `bench/${pagina}` : p);
    try {
      const data = await readFile(file);
      res.writeHead(200, { 'Content-Type': TIPOS[path.extname(file)] || 'application/octet-stream' }).end(data);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Types each query key by key into `input[name=busca]` of a harness page that records, per
 * keystroke, the time to its results (bench/medir.ts: window.__bench.tempos and .pinturas), in
 * `rodadas` rounds after a warm-up; each keystroke counts with its median over the rounds (the
 * machines are shared: one stray pause must not decide the result).
 */
export async function medirDigitacao(page, consultas, rodadas) {
  const input = page.locator('input[name=busca]');
  await input.click();
  const digitar = async (texto) => {
    for (const ch of texto) {
      const antes = await page.evaluate(() => window.__bench.tempos.length);
      await page.keyboard.type(ch);
      await page.waitForFunction((n) => window.__bench.tempos.length > n, antes, { timeout: 30_000 });
    }
  };
  const limpar = async () => {
    await input.fill('');
    await page.waitForTimeout(100);
  };
  const zerar = () =>
    page.evaluate(() => {
      window.__bench.tempos = [];
      window.__bench.pinturas = [];
    });
  // Warm-up (JIT, first layout of the rows): not counted.
  await digitar(consultas[0].slice(0, 2));
  await limpar();
  await page.waitForTimeout(200);
  const todas = [];
  for (let r = 0; r < rodadas; r++) {
    await zerar();
    for (const q of consultas) {
      await digitar(q);
      await limpar();
    }
    // Clearing the field between queries is not typing.
    const ts = (await page.evaluate(() => window.__bench.tempos)).filter((t) => t.texto !== '');
    await page.waitForTimeout(300);
    const medidas = await page.evaluate(() => window.__bench.pinturas);
    // Keystrokes the Event Timing API left out took at most 16 ms to paint.
    todas.push(ts.map((t) => ({ ...t, pintura: medidas.find((m) => Math.abs(m.inicio - t.inicio) < 1)?.ms ?? 16 })));
  }
  const mediana = (xs) => pct(xs, 50);
  return todas[0].map((t, i) => ({
    texto: t.texto,
    itens: t.itens,
    ms: mediana(todas.map((r) => r[i].ms)),
    quadro: mediana(todas.map((r) => r[i].quadro)),
    pintura: mediana(todas.map((r) => r[i].pintura)),
    brutos: todas.map((r) => r[i].ms),
  }));
}

/** Prints medirDigitacao's result against the per-keystroke budget; whether it passed. */
export function relatarDigitacao(tempos, orcamentoMs) {
  const pinturas = tempos.map((t) => t.pintura);
  const ms = tempos.map((t) => t.ms);
  const brutos = tempos.flatMap((t) => t.brutos);
  const p95 = pct(ms, 95);
  const max = Math.max(...ms);
  const pior = tempos.find((t) => t.ms === max);
  const f = (x) => x.toFixed(1);
  const ok = p95 <= orcamentoMs;
  console.log(`keystroke → results in the DOM (laid out): p50 ${f(pct(ms, 50))} ms, p95 ${f(p95)} ms, max ${f(max)} ms (at "${pior.texto}")  [budget p95 ≤ ${orcamentoMs} ms: ${ok ? 'PASS' : 'FAIL'}]`);
  console.log(`  all ${brutos.length} keystrokes, every round: p50 ${f(pct(brutos, 50))} ms, p95 ${f(pct(brutos, 95))} ms, max ${f(Math.max(...brutos))} ms`);
  console.log(
    `keystroke → next paint (Event Timing, 8 ms granularity): p50 ${f(pct(pinturas, 50))} ms, p95 ${f(pct(pinturas, 95))} ms, max ${f(Math.max(...pinturas))} ms  (${pinturas.filter((x) => x > 16).length} of ${tempos.length} keystrokes over 16 ms; for information)`,
  );
  if (process.env.BENCH_VERBOSE) for (const t of tempos) console.log(`  ${JSON.stringify(t.texto).padEnd(18)} ${f(t.ms).padStart(6)} ms  paint ${f(t.pintura).padStart(6)} ms  rounds ${t.brutos.map(f).join(' ')}`);
  return ok;
}
