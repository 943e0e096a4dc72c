import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { Page } from '../../components/ui/Page';
import { EmptyState } from '../../components/ui/ErrorState';
import { cancelarPedido, lerPedido, responderPedido, type OpcaoEscolha } from '../../lib/escolha';
import { dobrar } from '../../lib/texto';
import { useVoltar } from './voltar';

/** The generic chooser: one or several options of a list, with search. */
export default function EscolherPage() {
  const [params] = useSearchParams();
  const [pedido] = useState(() => lerPedido(params.get('pedido')));
  const voltar = useVoltar();
  const [busca, setBusca] = useState('');
  const [marcados, setMarcados] = useState<Set<string>>(() => new Set(pedido?.selecionados ?? []));

  const opcoes = useMemo(() => {
    if (!pedido) return [];
    const todas: OpcaoEscolha[] = pedido.opcaoTodos && !pedido.multipla ? [{ valor: '', rotulo: pedido.opcaoTodos }, ...pedido.opcoes] : pedido.opcoes;
    const q = dobrar(busca);
    return q ? todas.filter((o) => dobrar(`${o.rotulo} ${o.detalhe ?? ''}`).includes(q)) : todas;
  }, [pedido, busca]);

  if (!pedido) {
    return (
      <Page title="Escolher" backHref="/crm-home">
        <EmptyState>Esta escolha não está mais disponível. Volte e tente de novo.</EmptyState>
      </Page>
    );
  }

  const escolher = (o: OpcaoEscolha) => {
    responderPedido(pedido, [o]);
    voltar(pedido);
  };
  const confirmar = () => {
    const todas = pedido.opcoes.filter((o) => marcados.has(o.valor));
    responderPedido(pedido, todas);
    voltar(pedido);
  };
  const cancelar = () => {
    cancelarPedido(pedido);
    voltar(pedido);
  };

  return (
    <Page title={pedido.titulo} backHref={pedido.voltarPara} padded={false}>
      <div className="narrow">
        <div className="text-field ion-padding-horizontal" style={{ paddingTop: 12 }}>
          <label htmlFor="busca-escolha">Buscar</label>
          <input id="busca-escolha" name="busca" type="search" autoComplete="off" value={busca} onChange={(e) => setBusca(e.target.value)} />
        </div>
        {opcoes.length === 0 ? <EmptyState>Nenhuma opção encontrada.</EmptyState> : null}
        <ul className="lista-simples" data-testid="opcoes-escolha" style={{ marginTop: 8 }}>
          {opcoes.map((o) =>
            pedido.multipla ? (
              <li key={o.valor}>
                <label className="check-field" style={{ padding: '6px 16px' }}>
                  <input
                    type="checkbox"
                    checked={marcados.has(o.valor)}
                    onChange={(e) =>
                      setMarcados((m) => {
                        const n = new Set(m);
                        if (e.target.checked) n.add(o.valor);
                        else n.delete(o.valor);
                        return n;
                      })
                    }
                  />
                  <span>
                    {o.rotulo}
                    {o.detalhe ? <small className="muted"> · {o.detalhe}</small> : null}
                  </span>
                </label>
              </li>
            ) : (
              <li key={o.valor || '__todos__'}>
                <button type="button" className="linha" onClick={() => escolher(o)} aria-current={pedido.selecionados.includes(o.valor) ? 'true' : undefined}>
                  <strong>
                    {o.rotulo}
                    {pedido.selecionados.includes(o.valor) ? <span className="selo">atual</span> : null}
                  </strong>
                  {o.detalhe ? <small>{o.detalhe}</small> : null}
                </button>
              </li>
            ),
          )}
        </ul>
        <div className="ion-padding row-2">
          <IonButton fill="outline" onClick={cancelar}>
            Cancelar
          </IonButton>
          {pedido.multipla ? <IonButton onClick={confirmar}>Confirmar ({marcados.size})</IonButton> : null}
        </div>
      </div>
    </Page>
  );
}
