import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { PageLoading } from '../../../components/ui/PageLoading';
import { tituloPedido } from '../../../entities/pedido/status';
import { rotuloStatusPedido } from '../utils/espelho';
import { useIncluirPedido } from '../hooks/useIncluirPedido';
import { useOperadores } from '../../../components/useOperadores';
import { reprovacaoACorrigir } from '../utils/decisao';
import { QuadroDecisao } from './DecisaoPedido';
import { SecaoAcoes, SecaoCliente, SecaoCondicoes, SecaoEntrega, SecaoLinhas, SecaoProdutos, SecaoTotais } from './incluir/Secoes';
import { SecaoSugestoes } from './incluir/SecaoSugestoes';
import './pedidos.css';

/**
 * `crm-vendas-pedidos-incluir`: a new order, entirely on the device (offline too). The customer
 * (or ?cliente= from their file), products by search or barcode, quantities in the sales multiple,
 * discount per line (over the cap allowed, flagged "vai para aprovação"), bonificação, the term,
 * freight, notes and delivery date; the live total with IPI and ST and each line's "why this
 * price". "Salvar orçamento" or "Enviar" go through the outbox, with the device's unit prices.
 */
export default function IncluirPedidoPage() {
  // A quote being edited is read through the API as well as the device (usePedido).
  return (
    <QueryBoundary>
      <IncluirPedido />
    </QueryBoundary>
  );
}

/** The screen: its state and actions come from useIncluirPedido, its parts from incluir/Secoes. */
function IncluirPedido() {
  const s = useIncluirPedido();
  const { nomes } = useOperadores();
  const { editarId, emEdicao, carregandoEdicao, editavel, pendencia, rascunho: r, clientes, produtos } = s;
  if (editarId && !carregandoEdicao && !editavel) {
    return (
      <Page title="Alterar pedido" backHref={`/crm-vendas-pedidos?id=${encodeURIComponent(editarId)}`}>
        <p className="narrow field-error" role="alert">
          {emEdicao ? `Este pedido está ${rotuloStatusPedido(emEdicao.status).toLowerCase()}: só um orçamento é alterado.` : 'Pedido não encontrado neste aparelho.'}
        </p>
      </Page>
    );
  }
  // The device copies are waited for only when the draft needs them (its customer, its lines): a
  // new order opens at once, its searches saying the copy is still loading (ProgressoCopia).
  if (!r || (r.cliente_id && !clientes && !s.cliente) || (r.itens.length > 0 && !produtos)) return <PageLoading />;
  // A rejected order being corrected: the supervisor's note stays in sight, beside the lines.
  const reprovacao = emEdicao ? reprovacaoACorrigir(emEdicao, nomes) : null;
  return (
    <Page
      title={pendencia !== null ? 'Corrigir pedido' : emEdicao ? `Alterar pedido ${tituloPedido(emEdicao)}` : 'Novo pedido'}
      backHref={emEdicao ? `/crm-vendas-pedidos?id=${encodeURIComponent(emEdicao.id)}` : '/crm-vendas-pedidos'}
      className="tela-larga"
    >
      {/* On a phone one column; on a wide screen the totals and actions stay beside the lines. */}
      <div className="narrow pedido-tela" data-testid="form-pedido">
        <div className="form-stack pedido-principal">
          <SecaoCliente s={s} r={r} />
          <SecaoCondicoes s={s} r={r} />
          <SecaoSugestoes s={s} />
          <SecaoProdutos s={s} r={r} />
          {reprovacao ? <QuadroDecisao d={reprovacao} testId="nota-reprovacao" /> : null}
          <SecaoLinhas s={s} r={r} />
          <SecaoEntrega s={s} r={r} />
        </div>
        <div className="form-stack pedido-lateral">
          <SecaoTotais s={s} r={r} />
          <SecaoAcoes s={s} r={r} />
        </div>
      </div>
    </Page>
  );
}
