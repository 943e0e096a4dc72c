import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { EmptyState } from '../../../components/ui/ErrorState';
import { ListaVirtual } from '../../../components/ui/ListaVirtual';
import { cancelarPedido, lerPedido, responderPedido, type OpcaoEscolha, type PedidoEscolha } from '../../../lib/escolha';
import { dobrar } from '../../../lib/texto';
import { useVoltar } from '../utils/voltar';

const numero = (n: number) => n.toLocaleString('pt-BR');

/** "Selecionar todos os 1.234 encontrados". */
export function rotuloSelecionarTodos(n: number): string {
  return n === 1 ? 'Selecionar o 1 encontrado' : `Selecionar todos os ${numero(n)} encontrados`;
}

function Escolha({ pedido }: { pedido: PedidoEscolha }) {
  const voltar = useVoltar();
  const [busca, setBusca] = useState('');
  const [marcados, setMarcados] = useState<Set<string>>(() => new Set(pedido.selecionados));

  const todas = useMemo<OpcaoEscolha[]>(
    () => (pedido.opcaoTodos && !pedido.multipla ? [{ valor: '', rotulo: pedido.opcaoTodos }, ...pedido.opcoes] : pedido.opcoes),
    [pedido],
  );
  // Folded once per option (no case, no accents), so each key typed is one pass of includes.
  const textos = useMemo(() => todas.map((o) => dobrar(`${o.rotulo} ${o.detalhe ?? ''}`)), [todas]);
  const q = dobrar(busca.trim());
  const opcoes = useMemo(() => (q ? todas.filter((_, i) => textos[i].includes(q)) : todas), [todas, textos, q]);
  const marcadosAqui = useMemo(() => (pedido.multipla ? opcoes.filter((o) => marcados.has(o.valor)).length : 0), [pedido.multipla, opcoes, marcados]);

  const escolher = (o: OpcaoEscolha) => {
    responderPedido(pedido, [o]);
    voltar(pedido);
  };
  const confirmar = () => {
    responderPedido(
      pedido,
      pedido.opcoes.filter((o) => marcados.has(o.valor)),
    );
    voltar(pedido);
  };
  const cancelar = () => {
    cancelarPedido(pedido);
    voltar(pedido);
  };
  const alternar = (valor: string, marcar: boolean) =>
    setMarcados((m) => {
      const n = new Set(m);
      if (marcar) n.add(valor);
      else n.delete(valor);
      return n;
    });
  const selecionarEncontrados = () =>
    setMarcados((m) => {
      const n = new Set(m);
      for (const o of opcoes) n.add(o.valor);
      return n;
    });

  return (
    <div className="tela-lista">
      <div className="tela-lista-topo">
        <div className="text-field">
          <label htmlFor="busca-escolha">Buscar</label>
          <input id="busca-escolha" name="busca" type="search" autoComplete="off" value={busca} onChange={(e) => setBusca(e.target.value)} />
        </div>
        {pedido.multipla ? (
          <div className="acoes selecao-rapida">
            <button type="button" onClick={selecionarEncontrados} disabled={opcoes.length === 0 || marcadosAqui === opcoes.length} data-testid="selecionar-encontrados">
              {rotuloSelecionarTodos(opcoes.length)}
            </button>
            <button type="button" onClick={() => setMarcados(new Set())} disabled={marcados.size === 0}>
              Limpar seleção
            </button>
          </div>
        ) : null}
        <p className="muted contagem" role="status" data-testid="contagem-escolha">
          {q ? `${numero(opcoes.length)} de ${numero(todas.length)} encontrado(s)` : `${numero(todas.length)} opção(ões)`}
          {pedido.multipla ? ` · ${numero(marcados.size)} selecionado(s)` : ''}
        </p>
      </div>
      {opcoes.length === 0 ? (
        <div className="lista-virtual">
          <EmptyState>Nenhuma opção encontrada.</EmptyState>
        </div>
      ) : (
        <ListaVirtual
          itens={opcoes}
          chave={(o) => o.valor || '__todos__'}
          rotulo={pedido.titulo}
          testId="opcoes-escolha"
          altura={pedido.multipla ? 48 : 62}
          topo={q}
          linha={(o) =>
            pedido.multipla ? (
              <label className="check-field" style={{ padding: '6px 16px' }}>
                <input type="checkbox" checked={marcados.has(o.valor)} onChange={(e) => alternar(o.valor, e.target.checked)} />
                <span>
                  {o.rotulo}
                  {o.detalhe ? <small className="muted">{o.detalhe}</small> : null}
                </span>
              </label>
            ) : (
              <button type="button" className="linha" onClick={() => escolher(o)} aria-current={pedido.selecionados.includes(o.valor) ? 'true' : undefined}>
                <strong>
                  {o.rotulo}
                  {pedido.selecionados.includes(o.valor) ? <span className="selo">atual</span> : null}
                </strong>
                {o.detalhe ? <small>{o.detalhe}</small> : null}
              </button>
            )
          }
        />
      )}
      <div className={`barra-acoes${pedido.multipla ? '' : ' uma'}`}>
        <IonButton fill="outline" onClick={cancelar}>
          Cancelar
        </IonButton>
        {pedido.multipla ? <IonButton onClick={confirmar}>Confirmar ({marcados.size})</IonButton> : null}
      </div>
    </div>
  );
}

/**
 * The generic chooser: one or several options of a list, with search (no case, no accents).
 * The list is virtual (thousands of customers put only the rows in view in the DOM) between
 * the search on top and the action bar, which stays on screen.
 */
export default function EscolherPage() {
  const [params] = useSearchParams();
  const [pedido] = useState(() => lerPedido(params.get('pedido')));

  if (!pedido) {
    return (
      <Page title="Escolher" backHref="/crm-home">
        <EmptyState>Esta escolha não está mais disponível. Volte e tente de novo.</EmptyState>
      </Page>
    );
  }
  return (
    <Page title={pedido.titulo} backHref={pedido.voltarPara} padded={false}>
      <Escolha pedido={pedido} />
    </Page>
  );
}
