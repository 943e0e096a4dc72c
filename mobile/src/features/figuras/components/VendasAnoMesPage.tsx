import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { BarraVendedor } from '../../../components/BarraVendedor';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { TextField } from '../../../components/ui/TextField';
import { useVendedorEscolhido } from '../../../components/useVendedorEscolhido';
import { formatarDataHora, formatarMes, formatarMesCurto, hojeIso } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { useSession } from '../../../lib/session';
import { useVendasAnoMes } from '../api/vendasAnoMes';
import { AGRUPAMENTOS, errosDoPeriodo, formatarVariacao, lerPor, linkDoMes, montarTabela, ultimos12Meses, type MesDaLinha, type Por } from '../utils/anoMes';
import './figuras.css';

function Celula({ c, link }: { c: MesDaLinha | undefined; link: string | null }) {
  const mes = c?.mes ?? '';
  const variacao = c ? formatarVariacao(c.variacao_ano_anterior, mes) : null;
  const conteudo = (
    <>
      <span className="nowrap">{formatarMoeda(c?.valor_centavos ?? 0)}</span>
      {variacao ? (
        <small className={`variacao ${variacao.sentido}`}>
          <span aria-hidden="true">{variacao.texto}</span>
          <span className="sr-only">{variacao.descricao}</span>
        </small>
      ) : (
        <small className="variacao sem-base">
          <span aria-hidden="true">—</span>
          <span className="sr-only">sem venda no mesmo mês do ano anterior</span>
        </small>
      )}
    </>
  );
  if (!link || !c || c.pedidos === '0') return <span className="celula-mes">{conteudo}</span>;
  return (
    <Link className="celula-mes" to={link} data-testid="celula-mes" data-mes={mes}>
      {conteudo}
    </Link>
  );
}

/**
 * `vendas-ano-mes`: the sales of each month over a period (the last 12 months by default) by
 * seller, product group or customer, with the change against the same month a year before; a
 * month opens its orders. Managers see the seller chosen in escolher (or their whole scope); a
 * seller their own. Offline, the last figures fetched for the query, with their date.
 */
function VendasAnoMesTela() {
  const { profile } = useSession();
  const [params, setParams] = useSearchParams();
  const escolhido = useVendedorEscolhido();
  const padrao = ultimos12Meses(hojeIso());
  const por: Por = lerPor(params.get('por'));
  const de = params.get('de') ?? padrao.de;
  const ate = params.get('ate') ?? padrao.ate;
  const erros = errosDoPeriodo({ de, ate });
  const valido = !erros.de && !erros.ate;
  const vendedor = escolhido.gestor ? escolhido.vendedor : '';
  const consulta = useVendasAnoMes(profile?.operador ?? '', { de, ate, por, vendedor }, { enabled: valido });
  const mudar = (mudancas: Record<string, string>) =>
    setParams(
      (a) => {
        const n = new URLSearchParams(a);
        for (const [k, v] of Object.entries(mudancas)) n.set(k, v);
        return n;
      },
      { replace: true },
    );
  const tabela = useMemo(() => (consulta.data && valido ? montarTabela(consulta.data.dados, { de, ate }) : null), [consulta.data, valido, de, ate]);
  const rotuloPor = AGRUPAMENTOS.find((a) => a.valor === por)!.rotulo;

  return (
    <Page title="Vendas por mês" backHref="/crm-vendas">
      <div className="narrow tela-ano-mes">
        <BarraVendedor escolhido={escolhido} />
        <div className="figuras-por" role="group" aria-label="Agrupar por" data-uma-linha>
          {AGRUPAMENTOS.map((a) => (
            <IonButton key={a.valor} size="small" fill={por === a.valor ? 'solid' : 'outline'} aria-pressed={por === a.valor} onClick={() => mudar({ por: a.valor })} data-testid={`por-${a.valor}`}>
              {a.rotulo}
            </IonButton>
          ))}
        </div>
        <div className="row-2">
          <TextField label="De" type="month" name="de" value={de} onValue={(v) => mudar({ de: v })} error={erros.de} />
          <TextField label="Até" type="month" name="ate" value={ate} onValue={(v) => mudar({ ate: v })} error={erros.ate} />
        </div>
        {de !== padrao.de || ate !== padrao.ate ? (
          <IonButton size="small" fill="clear" onClick={() => mudar({ de: padrao.de, ate: padrao.ate })}>
            Últimos 12 meses
          </IonButton>
        ) : null}
        {consulta.data?.daCopia ? (
          <p className="aviso-copia" role="status" data-testid="numeros-de">
            Sem conexão — Números de {formatarDataHora(consulta.data.em)}
          </p>
        ) : null}
        {!valido ? null : consulta.isError ? (
          <ErrorState error={consulta.error} onRetry={() => void consulta.refetch()} />
        ) : !tabela ? (
          <PageLoading />
        ) : tabela.linhas.length === 0 ? (
          <EmptyState>Nenhuma venda de {formatarMes(de)} a {formatarMes(ate)}.</EmptyState>
        ) : (
          <>
            <p className="muted">
              {por === 'grupo' ? 'Valor dos produtos, sem IPI, ST e frete.' : 'Valor dos produtos, sem IPI, ST e frete. Toque num mês para ver os pedidos.'} ▲/▼: contra o mesmo mês do ano anterior.
            </p>
            <div className="rolagem-ano-mes" role="region" aria-label={`Vendas por mês e por ${rotuloPor.toLowerCase()}`} tabIndex={0}>
              <table className="tabela tabela-ano-mes" data-testid="tabela-ano-mes">
                <thead>
                  <tr>
                    <th scope="col">{rotuloPor}</th>
                    {tabela.meses.map((m) => (
                      <th key={m} scope="col" className="num">
                        {formatarMesCurto(m)}
                      </th>
                    ))}
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tabela.linhas.map((l) => {
                    const porMes = new Map(l.meses.map((c) => [c.mes, c]));
                    return (
                      <tr key={l.chave} data-testid="linha-ano-mes" data-chave={l.chave}>
                        <th scope="row">{l.nome || l.chave}</th>
                        {tabela.meses.map((m) => (
                          <td key={m} className="num" data-mes={m}>
                            <Celula c={porMes.get(m)} link={linkDoMes(por, l.chave, m, vendedor)} />
                          </td>
                        ))}
                        <td className="num">
                          <strong className="nowrap">{formatarMoeda(l.total)}</strong>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr data-testid="totais-ano-mes">
                    <th scope="row">Total</th>
                    {tabela.totais.map((t, i) => (
                      <td key={tabela.meses[i]} className="num">
                        <strong className="nowrap">{formatarMoeda(t)}</strong>
                      </td>
                    ))}
                    <td className="num">
                      <strong className="nowrap">{formatarMoeda(tabela.total)}</strong>
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}

export default function VendasAnoMesPage() {
  return (
    <QueryBoundary>
      <VendasAnoMesTela />
    </QueryBoundary>
  );
}
