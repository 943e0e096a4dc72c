import { useMemo } from 'react';
import { BarraVendedor } from '../../../components/BarraVendedor';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useVendedorEscolhido } from '../../../components/useVendedorEscolhido';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { formatarDataHora, formatarMes, formatarMesCurto, hojeIso, somarMeses } from '../../../lib/format/date';
import { formatarMoeda, formatarMoedaCurta } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';
import { useSession } from '../../../lib/session';
import { useAnoMesComMetas, useVendasAnoMes } from '../api/vendasAnoMes';
import { usePainel } from '../painel/painel';
import { formatarVariacao } from '../utils/anoMes';
import { Grafico, type Serie } from './Grafico';
import { MAX_RANKING, montarGrupos, montarMensal, montarRanking, rotuloCurto, variacao, type Fatia, type LinhaRankingGrafico, type Mensal } from './graficos';
import './graficos.css';

const COR = { vendido: '#0b57d0', meta: '#b3261e', anterior: '#5f6368', grupo: '#1b6b2f', ranking: '#7b4bb7' };
const pct = (v: number) => `${Math.round(v)}%`;

interface LinhaDaTabela {
  chave: string;
  /** The row's header (month, group, seller). */
  nome: string;
  celulas: string[];
  /** data-* attributes and a class of the row. */
  marcas?: Record<string, string | undefined>;
}

/** A chart's data table: the first column names the row, the others are figures. */
function TabelaDados({ colunas, linhas }: { colunas: string[]; linhas: LinhaDaTabela[] }) {
  return (
    <table className="tabela">
      <thead>
        <tr>
          {colunas.map((c, i) => (
            <th key={c} scope="col" className={i ? 'num' : undefined}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.chave} {...l.marcas}>
            <th scope="row">{l.nome}</th>
            {l.celulas.map((c, i) => (
              <td key={i} className="num nowrap">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function VendasContraMeta({ m }: { m: Mensal }) {
  const series = useMemo<Serie[]>(
    () => [
      { rotulo: 'Vendido', valores: m.vendido, tipo: 'barras', cor: COR.vendido },
      ...(m.temMeta ? [{ rotulo: 'Meta', valores: m.meta.map((v) => v || null), tipo: 'linha' as const, cor: COR.meta, tracejada: true }] : []),
    ],
    [m],
  );
  const rotulos = useMemo(() => m.meses.map(formatarMesCurto), [m]);
  const atingidos = m.meses.filter((_x, i) => m.meta[i] > 0 && m.vendido[i] >= m.meta[i]).length;
  const comMeta = m.meta.filter((v) => v > 0).length;
  const resumo = `Vendas por mês de ${formatarMes(m.meses[0])} a ${formatarMes(m.meses[m.meses.length - 1])}: ${formatarMoeda(m.vendido.reduce((a, b) => a + b, 0))} no total; ${
    comMeta ? `meta atingida em ${atingidos} de ${comMeta} meses com meta.` : 'sem meta de valor no período.'
  }`;
  return (
    <Grafico titulo="Vendas e meta por mês" resumo={resumo} rotulos={rotulos} series={series} formatarY={formatarMoedaCurta} testid="grafico-meta">
      <TabelaDados
        colunas={['Mês', 'Vendido', 'Meta', '% da meta']}
        linhas={m.meses.map((mes, i) => ({
          chave: mes,
          nome: formatarMesCurto(mes),
          celulas: [formatarMoeda(m.vendido[i]), m.meta[i] ? formatarMoeda(m.meta[i]) : '—', m.meta[i] ? formatarPercentual((m.vendido[i] * 100) / m.meta[i]) : '—'],
          marcas: { 'data-mes': mes },
        }))}
      />
    </Grafico>
  );
}

function AnoContraAno({ m }: { m: Mensal }) {
  const series = useMemo<Serie[]>(
    () => [
      { rotulo: 'Últimos 12 meses', valores: m.vendido, tipo: 'linha', cor: COR.vendido },
      { rotulo: 'Mesmos meses do ano anterior', valores: m.anoAnterior, tipo: 'linha', cor: COR.anterior, tracejada: true },
    ],
    [m],
  );
  const rotulos = useMemo(() => m.meses.map(formatarMesCurto), [m]);
  const total = m.vendido.reduce((a, b) => a + b, 0);
  const antes = m.anoAnterior.reduce((a, b) => a + b, 0);
  const v = variacao(total, antes);
  const resumo = `Vendas dos últimos 12 meses contra os mesmos meses do ano anterior: ${formatarMoeda(total)} contra ${formatarMoeda(antes)}${
    v === null ? '' : `, ${v >= 0 ? 'alta' : 'queda'} de ${formatarPercentual(Math.abs(v))}`
  }.`;
  return (
    <Grafico titulo="Comparação com o ano anterior" resumo={resumo} rotulos={rotulos} series={series} formatarY={formatarMoedaCurta} testid="grafico-ano-anterior">
      <TabelaDados
        colunas={['Mês', 'Vendido', 'Ano anterior', 'Variação']}
        linhas={m.meses.map((mes, i) => ({
          chave: mes,
          nome: formatarMesCurto(mes),
          celulas: [formatarMoeda(m.vendido[i]), formatarMoeda(m.anoAnterior[i]), formatarVariacao(variacao(m.vendido[i], m.anoAnterior[i]), mes)?.texto ?? '—'],
          marcas: { 'data-mes': mes },
        }))}
      />
    </Grafico>
  );
}

function PorGrupo({ grupos, de, ate }: { grupos: Fatia[]; de: string; ate: string }) {
  const series = useMemo<Serie[]>(() => [{ rotulo: 'Vendido no período', valores: grupos.map((g) => g.valor), tipo: 'barras', cor: COR.grupo }], [grupos]);
  const rotulos = useMemo(() => grupos.map((g) => rotuloCurto(g.nome)), [grupos]);
  if (!grupos.length) return null;
  const resumo = `Vendas por grupo de produto de ${formatarMes(de)} a ${formatarMes(ate)}: ${grupos
    .slice(0, 3)
    .map((g) => `${g.nome} ${formatarMoeda(g.valor)} (${pct(g.parte)})`)
    .join(', ')}${grupos.length > 3 ? ' e outros' : ''}.`;
  return (
    <Grafico titulo="Vendas por grupo de produto" resumo={resumo} rotulos={rotulos} series={series} formatarY={formatarMoedaCurta} testid="grafico-grupos" categorias>
      <TabelaDados colunas={['Grupo', 'Vendido', 'Parte']} linhas={grupos.map((g) => ({ chave: g.nome, nome: g.nome, celulas: [formatarMoeda(g.valor), formatarPercentual(g.parte)] }))} />
    </Grafico>
  );
}

function RankingEquipe({ linhas, mes, escolhido }: { linhas: LinhaRankingGrafico[]; mes: string; escolhido: string }) {
  const desenhadas = useMemo(() => linhas.slice(0, MAX_RANKING), [linhas]);
  const series = useMemo<Serie[]>(
    () => [
      { rotulo: '% da meta', valores: desenhadas.map((l) => l.percentual), tipo: 'barras', cor: COR.ranking },
      { rotulo: 'Meta (100%)', valores: desenhadas.map(() => 100), tipo: 'linha', cor: COR.meta, tracejada: true },
    ],
    [desenhadas],
  );
  const rotulos = useMemo(() => desenhadas.map((l) => rotuloCurto(l.nome)), [desenhadas]);
  if (!linhas.length) return null;
  const resumo = `Ranking da equipe em ${formatarMes(mes)} pelo % da meta: ${desenhadas
    .slice(0, 3)
    .map((l, i) => `${i + 1}º ${l.nome} ${formatarPercentual(l.percentual)}`)
    .join(', ')}.`;
  return (
    <Grafico titulo={`Ranking da equipe — ${formatarMesCurto(mes)}`} resumo={resumo} rotulos={rotulos} series={series} formatarY={pct} testid="grafico-ranking" categorias>
      <TabelaDados
        colunas={['Vendedor', 'Vendido', 'Meta', '%']}
        linhas={linhas.map((l) => ({
          chave: l.vendedor_id,
          nome: l.nome,
          celulas: [formatarMoeda(l.vendido), l.meta ? formatarMoeda(l.meta) : '—', formatarPercentual(l.percentual)],
          marcas: { 'data-vendedor': l.vendedor_id, className: l.vendedor_id === escolhido ? 'escolhido' : undefined },
        }))}
      />
    </Grafico>
  );
}

/**
 * `graficos`: the last 12 months' sales against the goal (bars and the goal's line), the same
 * months a year before, the sales by product group, and for SUPERVISOR and ADMIN the team's
 * ranking this month — of the seller chosen in `escolher` (a seller: their own), from
 * GET /crm/vendas/ano-mes and GET /crm/painel. uPlot draws them; this screen's chunk alone loads
 * it. Offline, the last figures fetched, with their date.
 */
function GraficosTela() {
  const { profile } = useSession();
  const escolhido = useVendedorEscolhido();
  const operador = profile?.operador ?? '';
  const ate = hojeIso().slice(0, 7);
  const vendedor = escolhido.gestor ? escolhido.vendedor : '';
  // 24 months: the 12 shown and the 12 before them (the year-over-year line).
  const mensalQ = useAnoMesComMetas(operador, { de: somarMeses(ate, -23), ate, por: 'vendedor', vendedor });
  const de = somarMeses(ate, -11);
  const gruposQ = useVendasAnoMes(operador, { de, ate, por: 'grupo', vendedor });
  const painelQ = usePainel(ate, vendedor, { enabled: escolhido.gestor });
  const mensal = useMemo(() => (mensalQ.data ? montarMensal(mensalQ.data.dados.linhas, mensalQ.data.dados.metas, ate) : null), [mensalQ.data, ate]);
  const grupos = useMemo(() => (gruposQ.data ? montarGrupos(gruposQ.data.dados) : null), [gruposQ.data]);
  const ranking = useMemo(() => montarRanking(painelQ.data?.painel.ranking ?? []), [painelQ.data]);
  // The oldest of the device's copies shown, if any.
  const copias = [mensalQ.data?.daCopia ? mensalQ.data.em : '', gruposQ.data?.daCopia ? gruposQ.data.em : '', painelQ.data?.doAparelho ? painelQ.data.em : ''].filter(Boolean).sort();
  const erro = mensalQ.error ?? gruposQ.error;
  const semVendas = mensal && grupos && !mensal.vendido.some(Boolean) && !mensal.anoAnterior.some(Boolean) && !grupos.length;

  return (
    <Page title="Gráficos" backHref="/crm-vendas">
      <div className="narrow tela-graficos">
        <BarraVendedor escolhido={escolhido} />
        {copias.length ? (
          <p className="aviso-copia" role="status" data-testid="numeros-de">
            Sem conexão — Números de {formatarDataHora(copias[0])}
          </p>
        ) : null}
        {erro ? (
          <ErrorState
            error={erro}
            onRetry={() => {
              void mensalQ.refetch();
              void gruposQ.refetch();
            }}
          />
        ) : !mensal || !grupos ? (
          <PageLoading />
        ) : semVendas && !ranking.length ? (
          <EmptyState>Nenhuma venda de {formatarMes(mensal.meses[0])} a {formatarMes(ate)}.</EmptyState>
        ) : (
          <>
            <p className="muted">Valor dos produtos, sem IPI, ST e frete.</p>
            <VendasContraMeta m={mensal} />
            <AnoContraAno m={mensal} />
            <PorGrupo grupos={grupos} de={de} ate={ate} />
            {escolhido.gestor ? <RankingEquipe linhas={ranking} mes={ate} escolhido={vendedor} /> : null}
          </>
        )}
      </div>
    </Page>
  );
}

export default function GraficosPage() {
  return (
    <QueryBoundary>
      <GraficosTela />
    </QueryBoundary>
  );
}
