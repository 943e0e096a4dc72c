import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BarraVendedor } from '../../../components/BarraVendedor';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useVendedorEscolhido } from '../../../components/useVendedorEscolhido';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { TextField } from '../../../components/ui/TextField';
import { formatarDataHora, hojeIso } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';
import { KEYS, setItem } from '../../../lib/storage';
import { n, usePainel, type LinhaRanking, type Painel } from './painel';
import './PainelVendas.css';

const Dinheiro = ({ c }: { c: string | number | undefined }) => <span className="painel-dinheiro">{formatarMoeda(c)}</span>;

function Barra({ pct, rotulo }: { pct: number; rotulo: string }) {
  const largura = Math.max(0, Math.min(100, pct));
  return (
    <div className={`painel-barra${pct >= 100 ? ' atingida' : ''}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(largura)} aria-label={rotulo}>
      <span style={{ width: `${largura}%` }} />
    </div>
  );
}

function Cartao({ titulo, children, testid }: { titulo: string; children: React.ReactNode; testid?: string }) {
  return (
    <div className="painel-cartao" data-testid={testid}>
      <h2>{titulo}</h2>
      <div>{children}</div>
    </div>
  );
}

/** The visits goals of the month (no customer cut), summed over the sellers shown: "12 de 40 visitas", the verified ones, or the note when the field service did not answer. */
function Visitas({ metas }: { metas: NonNullable<Painel['metas']> }) {
  const vs = metas.filter((m) => m.tipo === 'visitas' && !m.cliente_id);
  if (!vs.length) return null;
  const soma = (f: (m: (typeof vs)[number]) => string | number | undefined) => vs.reduce((t, m) => t + n(f(m)), 0);
  const aviso = vs.find((m) => m.aviso)?.aviso;
  return (
    <Cartao titulo="Visitas" testid="painel-visitas">
      {aviso ? (
        <small>{aviso}</small>
      ) : (
        <>
          {soma((m) => m.realizado)} de {soma((m) => m.alvo)} visitas
          <small>{soma((m) => m.verificadas)} comprovadas</small>
        </>
      )}
    </Cartao>
  );
}

function Numeros({ p }: { p: Painel }) {
  const pct = p.percentual ?? 0;
  const sem = p.sem_pedido ?? {};
  return (
    <>
      <section className="painel-principal" data-testid="painel-meta">
        <p>
          <span data-testid="painel-vendido">
            <Dinheiro c={p.vendido_centavos} />
          </span>{' '}
          de <Dinheiro c={p.meta_centavos} /> · <strong data-testid="painel-percentual">{formatarPercentual(pct)}</strong>
        </p>
        <Barra pct={pct} rotulo={`${formatarPercentual(pct)} da meta`} />
        {n(p.meta_centavos) === 0 ? (
          <p className="muted">Sem meta de valor neste mês.</p>
        ) : n(p.falta_centavos) > 0 ? (
          <p data-testid="painel-falta">
            Falta <Dinheiro c={p.falta_centavos} /> · <Dinheiro c={p.necessario_por_dia_util_centavos} /> por dia útil
          </p>
        ) : (
          <p data-testid="painel-falta">Meta atingida.</p>
        )}
        <p className="muted">
          {n(p.dias_uteis_restantes)} de {n(p.dias_uteis)} dias úteis restantes (hoje incluído)
        </p>
      </section>
      <div className="painel-grade">
        <Cartao titulo="Projeção" testid="painel-projecao">
          <Dinheiro c={p.projecao_centavos} />
        </Cartao>
        <Cartao titulo="Ticket médio">
          <Dinheiro c={p.ticket_medio_centavos} />
          <small>{n(p.pedidos)} pedidos</small>
        </Cartao>
        <Cartao titulo="Positivação">
          {formatarPercentual(p.positivacao_percentual)}
          <small>
            {n(p.clientes_com_pedido)} de {n(p.clientes_carteira)} clientes
          </small>
        </Cartao>
        <Cartao titulo="Mix médio">
          {new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(p.mix_medio ?? 0)}
          <small>produtos por pedido</small>
        </Cartao>
        <Cartao titulo="Em aberto">
          <Dinheiro c={p.em_aberto_centavos} />
        </Cartao>
        <Cartao titulo="Aguardando aprovação">
          <Link to="/crm-vendas-pedidos">{n(p.aguardando_aprovacao)} pedidos</Link>
        </Cartao>
        <Visitas metas={p.metas ?? []} />
      </div>
      {/* Only when the server has the figure (a copy kept before it existed has none). */}
      {p.sem_pedido ? (
        <>
          <h2 className="painel-titulo">Clientes sem pedido</h2>
          <ul className="painel-sem-pedido">
            {(
              [
                ['30', sem.dias_30],
                ['60', sem.dias_60],
                ['90', sem.dias_90],
              ] as const
            ).map(([d, v]) => (
              <li key={d}>
                <Link to={`/crm-clientes?sem_pedido_dias=${d}`} data-testid={`sem-pedido-${d}`}>
                  há {d} dias ou mais: <strong>{n(v)}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function Ranking({ linhas, aoEscolher }: { linhas: LinhaRanking[]; aoEscolher: (l: LinhaRanking) => void }) {
  if (!linhas.length) return null;
  return (
    <>
      <h2 className="painel-titulo">Ranking</h2>
      <ol className="painel-ranking" data-testid="painel-ranking">
        {linhas.map((l) => (
          <li key={l.vendedor_id} data-vendedor={l.vendedor_id}>
            <button type="button" onClick={() => aoEscolher(l)}>
              <strong>{l.nome || l.vendedor_id}</strong>
              <span>
                <Dinheiro c={l.vendido_centavos} /> de <Dinheiro c={l.meta_centavos} /> · {formatarPercentual(l.percentual)} · ritmo {formatarPercentual(l.ritmo)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * `painel-vendas`: a month's sold value against the goal, what is missing per working day, the
 * projection and the month's figures, of the seller chosen in `escolher` (a seller: their own);
 * for SUPERVISOR and ADMIN the ranking, a tap choosing that seller. Offline, the last figures
 * fetched for that month and seller, with their date.
 */
function PainelVendasTela() {
  const escolhido = useVendedorEscolhido();
  const [mes, setMes] = useState(hojeIso().slice(0, 7));
  const q = usePainel(mes, escolhido.vendedor);
  const escolher = (l: LinhaRanking) => {
    setItem(KEYS.filtroVendedorId, l.vendedor_id ?? '');
    setItem(KEYS.filtroVendedor, l.nome || l.vendedor_id || '');
  };
  return (
    <Page title="Painel de vendas" backHref="/crm-home">
      <div className="narrow painel-vendas">
        <TextField label="Mês" name="mes" type="month" value={mes} onValue={(v) => v && setMes(v)} />
        <BarraVendedor escolhido={escolhido} />
        {q.isPending ? (
          <PageLoading />
        ) : q.error ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <>
            {q.data.doAparelho ? (
              <p className="painel-aviso" role="status" data-testid="painel-do-aparelho">
                Sem conexão. Números de {formatarDataHora(q.data.em)}.
              </p>
            ) : null}
            <Numeros p={q.data.painel} />
            <Ranking linhas={q.data.painel.ranking ?? []} aoEscolher={escolher} />
          </>
        )}
      </div>
    </Page>
  );
}

export default function PainelVendasPage() {
  return (
    <QueryBoundary>
      <PainelVendasTela />
    </QueryBoundary>
  );
}
