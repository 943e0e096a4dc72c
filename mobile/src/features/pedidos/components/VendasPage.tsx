import { useMemo } from 'react';
import { useOperadores } from '../../../components/useOperadores';
import { formatarDataHora } from '../../../lib/format/date';
import { tituloPedido } from '../utils/acoes';
import { decisoesNaoVistas } from '../utils/decisao';
import { useDecisoesVistas } from '../utils/vistos';
import { Link } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { Page } from '../../../components/ui/Page';
import { usePedidosDoAparelho } from '../../../entities/pedido/colecao';
import { hojeIso } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { pode } from '../../../lib/permissoes';
import { useSession } from '../../../lib/session';
import { useSaida } from '../../../lib/sync/saida';
import { useResumoVendas } from '../api/pedidos';
import { figurasDoAparelho } from '../utils/vendas';
import { usePoliticaDoAparelho } from '../../../entities/preco/colecoes';
import { saldoFlex } from '../../../entities/preco/noAparelho';
import { VerbaFlex } from './VerbaFlex';
import './pedidos.css';

/**
 * `crm-vendas`: the day's and the month's sales (the month from the server's summary when it can
 * be reached, else from the orders on the device; the day always from the device), the orders
 * waiting to be sent or approved, and the shortcuts.
 */
function VendasPageTela() {
  const { profile } = useSession();
  const hoje = hojeIso();
  const mes = hoje.slice(0, 7);
  const pedidos = usePedidosDoAparelho();
  const saida = useSaida();
  const resumo = useResumoVendas(mes);
  const dia = useMemo(() => figurasDoAparelho(pedidos ?? [], hoje), [pedidos, hoje]);
  const doMes = useMemo(() => figurasDoAparelho(pedidos ?? [], mes), [pedidos, mes]);
  const aEnviar = saida.itens.filter((i) => i.colecao === 'pedidos').length;
  const aguardando = (pedidos ?? []).filter((p) => p.status === 'aguardando_aprovacao').length;
  const gestor = pode(profile?.perfil, 'pedidos.aprovar');
  const servidor = resumo.data;
  const operador = profile?.operador ?? '';
  const { nomes } = useOperadores();
  const vistos = useDecisoesVistas(operador);
  const naoVistas = useMemo(() => (pedidos && vistos ? decisoesNaoVistas(pedidos, operador, vistos, nomes) : []), [pedidos, vistos, operador, nomes]);
  const politica = usePoliticaDoAparelho();
  return (
    <Page title="Vendas" backHref="/crm-home">
      <div className="narrow">
        {naoVistas.length ? (
          <section aria-label="Decisões não vistas" data-testid="decisoes-nao-vistas">
            <h2>
              {naoVistas.length === 1 ? '1 decisão nova' : `${naoVistas.length} decisões novas`} nos seus pedidos
            </h2>
            <ul className="pedido-decisoes">
              {naoVistas.slice(0, 10).map((d) => (
                <li key={d.pedido.id} data-decisao={d.aprovado ? 'aprovado' : 'reprovado'}>
                  <Link to={`/crm-vendas-pedidos?id=${encodeURIComponent(d.pedido.id)}`} data-testid="decisao-nao-vista">
                    Pedido {tituloPedido(d.pedido)} de {d.pedido.cliente.nome}: <strong>{d.aprovado ? 'aprovado' : 'reprovado'}</strong> por {d.quem}
                  </Link>
                  <br />
                  <small className="muted">
                    {formatarDataHora(d.em)}
                    {d.observacao ? ` · ${d.observacao}` : ''}
                  </small>
                </li>
              ))}
            </ul>
            {naoVistas.length > 10 ? <p className="muted">E mais {naoVistas.length - 10}: abra cada pedido para marcá-lo como visto.</p> : null}
          </section>
        ) : null}
        <section aria-label="Hoje">
          <h2>Hoje</h2>
          <dl className="pedido-totais" data-testid="vendas-hoje">
            <dt>Vendido (produtos)</dt>
            <dd>{formatarMoeda(dia.valor_centavos)}</dd>
            <dt>Total com impostos e frete</dt>
            <dd>{formatarMoeda(dia.total_centavos)}</dd>
            <dt>Pedidos</dt>
            <dd>{dia.pedidos}</dd>
          </dl>
        </section>
        <section aria-label="Mês">
          <h2>Mês</h2>
          <dl className="pedido-totais" data-testid="vendas-mes">
            <dt>Vendido (produtos)</dt>
            <dd>{formatarMoeda(servidor ? servidor.valor_centavos : doMes.valor_centavos)}</dd>
            <dt>Total com impostos e frete</dt>
            <dd>{formatarMoeda(servidor ? servidor.total_centavos : doMes.total_centavos)}</dd>
            <dt>Pedidos</dt>
            <dd>{servidor ? Number(servidor.pedidos) : doMes.pedidos}</dd>
            <dt>Clientes atendidos</dt>
            <dd>{servidor ? Number(servidor.clientes) : doMes.clientes}</dd>
            {servidor ? (
              <>
                <dt>Bonificação</dt>
                <dd>{formatarMoeda(servidor.bonificacao_centavos)}</dd>
                <dt>Faturado</dt>
                <dd>{formatarMoeda(servidor.faturado_centavos)}</dd>
              </>
            ) : null}
          </dl>
          {!servidor && !resumo.isPending ? <p className="muted">Sem conexão: números dos pedidos guardados no aparelho.</p> : null}
          <VerbaFlex saldo={saldoFlex(politica ?? null, operador)} />
        </section>
        <section aria-label="Pendências">
          <p>
            <Link to="/crm-vendas-pedidos?status=a_enviar" data-testid="a-enviar">
              {aEnviar} {aEnviar === 1 ? 'alteração de pedido' : 'alterações de pedidos'} aguardando envio
            </Link>
          </p>
          <p>
            <Link to="/crm-vendas-pedidos?status=aguardando_aprovacao" data-testid="aguardando-aprovacao">
              {gestor ? `Aprovações: ${aguardando} ${aguardando === 1 ? 'pedido aguardando' : 'pedidos aguardando'}` : `${aguardando} ${aguardando === 1 ? 'pedido aguardando' : 'pedidos aguardando'} aprovação`}
            </Link>
          </p>
        </section>
        <IonButton expand="block" routerLink="/crm-vendas-pedidos-incluir">
          Novo pedido
        </IonButton>
        <IonButton expand="block" fill="outline" routerLink="/crm-vendas-pedidos">
          Pedidos
        </IonButton>
        <IonButton expand="block" fill="outline" routerLink="/crm-vendas-pedidos-buscar">
          Buscar pedido
        </IonButton>
      </div>
    </Page>
  );
}

export default function VendasPage() {
  return (
    <QueryBoundary>
      <VendasPageTela />
    </QueryBoundary>
  );
}
