import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Serie {
  rotulo: string;
  /** null: no point there (a month without a goal). */
  valores: (number | null)[];
  tipo: 'barras' | 'linha';
  cor: string;
  tracejada?: boolean;
}

interface Props {
  titulo: string;
  /** What the chart shows, in a sentence: the canvas's text alternative. */
  resumo: string;
  /** One per point of the x axis (months, groups, sellers). */
  rotulos: string[];
  series: Serie[];
  /** The y axis's labels (R$ 12 mil, 85%). */
  formatarY: (v: number) => string;
  testid: string;
  /** Points that are names (groups, sellers), not months: every label shown, slanted. */
  categorias?: boolean;
  /** The data table (the figures behind the chart). */
  children: React.ReactNode;
}

const ALTURA = 220;
const FONTE = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const LARGURA_ROTULO = 42;

/** Labels of every `passo`-th point only, so that they fit the plot's width (360 px phones). */
function rotulosQueCabem(rotulos: string[], largura: number): (string | null)[] {
  const passo = Math.max(1, Math.ceil((rotulos.length * LARGURA_ROTULO) / Math.max(largura, 1)));
  return rotulos.map((r, i) => ((rotulos.length - 1 - i) % passo === 0 ? r : null));
}

/** The y axis as wide as its longest label ("R$ 1,2 mi"), measured on the chart's canvas. */
function larguraDoEixo(u: uPlot, valores: string[] | undefined, eixo: number, ciclo: number): number {
  const a = u.axes[eixo];
  if (ciclo > 1) return (a as { _size?: number })._size ?? 50;
  const maior = (valores ?? []).reduce((m, v) => (v && v.length > m.length ? v : m), '');
  u.ctx.font = (a.font as unknown as [string])[0];
  return Math.ceil((a.ticks?.size ?? 10) + (a.gap ?? 5) + (maior ? u.ctx.measureText(maior).width / devicePixelRatio : 0)) + 4;
}

function opcoes(p: Props, largura: number, aoDesenhar: () => void): uPlot.Options {
  const barras = p.series.filter((s) => s.tipo === 'barras').length;
  return {
    width: largura,
    height: ALTURA,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        font: FONTE,
        stroke: '#3c4043',
        grid: { show: false },
        ticks: { show: false },
        splits: () => p.rotulos.map((_r, i) => i),
        values: (u, splits) => {
          const cabem = p.categorias ? p.rotulos : rotulosQueCabem(p.rotulos, u.bbox.width ? u.bbox.width / devicePixelRatio : u.width - 80);
          return splits.map((i) => cabem[i] ?? null);
        },
        ...(p.categorias ? { rotate: -40, size: 64 } : {}),
      },
      {
        font: FONTE,
        stroke: '#3c4043',
        size: larguraDoEixo,
        grid: { stroke: '#e6e8eb', width: 1 },
        values: (_u, splits) => splits.map((v) => p.formatarY(v)),
      },
    ],
    series: [
      {},
      ...p.series.map(
        (s): uPlot.Series => ({
          label: s.rotulo,
          stroke: s.cor,
          width: s.tipo === 'barras' ? 0 : 2,
          fill: s.tipo === 'barras' ? s.cor : undefined,
          dash: s.tracejada ? [6, 4] : undefined,
          points: { show: s.tipo === 'linha' && p.rotulos.length <= 12, size: 5, fill: s.cor },
          paths: s.tipo === 'barras' ? uPlot.paths.bars!({ size: [barras > 1 ? 0.4 : 0.6, 48], align: 0 }) : undefined,
        }),
      ),
    ],
    hooks: { draw: [aoDesenhar] },
  };
}

/**
 * A chart drawn by uPlot on a canvas: bars and lines over labelled points, as wide as its box
 * (redrawn when it changes), with an HTML legend and, for screen readers and anyone who wants the
 * figures, its summary as the canvas's text alternative and the data table under "Ver os números".
 * data-desenhado marks the box once uPlot has drawn it (the e2e and the benchmark wait on it).
 */
export function Grafico(p: Props) {
  const caixa = useRef<HTMLDivElement>(null);
  const { titulo, resumo, rotulos, series, formatarY, categorias } = p;
  useEffect(() => {
    const el = caixa.current;
    if (!el) return;
    delete el.dataset.desenhado;
    const dados: uPlot.AlignedData = [rotulos.map((_r, i) => i), ...series.map((s) => s.valores)];
    const u = new uPlot(
      opcoes({ ...p, rotulos, series, formatarY, categorias }, el.clientWidth || 320, () => (el.dataset.desenhado = '1')),
      dados,
      el,
    );
    const ro = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w && w !== u.width) u.setSize({ width: w, height: ALTURA });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
    };
    // p's other fields (title, table) do not change the drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rotulos, series, formatarY, categorias]);
  return (
    <figure className="grafico" data-testid={p.testid}>
      <h2 className="grafico-titulo">{titulo}</h2>
      <div ref={caixa} className="grafico-tela" role="img" aria-label={resumo} />
      <ul className="grafico-legenda" aria-hidden="true">
        {series.map((s) => (
          <li key={s.rotulo}>
            <span className={`amostra ${s.tipo}${s.tracejada ? ' tracejada' : ''}`} style={{ background: s.tipo === 'barras' ? s.cor : undefined, borderColor: s.cor }} />
            {s.rotulo}
          </li>
        ))}
      </ul>
      <figcaption>
        <details className="grafico-dados">
          <summary>Ver os números</summary>
          {p.children}
        </details>
      </figcaption>
    </figure>
  );
}
