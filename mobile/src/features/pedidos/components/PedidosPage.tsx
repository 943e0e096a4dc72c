import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { TextField } from '../../../components/ui/TextField';
import { useOperadores } from '../../../components/useOperadores';
import { colecaoPedidos, usePedidosDoAparelho, type PedidoLocal } from '../../../entities/pedido/colecao';
import { ProgressoCopia } from '../../../components/sync/ProgressoCopia';
import { useBuscaDuranteACopia } from '../../../components/sync/useBuscaDuranteACopia';
import { pode } from '../../../lib/permissoes';
import { useSession } from '../../../lib/session';
import { buscarNaLista } from '../../../lib/sync/busca';
import { juntarComOsDoServidor } from '../../../lib/sync/buscaDuranteACopia';
import { MAX_BUSCA_CARACTERES } from '../../../lib/texto';
import { usePedidosDoServidor } from '../api/pedidos';
import { BarraVendedor } from '../../../components/BarraVendedor';
import { useVendedorEscolhido } from '../../../components/useVendedorEscolhido';
import { filtrosDaLista, passaNoFiltro } from '../utils/acoes';
import { DetalhePedido } from './DetalhePedido';
import { LinhaPedido } from './LinhaPedido';
import { STATUS_CONTA_NOS_RESUMOS } from '../../../lib/contratos/pedidos.gen';
import { diasDoMes, formatarMes, mesValido } from '../../../lib/format/date';
import './pedidos.css';

const LIMITE_LISTA = 200;

/** The approvals queue (SUPERVISOR, ADMIN): from the server, the team's, or the chosen seller's. */
function Aprovacoes({ vendedor }: { vendedor: string }) {
  const q = usePedidosDoServidor({ status: 'aguardando_aprovacao', vendedor: vendedor || undefined, page_size: 50 });
  const { nome } = useOperadores();
  const pedidos = useMemo(() => q.data?.pages.flatMap((x) => x.pedidos) ?? [], [q.data]);
  if (q.isPending) return <PageLoading />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div data-testid="lista-aprovacoes">
      {pedidos.length === 0 ? <EmptyState>Nenhum pedido aguardando aprovação.</EmptyState> : null}
      {pedidos.map((p) => (
        <LinhaPedido key={p.id} p={p} vendedor={nome(p.vendedor_id)} detalhe={p.motivos_aprovacao.map((m) => m.mensagem).join(' ')} />
      ))}
      <MaisPaginas consulta={q} />
    </div>
  );
}

/**
 * The orders on the device (offline too), newest first, with filters and search: a seller's own;
 * for a manager the team's, or the chosen seller's (vendedor), each row naming its seller.
 */
function MeusPedidos({ filtro, vendedor, nomeVendedor }: { filtro: string; vendedor: string; nomeVendedor?: (id: string) => string }) {
  const todos = usePedidosDoAparelho();
  const [texto, setTexto] = useState('');
  // During the orders' first copy the search also asks the server (what the device lacks yet).
  const noServidor = useBuscaDuranteACopia(colecaoPedidos, texto, { filtros: { vendedor }, limite: 50 });
  const lista = useMemo(() => {
    if (!todos) return null;
    const base = texto.trim() ? buscarNaLista(todos, texto, todos.length).itens : todos;
    const passa = (p: PedidoLocal) => passaNoFiltro(p, filtro) && (!vendedor || p.vendedor_id === vendedor);
    return juntarComOsDoServidor(base.filter(passa), noServidor, passa);
  }, [todos, texto, filtro, vendedor, noServidor]);
  if (!lista) return <PageLoading />;
  return (
    <>
      <TextField label="Buscar" type="search" value={texto} onValue={setTexto} placeholder="Número, cliente ou CNPJ/CPF" maxLength={MAX_BUSCA_CARACTERES} name="busca-pedidos" autoComplete="off" />
      <ProgressoCopia colecao={colecaoPedidos} />
      <p className="muted" role="status">
        {lista.length.toLocaleString('pt-BR')} {noServidor.ativa ? 'pedidos (com os do servidor)' : 'pedidos no aparelho (últimos 90 dias)'}
      </p>
      {noServidor.buscando ? (
        <p className="muted" role="status">
          Buscando no servidor…
        </p>
      ) : null}
      {lista.length === 0 ? <EmptyState>Nenhum pedido encontrado.</EmptyState> : null}
      <div data-testid="lista-pedidos">
        {lista.slice(0, LIMITE_LISTA).map((p) => (
          <LinhaPedido key={p.id} p={p} pendente={p._pendente} vendedor={nomeVendedor?.(p.vendedor_id)} />
        ))}
      </div>
      {lista.length > LIMITE_LISTA ? <p className="muted">Mostrando os {LIMITE_LISTA} mais recentes: use a busca ou "Buscar pedido" para os demais.</p> : null}
    </>
  );
}

/**
 * `?mes=AAAA-MM` (a month of vendas-ano-mes): the orders created that month that count in the
 * sales figures, from the server, of a seller (`vendedor`) and/or a customer (`cliente`).
 */
function PedidosDoMes({ mes, vendedor, cliente }: { mes: string; vendedor: string; cliente: string }) {
  const { primeiro, ultimo } = diasDoMes(mes);
  const q = usePedidosDoServidor({ de: primeiro, ate: ultimo, vendedor: vendedor || undefined, cliente_id: cliente || undefined, status: STATUS_CONTA_NOS_RESUMOS.join(','), page_size: 50 });
  const { nome, gestor } = useOperadores();
  const pedidos = useMemo(() => q.data?.pages.flatMap((x) => x.pedidos) ?? [], [q.data]);
  return (
    <div data-testid="pedidos-do-mes">
      <p className="muted">
        Pedidos de {formatarMes(mes)} que contam nas vendas{vendedor && gestor ? ` de ${nome(vendedor)}` : ''}.
      </p>
      {q.isPending ? <PageLoading /> : null}
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.isSuccess && pedidos.length === 0 ? <EmptyState>Nenhum pedido neste mês.</EmptyState> : null}
      {pedidos.map((p) => (
        <LinhaPedido key={p.id} p={p} vendedor={gestor ? nome(p.vendedor_id) : undefined} />
      ))}
      <MaisPaginas consulta={q} />
    </div>
  );
}

/**
 * `crm-vendas-pedidos`: the orders on the device (the seller's; a supervisor's team), newest
 * first, with status filters; `?id=` opens one; `?status=aguardando_aprovacao` is the approvals
 * queue of SUPERVISOR and ADMIN, from the server; `?mes=` a month's orders (PedidosDoMes).
 */
function PedidosPageTela() {
  const [params, setParams] = useSearchParams();
  const { profile } = useSession();
  const id = params.get('id') ?? '';
  const status = params.get('status') ?? '';
  const gestor = pode(profile?.perfil, 'pedidos.aprovar');
  const escolhido = useVendedorEscolhido();
  if (id) {
    return (
      <Page title="Pedido" backHref="/crm-vendas-pedidos">
        <DetalhePedido key={id} id={id} />
      </Page>
    );
  }
  const mes = params.get('mes') ?? '';
  if (mesValido(mes)) {
    return (
      <Page title="Pedidos do mês" backHref="/vendas-ano-mes">
        <div className="narrow">
          <PedidosDoMes mes={mes} vendedor={params.get('vendedor') ?? ''} cliente={params.get('cliente') ?? ''} />
        </div>
      </Page>
    );
  }
  // One "Aprovações" entry for a manager: the server's queue (the device's "aguardando aprovação"
  // filter would read alike, so a manager does not get it).
  const aprovacoes = gestor && status === 'aguardando_aprovacao';
  const mudar = (s: string) => setParams(s ? { status: s } : {}, { replace: true });
  return (
    <Page
      title="Pedidos"
      backHref="/crm-vendas"
      actions={
        <IonButton routerLink="/crm-vendas-pedidos-buscar" aria-label="Buscar pedido">
          Buscar
        </IonButton>
      }
    >
      <div className="narrow">
        <IonButton expand="block" routerLink="/crm-vendas-pedidos-incluir" data-testid="novo-pedido">
          Novo pedido
        </IonButton>
        <BarraVendedor escolhido={escolhido} />
        <div className="pedido-filtros" role="group" aria-label="Filtrar por status" data-uma-linha>
          {gestor ? (
            <IonButton size="small" fill={aprovacoes ? 'solid' : 'outline'} aria-pressed={aprovacoes} onClick={() => mudar('aguardando_aprovacao')} data-testid="entrada-aprovacoes">
              Aprovações
            </IonButton>
          ) : null}
          {filtrosDaLista(gestor).map((f) => (
            <IonButton key={f.valor} size="small" fill={!aprovacoes && status === f.valor ? 'solid' : 'outline'} aria-pressed={!aprovacoes && status === f.valor} onClick={() => mudar(f.valor)}>
              {f.rotulo}
            </IonButton>
          ))}
        </div>
        {aprovacoes ? (
          <Aprovacoes vendedor={escolhido.vendedor} />
        ) : (
          <MeusPedidos filtro={status} vendedor={gestor ? escolhido.vendedor : ''} nomeVendedor={escolhido.gestor ? escolhido.nome : undefined} />
        )}
        <p>
          <Link to="/crm-vendas">Vendas do mês</Link>
        </p>
      </div>
    </Page>
  );
}

export default function PedidosPage() {
  return (
    <QueryBoundary>
      <PedidosPageTela />
    </QueryBoundary>
  );
}
