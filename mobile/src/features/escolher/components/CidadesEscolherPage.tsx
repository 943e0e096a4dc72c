import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { ListaVirtual } from '../../../components/ui/ListaVirtual';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/SelectField';
import { useCidades, useUfs } from '../api/cidades';
import { cancelarPedido, lerPedido, responderPedido, type OpcaoEscolha, type PedidoEscolha } from '../../../lib/escolha';
import { useVoltar } from '../utils/voltar';

function Escolha({ pedido }: { pedido: PedidoEscolha }) {
  const voltar = useVoltar();
  const [uf, setUf] = useState(pedido.uf ?? '');
  const [texto, setTexto] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(texto.trim()), 300);
    return () => clearTimeout(t);
  }, [texto]);
  // Chosen cities by IBGE code (those chosen before come as options of the request).
  const [marcadas, setMarcadas] = useState<Map<string, OpcaoEscolha>>(
    () => new Map(pedido.opcoes.filter((o) => pedido.selecionados.includes(o.valor)).map((o) => [o.valor, o])),
  );

  const ufs = useUfs();
  const params = { uf: uf || undefined, q: q || undefined, page_size: 50 };
  const cidades = useCidades(params, { enabled: Boolean(uf || q) });
  const lista = useMemo(() => cidades.data?.pages.flatMap((p) => p.cidades) ?? [], [cidades.data]);

  const opcao = (c: { ibge: string; nome: string; uf: string }): OpcaoEscolha => ({ valor: c.ibge, rotulo: `${c.nome}/${c.uf}`, detalhe: c.ibge });
  const alternar = (o: OpcaoEscolha) => {
    if (!pedido.multipla) {
      responderPedido(pedido, [o]);
      voltar(pedido);
      return;
    }
    setMarcadas((m) => {
      const n = new Map(m);
      if (n.has(o.valor)) n.delete(o.valor);
      else n.set(o.valor, o);
      return n;
    });
  };

  return (
    <div className="tela-lista">
      <div className="tela-lista-topo">
        <div className="filtros">
          <SelectField
            label="UF"
            name="uf"
            value={uf}
            onValue={setUf}
            options={[{ value: '', label: 'Todas' }, ...(ufs.data?.ufs ?? []).map((u) => ({ value: u.sigla, label: `${u.sigla} - ${u.nome}` }))]}
          />
          <div className="text-field">
            <label htmlFor="busca-cidade">Cidade</label>
            <input id="busca-cidade" name="busca" type="search" autoComplete="off" value={texto} onChange={(e) => setTexto(e.target.value)} placeholder="Ex.: sao paulo" />
          </div>
        </div>
        {pedido.multipla && marcadas.size > 0 ? (
          <>
            <div className="chips" aria-label="Cidades escolhidas">
              {[...marcadas.values()].map((o) => (
                <button key={o.valor} type="button" className="chip" aria-pressed="true" onClick={() => alternar(o)} title="Remover">
                  {o.rotulo} ✕
                </button>
              ))}
            </div>
            <div className="acoes selecao-rapida">
              <button type="button" onClick={() => setMarcadas(new Map())}>
                Limpar seleção
              </button>
            </div>
          </>
        ) : null}
      </div>
      {!uf && !q ? (
        <div className="lista-virtual">
          <EmptyState>Escolha a UF ou digite o nome da cidade.</EmptyState>
        </div>
      ) : cidades.isPending ? (
        <div className="lista-virtual ion-padding">
          <IonSpinner name="dots" />
        </div>
      ) : cidades.isError ? (
        <div className="lista-virtual">
          <ErrorState error={cidades.error} onRetry={() => void cidades.refetch()} />
        </div>
      ) : lista.length === 0 ? (
        <div className="lista-virtual">
          <EmptyState>Nenhuma cidade encontrada.</EmptyState>
        </div>
      ) : (
        <ListaVirtual
          itens={lista}
          chave={(c) => c.ibge}
          rotulo="Cidades"
          testId="opcoes-cidades"
          altura={pedido.multipla ? 48 : 62}
          topo={`${uf}|${q}`}
          aoChegarNoFim={() => {
            if (cidades.hasNextPage && !cidades.isFetchingNextPage) void cidades.fetchNextPage();
          }}
          linha={(c) => {
            const o = opcao(c);
            return pedido.multipla ? (
              <label className="check-field" style={{ padding: '6px 16px' }}>
                <input type="checkbox" checked={marcadas.has(c.ibge)} onChange={() => alternar(o)} />
                <span>
                  {c.nome} <small className="muted">{c.uf}</small>
                </span>
              </label>
            ) : (
              <button type="button" className="linha" onClick={() => alternar(o)}>
                <strong>{c.nome}</strong>
                <small>{c.uf}</small>
              </button>
            );
          }}
        />
      )}
      {cidades.isFetchingNextPage ? (
        <p className="muted contagem" role="status" style={{ margin: '4px 16px' }}>
          Carregando mais… <IonSpinner name="dots" />
        </p>
      ) : null}
      <div className={`barra-acoes${pedido.multipla ? '' : ' uma'}`}>
        <IonButton
          fill="outline"
          onClick={() => {
            cancelarPedido(pedido);
            voltar(pedido);
          }}
        >
          Cancelar
        </IonButton>
        {pedido.multipla ? (
          <IonButton
            onClick={() => {
              responderPedido(pedido, [...marcadas.values()]);
              voltar(pedido);
            }}
          >
            Confirmar ({marcadas.size})
          </IonButton>
        ) : null}
      </div>
    </div>
  );
}

/** Picks one or several IBGE cities (search by name through the server, UF filter). */
export default function CidadesEscolherPage() {
  const [params] = useSearchParams();
  const [pedido] = useState(() => lerPedido(params.get('pedido')));
  return (
    <QueryBoundary>
      <Page title={pedido?.titulo ?? 'Escolher cidades'} backHref={pedido?.voltarPara ?? '/crm-home'} padded={false}>
        {pedido ? <Escolha pedido={pedido} /> : <EmptyState>Esta escolha não está mais disponível. Volte e tente de novo.</EmptyState>}
      </Page>
    </QueryBoundary>
  );
}
