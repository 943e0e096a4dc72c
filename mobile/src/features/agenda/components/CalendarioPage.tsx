import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { IonButton, IonSegment, IonSegmentButton, IonLabel, IonSpinner } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useToast } from '../../../components/ui/useToast';
import { useVendedorEscolhido } from '../../../components/useVendedorEscolhido';
import { falhaDeConexao, mensagemDeErro } from '../../../lib/api/client';
import type { ItemAgenda, Rota } from '../../../lib/api/types';
import { formatarData, formatarDataHora, hojeIso } from '../../../lib/format/date';
import { obterPosicao } from '../../../lib/geo';
import { useColecao } from '../../../lib/sync/colecao';
import { colecaoTarefas } from '../../../entities/tarefa';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import { chavesAgenda, obterRota, planejarVisitas, useAgenda, useSemVisita } from '../api';
import {
  combinarAgenda,
  diaDaSemana,
  diasDe,
  motivoSemVisita,
  navegar,
  NOMES_SITUACAO,
  NOMES_TIPO,
  periodoDaVista,
  porDia,
  resumoPorVendedor,
  type Vista,
} from '../utils/calendario';
import { formatarDistancia, rotuloResultado, rotuloVeredito } from '../../../entities/visita/rotulos';
import { agendarLembretes, lembretesDevidos } from '../utils/lembretes';

const SEMANA = ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'];

function nomeCliente(id: string): string {
  if (!id) return '';
  const c = colecaoClientes.emMemoriaPorId(id);
  return c?.nome_fantasia || c?.nome || id;
}

/** A visit done as a SUPERVISOR checks it: the check-in's verdict and distance, the time, the result. */
function Checkin({ it }: { it: ItemAgenda }) {
  if (!it.visita_id) return null;
  const partes = [
    it.veredito ? rotuloVeredito(it.veredito) : '',
    formatarDistancia(it.distancia_metros),
    it.inicio ? `check-in ${formatarDataHora(it.inicio).slice(-5)}` : '',
    it.resultado ? rotuloResultado(it.resultado) : '',
  ].filter(Boolean);
  return (
    <small className={`agenda-checkin veredito-${it.veredito}`} data-testid="agenda-checkin">
      {' '}
      · {partes.join(' · ')}
    </small>
  );
}

function Item({ it, voltar, vendedor }: { it: ItemAgenda; voltar: string; vendedor?: string }) {
  const titulo = it.tipo === 'tarefa' ? it.titulo : nomeCliente(it.cliente_id);
  const href =
    it.tipo === 'tarefa'
      ? `/tarefa-editar?id=${encodeURIComponent(it.tarefa_id)}&voltar=${encodeURIComponent(voltar)}`
      : `/crm-clientes-ficha?id=${encodeURIComponent(it.cliente_id)}`;
  return (
    <li className={`agenda-item agenda-${it.situacao}`} data-testid="agenda-item" data-tipo={it.tipo} data-situacao={it.situacao} data-visita={it.visita_id || undefined} data-veredito={it.veredito || undefined}>
      <Link to={href}>
        <strong>{NOMES_TIPO[it.tipo] ?? it.tipo}</strong> · {titulo}
      </Link>{' '}
      {it.tipo === 'tarefa' && it.cliente_id ? <small className="muted">({nomeCliente(it.cliente_id)}) </small> : null}
      <small className="muted">{NOMES_SITUACAO[it.situacao] ?? it.situacao}</small>
      {vendedor ? <small className="muted"> · {vendedor}</small> : null}
      <Checkin it={it} />
    </li>
  );
}

function Dia({ dia, itens, voltar, nomeVendedor }: { dia: string; itens: ItemAgenda[]; voltar: string; nomeVendedor?: (id: string) => string }) {
  return (
    <section className="cartao" data-testid={`dia-${dia}`}>
      <h3 style={{ margin: '0 0 4px' }}>
        {SEMANA[diaDaSemana(dia) - 1]}, {formatarData(dia)}
      </h3>
      {itens.length ? (
        <ul className="agenda-lista">
          {itens.map((it) => (
            <Item key={`${it.tipo}:${it.cliente_id}:${it.tarefa_id}:${it.visita_id}`} it={it} voltar={voltar} vendedor={nomeVendedor?.(it.vendedor_id)} />
          ))}
        </ul>
      ) : (
        <p className="muted">Nada planejado.</p>
      )}
    </section>
  );
}

function Mes({ de, ate, mes, dias, escolher }: { de: string; ate: string; mes: string; dias: Map<string, ItemAgenda[]>; escolher: (d: string) => void }) {
  return (
    <div className="agenda-mes" role="grid" data-testid="agenda-mes" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
      {SEMANA.map((s) => (
        <div key={s} role="columnheader" className="muted" style={{ textAlign: 'center' }}>
          {s}
        </div>
      ))}
      {diasDe(de, ate).map((d) => {
        const its = dias.get(d) ?? [];
        const visitas = its.filter((i) => i.tipo !== 'tarefa').length;
        const tarefas = its.length - visitas;
        return (
          <button
            key={d}
            type="button"
            role="gridcell"
            className={`cartao agenda-dia${d.slice(0, 7) === mes ? '' : ' muted'}`}
            style={{ minHeight: 56, padding: 4, textAlign: 'left' }}
            onClick={() => escolher(d)}
            aria-label={`${formatarData(d)}: ${visitas} visitas, ${tarefas} tarefas`}
          >
            <strong>{Number(d.slice(8))}</strong>
            {visitas ? <div>{visitas} visita(s)</div> : null}
            {tarefas ? <div>{tarefas} tarefa(s)</div> : null}
          </button>
        );
      })}
    </div>
  );
}

/** A SUPERVISOR's (or an ADMIN's) day: planned vs done for the seller chosen or each of the team. */
function ResumoDoDia({ itens, nome }: { itens: ItemAgenda[]; nome: (id: string) => string }) {
  const resumo = resumoPorVendedor(itens);
  return (
    <section className="cartao" data-testid="resumo-do-dia">
      <h3 style={{ margin: '0 0 4px' }}>Planejado × realizado</h3>
      {resumo.length ? (
        <ul className="agenda-lista">
          {resumo.map((r) => (
            <li key={r.vendedor_id} data-testid="resumo-vendedor" data-vendedor={r.vendedor_id}>
              <strong>{nome(r.vendedor_id)}</strong>: {r.realizadas} de {r.planejadas} visita(s) planejada(s) realizada(s)
              {r.perdidas ? `, ${r.perdidas} perdida(s)` : ''}
              {r.naoPlanejadas ? `, ${r.naoPlanejadas} não planejada(s)` : ''}
              {r.visitas ? ` · ${r.verificadas} de ${r.visitas} check-in(s) verificado(s)` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nenhuma visita planejada ou feita neste dia.</p>
      )}
    </section>
  );
}

function RotaDoDia({ dia, vendedor }: { dia: string; vendedor: string }) {
  const [rota, setRota] = useState<Rota | null>(null);
  const [erro, setErro] = useState('');
  const [carregando, setCarregando] = useState(false);
  const calcular = async () => {
    setErro('');
    setCarregando(true);
    try {
      const p = await obterPosicao(10_000);
      if (!p) {
        setErro('Não foi possível obter a sua localização: permita o acesso à localização para montar a rota.');
        return;
      }
      setRota(await obterRota(dia, p.latitude, p.longitude, vendedor));
    } catch (err) {
      setErro(mensagemDeErro(err));
    } finally {
      setCarregando(false);
    }
  };
  return (
    <section className="cartao" data-testid="rota-do-dia">
      <IonButton size="small" onClick={() => void calcular()} disabled={carregando}>
        {carregando ? <IonSpinner name="dots" /> : 'Rota do dia'}
      </IonButton>
      {erro ? <p role="alert">{erro}</p> : null}
      {rota ? (
        <>
          <p>
            {rota.paradas.length} parada(s), {(rota.distancia_total_metros / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km em linha reta.
          </p>
          <ol>
            {rota.paradas.map((p) => (
              <li key={p.cliente_id}>
                <Link to={`/crm-clientes-ficha?id=${encodeURIComponent(p.cliente_id)}`}>{p.nome}</Link> ·{' '}
                <a href={p.link_mapa} target="_blank" rel="noopener noreferrer">
                  Ver no mapa
                </a>
              </li>
            ))}
          </ol>
          {rota.sem_coordenadas.length ? <p className="muted">{rota.sem_coordenadas.length} cliente(s) sem coordenadas no endereço ficaram fora da rota.</p> : null}
        </>
      ) : null}
    </section>
  );
}

function SemVisita({ dia, vendedor }: { dia: string; vendedor: string }) {
  const [aberto, setAberto] = useState(false);
  const [marcados, setMarcados] = useState<string[]>([]);
  const q = useSemVisita(30, vendedor, aberto);
  const qc = useQueryClient();
  const toast = useToast();
  const [gravando, setGravando] = useState(false);
  const colocar = async () => {
    setGravando(true);
    try {
      const r = await planejarVisitas(dia, marcados);
      toast(`${r.criadas} visita(s) planejada(s) em ${formatarData(dia)}.`, { duration: 3000, position: 'bottom', color: 'success' });
      setMarcados([]);
      await qc.invalidateQueries({ queryKey: chavesAgenda.todas });
    } catch (err) {
      toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' });
    } finally {
      setGravando(false);
    }
  };
  if (!aberto)
    return (
      <IonButton size="small" fill="outline" onClick={() => setAberto(true)}>
        Clientes sem visita nem pedido há 30 dias
      </IonButton>
    );
  return (
    <section className="cartao" data-testid="sem-visita">
      <h3 style={{ margin: 0 }}>Sem visita nem pedido há 30 dias</h3>
      {q.isPending ? <IonSpinner name="dots" /> : null}
      {q.isError ? <p role="alert">{mensagemDeErro(q.error)}</p> : null}
      {q.data?.clientes.length === 0 ? <p className="muted">Todos os clientes foram visitados, compraram ou estão planejados.</p> : null}
      <ul style={{ maxHeight: 240, overflow: 'auto' }}>
        {q.data?.clientes.map((c) => (
          <li key={c.cliente_id}>
            <label>
              <input
                type="checkbox"
                checked={marcados.includes(c.cliente_id)}
                onChange={(e) => setMarcados((m) => (e.target.checked ? [...m, c.cliente_id] : m.filter((x) => x !== c.cliente_id)))}
              />{' '}
              {c.nome} <small className="muted">{motivoSemVisita(c, hojeIso())}</small>
            </label>
          </li>
        ))}
      </ul>
      <IonButton size="small" disabled={!marcados.length || gravando} onClick={() => void colocar()}>
        Colocar em {formatarData(dia)}
      </IonButton>
    </section>
  );
}

function Lembretes() {
  const lista = useColecao(colecaoTarefas);
  const [agora, setAgora] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setAgora(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (lista) void agendarLembretes(lista).catch(() => undefined);
  }, [lista]);
  const devidos = useMemo(() => lembretesDevidos(lista ?? [], agora), [lista, agora]);
  if (!devidos.length) return null;
  return (
    <section className="cartao" data-testid="lembretes" role="status">
      <h3 style={{ margin: 0 }}>Lembretes</h3>
      <ul>
        {devidos.map((l) => (
          <li key={l.tarefa.id}>
            <Link to={`/tarefa-editar?id=${encodeURIComponent(l.tarefa.id)}`}>{l.tarefa.titulo}</Link> <small className="muted">vence {formatarDataHora(l.tarefa.vence_em)}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `calendario`: the agenda (GET /crm/agenda) in day, week and month views — the visits the
 * customers' frequencies plan on the company's working days, one-off ones, the visits done and
 * the tasks (the device's copy: created offline, they show at once); a visit opens the customer,
 * a task its form. The day's route, the customers without a visit put on a day in one tap, and
 * the reminders due. A SUPERVISOR or an ADMIN looks at the seller chosen (or everyone's) and, in
 * the day view, planned vs done with each check-in's verdict and distance.
 */
function Calendario() {
  const [vista, setVista] = useState<Vista>('semana');
  const [dia, setDia] = useState(hojeIso);
  const vend = useVendedorEscolhido();
  const { de, ate } = periodoDaVista(vista, dia);
  const q = useAgenda(de, ate, vend.vendedor);
  useClientesDoAparelho();
  const tarefas = useColecao(colecaoTarefas);
  const itens = useMemo(() => combinarAgenda(q.data?.itens ?? [], tarefas, de, ate, vend.vendedor, new Date()), [q.data, tarefas, de, ate, vend.vendedor]);
  const dias = useMemo(() => porDia(itens), [itens]);
  const voltar = '/calendario';
  const semRede = q.isError && falhaDeConexao(q.error);
  // A SUPERVISOR or an ADMIN looking at the whole team: each line says whose it is.
  const equipe = vend.gestor && !vend.vendedor;
  return (
    <Page title="Calendário">
      <div className="narrow form-stack" data-testid="calendario">
        <IonSegment value={vista} onIonChange={(e) => setVista(e.detail.value as Vista)}>
          <IonSegmentButton value="dia">
            <IonLabel>Dia</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="semana">
            <IonLabel>Semana</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="mes">
            <IonLabel>Mês</IonLabel>
          </IonSegmentButton>
        </IonSegment>
        <div className="row-2" style={{ alignItems: 'center' }}>
          <IonButton size="small" fill="clear" onClick={() => setDia(navegar(vista, dia, -1))} aria-label="Anterior">
            ‹
          </IonButton>
          <strong data-testid="periodo">
            {vista === 'dia' ? formatarData(de) : `${formatarData(de)} a ${formatarData(ate)}`}
          </strong>
          <IonButton size="small" fill="clear" onClick={() => setDia(navegar(vista, dia, 1))} aria-label="Próximo">
            ›
          </IonButton>
          <IonButton size="small" fill="outline" onClick={() => setDia(hojeIso())}>
            Hoje
          </IonButton>
        </div>
        {vend.gestor ? (
          <IonButton size="small" fill="outline" onClick={vend.trocar}>
            Vendedor: {vend.rotulo}
          </IonButton>
        ) : null}
        <IonButton size="small" routerLink={`/tarefa-editar?data=${vista === 'dia' ? dia : hojeIso()}&voltar=${encodeURIComponent(voltar)}`}>
          Nova tarefa
        </IonButton>
        <Lembretes />
        {q.isPending ? <IonSpinner name="dots" /> : null}
        {semRede ? <p role="status">Sem conexão: mostrando só as tarefas guardadas neste aparelho.</p> : null}
        {q.isError && !semRede ? <p role="alert">{mensagemDeErro(q.error)}</p> : null}
        {vista === 'mes' ? (
          <Mes
            de={de}
            ate={ate}
            mes={dia.slice(0, 7)}
            dias={dias}
            escolher={(d) => {
              setDia(d);
              setVista('dia');
            }}
          />
        ) : (
          diasDe(de, ate).map((d) => <Dia key={d} dia={d} itens={dias.get(d) ?? []} voltar={voltar} nomeVendedor={equipe ? vend.nome : undefined} />)
        )}
        {vista === 'dia' ? (
          <>
            {vend.gestor ? <ResumoDoDia itens={itens} nome={vend.nome} /> : null}
            <RotaDoDia dia={dia} vendedor={vend.vendedor} />
            {dia >= hojeIso() ? <SemVisita dia={dia} vendedor={vend.vendedor} /> : null}
          </>
        ) : null}
      </div>
    </Page>
  );
}

export default function CalendarioPage() {
  return (
    <QueryBoundary>
      <Calendario />
    </QueryBoundary>
  );
}
