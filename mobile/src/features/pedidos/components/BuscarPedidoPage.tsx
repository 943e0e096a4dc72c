import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { Page } from '../../../components/ui/Page';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useToast } from '../../../components/ui/useToast';
import { useDebounced } from '../../../components/useDebounced';
import { useOperadores } from '../../../components/useOperadores';
import { mensagemDeErro } from '../../../lib/api/client';
import { baixarArquivo } from '../../../lib/csv';
import { MAX_BUSCA_CARACTERES } from '../../../lib/texto';
import { todosOsPedidos, usePedidosDoServidor, type FiltroPedidos } from '../api/pedidos';
import { rotuloStatusPedido } from '../utils/espelho';
import { csvDosPedidos, nomeArquivoPedidos } from '../utils/exportar';
import { LinhaPedido } from './LinhaPedido';
import { STATUS_PEDIDO } from '../../../lib/contratos/pedidos.gen';
import './pedidos.css';

/**
 * `crm-vendas-pedidos-buscar`: the server's search over the caller's scope (any age): number or
 * customer, status, seller (managers), period; keyset pages; the result as CSV.
 */
function BuscarPedidoPageTela() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const { nome, gestor, vendedores } = useOperadores();
  const [texto, setTexto] = useState(params.get('q') ?? '');
  const q = useDebounced(texto.trim(), 300);
  const status = params.get('status') ?? '';
  const vendedor = params.get('vendedor') ?? '';
  const de = params.get('de') ?? '';
  const ate = params.get('ate') ?? '';
  const mudar = (k: string, v: string) =>
    setParams(
      (a) => {
        const n = new URLSearchParams(a);
        if (v) n.set(k, v);
        else n.delete(k);
        return n;
      },
      { replace: true },
    );
  const filtro: FiltroPedidos = useMemo(() => ({ q: q || undefined, status: status || undefined, vendedor: vendedor || undefined, de: de || undefined, ate: ate || undefined, page_size: 50 }), [q, status, vendedor, de, ate]);
  const consulta = usePedidosDoServidor(filtro);
  const pedidos = useMemo(() => consulta.data?.pages.flatMap((x) => x.pedidos) ?? [], [consulta.data]);
  const [exportando, setExportando] = useState(false);

  async function exportar() {
    setExportando(true);
    try {
      const todos = await todosOsPedidos(filtro, consulta.data?.pages ?? []);
      baixarArquivo(nomeArquivoPedidos(), csvDosPedidos(todos, nome));
    } catch (e) {
      toast(mensagemDeErro(e), { duration: 4000, position: 'bottom', color: 'danger' });
    } finally {
      setExportando(false);
    }
  }

  return (
    <Page title="Buscar pedido" backHref="/crm-vendas-pedidos">
      <div className="narrow">
        <TextField label="Número, cliente ou CNPJ/CPF" type="search" value={texto} onValue={setTexto} maxLength={MAX_BUSCA_CARACTERES} name="q" autoComplete="off" />
        <div className="row-2">
          <SelectField label="Status" value={status} onValue={(v) => mudar('status', v)} options={[{ value: '', label: 'Todos' }, ...STATUS_PEDIDO.map((s) => ({ value: s, label: rotuloStatusPedido(s) }))]} />
          {gestor ? (
            <SelectField label="Vendedor" value={vendedor} onValue={(v) => mudar('vendedor', v)} options={[{ value: '', label: 'Todos' }, ...vendedores.map((v) => ({ value: v.valor, label: v.rotulo }))]} />
          ) : null}
        </div>
        <div className="row-2">
          <TextField label="De" type="date" value={de} onValue={(v) => mudar('de', v)} name="de" />
          <TextField label="Até" type="date" value={ate} onValue={(v) => mudar('ate', v)} name="ate" />
        </div>
        <IonButton fill="outline" size="small" disabled={exportando || pedidos.length === 0} onClick={() => void exportar()}>
          Exportar CSV
        </IonButton>
        {consulta.isError ? <ErrorState error={consulta.error} onRetry={() => void consulta.refetch()} /> : null}
        {consulta.isSuccess && pedidos.length === 0 ? <EmptyState>Nenhum pedido encontrado.</EmptyState> : null}
        <div data-testid="resultado-busca-pedidos">
          {pedidos.map((p) => (
            <LinhaPedido key={p.id} p={p} vendedor={gestor ? nome(p.vendedor_id) : undefined} />
          ))}
        </div>
        <MaisPaginas consulta={consulta} />
      </div>
    </Page>
  );
}

export default function BuscarPedidoPage() {
  return (
    <QueryBoundary>
      <BuscarPedidoPageTela />
    </QueryBoundary>
  );
}
