import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { add, downloadOutline, searchOutline } from 'ionicons/icons';
import { IonFab } from '../../../components/ionic/IonFab';
import { IonFabButton } from '../../../components/ionic/IonFabButton';
import { IonRefresher } from '../../../components/ionic/IonRefresher';
import { IonRefresherContent } from '../../../components/ionic/IonRefresherContent';
import { IonSkeletonText } from '../../../components/ionic/IonSkeletonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { AvisoCopia } from '../../../components/ui/AvisoCopia';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useToast } from '../../../components/ui/useToast';
import { useEscolha } from '../../../components/useEscolha';
import { useOnline } from '../../../components/useOnline';
import { useOperadores } from '../../../components/useOperadores';
import { todaALista, useListaClientes } from '../api/clientes';
import { useRegioes } from '../../../entities/endereco/queries';
import { falhaDeConexao, mensagemDeErro } from '../../../lib/api/client';
import type { Cliente, ListarClientesParametros } from '../../../lib/api/types';
import { STATUS_CLIENTE } from '../../../entities/cliente/status';
import { enviarESincronizar } from '../../../lib/sync/iniciar';
import { AvisoSaida } from '../../../components/sync/AvisoSaida';
import { ProgressoCopia, useProgressoCopia } from '../../../components/sync/ProgressoCopia';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { baixarArquivo } from '../../../lib/csv';
import { KEYS, setItem, TODOS_VENDEDORES } from '../../../lib/storage';
import { useSession } from '../../../lib/session';
import { useClientesDoAparelho, useSituacaoClientes } from '../../../entities/cliente/hooks';
import { filtrarClientes } from '../../../entities/cliente/busca';
import { csvDosClientes, nomeArquivoExportacao } from '../utils/exportar';
import { ItemCliente, ListaClientes } from './ItemCliente';
import { TabelaClientes } from './TabelaClientes';
import { ChipIEInvalida, RelatorioIEInvalida } from './RelatorioIEInvalida';
import { RelatorioSemPedido } from './RelatorioSemPedido';
import { diasSemPedido, PARAM_SEM_PEDIDO } from '../api/semPedido';
import { FILTRO_IE_INVALIDA, veIEInvalida } from '../utils/ieInvalidas';
import { useTelaLarga } from '../../../components/ui/useTelaLarga';
import { useDebounced } from '../../../components/useDebounced';

const PASSO_LOCAL = 100;

function Lista() {
  const { profile } = useSession();
  const online = useOnline();
  const toast = useToast();
  const sync = useSituacaoClientes();
  const ops = useOperadores();
  const larga = useTelaLarga();
  const gestor = ops.gestor;
  const vendedor = gestor ? (profile?.filtroVendedorId ?? '') : (profile?.operador ?? '');
  const [status, setStatus] = useState('');
  const [regiao, setRegiao] = useState('');
  const [cidadeDigitada, setCidadeDigitada] = useState('');
  const cidade = useDebounced(cidadeDigitada.trim(), 400);
  const [exportando, setExportando] = useState(false);
  const [limiteLocal, setLimiteLocal] = useState(PASSO_LOCAL);
  // ADMIN's "IE inválida" report replaces the list (/crm-clientes?filtro=ie-invalida).
  const [busca, setBusca] = useSearchParams();
  const ieInvalida = veIEInvalida(profile?.perfil) && busca.get('filtro') === FILTRO_IE_INVALIDA;
  const alternarIEInvalida = () => setBusca(ieInvalida ? {} : { filtro: FILTRO_IE_INVALIDA }, { replace: true });
  // The panel's "sem pedido há N dias" (/crm-clientes?sem_pedido_dias=30) replaces the list too.
  const semPedido = ieInvalida ? null : diasSemPedido(busca.get(PARAM_SEM_PEDIDO));

  const escolherVendedor = useEscolha('crm-clientes/vendedor', (r) => {
    const o = r.opcoes[0];
    setItem(KEYS.filtroVendedorId, o?.valor ?? '');
    setItem(KEYS.filtroVendedor, o?.valor ? o.rotulo : TODOS_VENDEDORES);
  });

  const regioes = useRegioes({ staleTime: 5 * 60_000, retry: 0 });

  const params: ListarClientesParametros = {
    vendedor: vendedor || undefined,
    status: status || undefined,
    regiao: regiao || undefined,
    cidade: cidade || undefined,
    page_size: 50,
  };
  // A server out of reach falls back to the device copy at once.
  const query = useListaClientes(params, { enabled: online && !ieInvalida && semPedido === null });
  const usarCopia = !online || (query.isError && falhaDeConexao(query.error));
  const copia = useClientesDoAparelho();
  // Shown from the copy while its first copy is not complete: say so, never "Nenhum cliente".
  const primeiraCopia = useProgressoCopia(colecaoClientes);
  const daCopia = useMemo(
    () => (usarCopia && copia ? filtrarClientes(copia, { vendedor, status, regiao, cidade }) : []),
    [usarCopia, copia, vendedor, status, regiao, cidade],
  );
  useEffect(() => setLimiteLocal(PASSO_LOCAL), [vendedor, status, regiao, cidade]);

  const doServidor = useMemo(() => query.data?.pages.flatMap((p) => p.clientes) ?? [], [query.data]);
  const clientes: Cliente[] = usarCopia ? daCopia.slice(0, limiteLocal) : doServidor;
  const carregando = usarCopia ? copia === null : query.isPending;
  const temMais = usarCopia ? daCopia.length > limiteLocal : query.hasNextPage;

  async function atualizar() {
    await Promise.allSettled([enviarESincronizar(), online ? query.refetch() : Promise.resolve()]);
  }

  async function exportar() {
    if (exportando) return;
    setExportando(true);
    try {
      let todos: Cliente[];
      if (usarCopia) todos = daCopia;
      else {
        // Everything the filters match, not only the pages scrolled so far.
        todos = await todaALista(params, query.data?.pages ?? []);
      }
      baixarArquivo(nomeArquivoExportacao(), csvDosClientes(todos, ops.nome));
      toast(`${todos.length} cliente(s) exportado(s).`, { duration: 2500, position: 'bottom', color: 'success' });
    } catch (err) {
      toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' });
    } finally {
      setExportando(false);
    }
  }

  return (
    <Page
      title="Clientes"
      backHref="/crm-home"
      className="tela-larga"
      padded={false}
      actions={
        <>
          <IonButton routerLink="/crm-clientes-buscar" aria-label="Buscar clientes">
            <IonIcon slot="icon-only" icon={searchOutline} aria-hidden="true" />
          </IonButton>
          <IonButton onClick={() => void exportar()} aria-label="Exportar CSV" disabled={exportando || carregando || ieInvalida}>
            {exportando ? <IonSpinner name="dots" /> : <IonIcon slot="icon-only" icon={downloadOutline} aria-hidden="true" />}
          </IonButton>
        </>
      }
      fixed={
        <IonFab slot="fixed" vertical="bottom" horizontal="end">
          <IonFabButton routerLink="/crm-clientes-incluir" aria-label="Novo cliente">
            <IonIcon icon={add} aria-hidden="true" />
          </IonFabButton>
        </IonFab>
      }
    >
      <IonRefresher slot="fixed" onIonRefresh={(e) => void atualizar().finally(() => e.detail.complete())}>
        <IonRefresherContent pullingText="Puxe para atualizar" refreshingText="Atualizando…" />
      </IonRefresher>
      <div className="narrow">
        <ChipIEInvalida perfil={profile?.perfil} ativo={ieInvalida} onAlternar={alternarIEInvalida} />
        {ieInvalida ? (
          <RelatorioIEInvalida />
        ) : semPedido !== null ? (
          <RelatorioSemPedido dias={semPedido} vendedor={vendedor} aoLimpar={() => setBusca({}, { replace: true })} />
        ) : (
          <>
            {gestor ? (
              <div className="barra-vendedor">
                <span>
                  Vendedor: <strong data-testid="filtro-vendedor">{profile?.filtroVendedor || TODOS_VENDEDORES}</strong>
                </span>
                <IonButton
                  size="small"
                  fill="outline"
                  onClick={() =>
                    escolherVendedor({
                      titulo: 'Escolher vendedor',
                      opcoes: ops.vendedores,
                      multipla: false,
                      selecionados: [vendedor],
                      opcaoTodos: TODOS_VENDEDORES,
                    })
                  }
                  disabled={ops.carregando}
                >
                  Trocar
                </IonButton>
              </div>
            ) : null}
            <div className="chips" role="group" aria-label="Status">
              <button type="button" className="chip" aria-pressed={status === ''} onClick={() => setStatus('')}>
                Todos
              </button>
              {STATUS_CLIENTE.map((s) => (
                <button key={s.valor} type="button" className="chip" aria-pressed={status === s.valor} onClick={() => setStatus(s.valor)}>
                  {s.plural}
                </button>
              ))}
            </div>
            <div className="filtros">
              <SelectField
                label="Região"
                name="regiao"
                value={regiao}
                onValue={setRegiao}
                options={[{ value: '', label: 'Todas' }, ...(regioes.data ?? []).map((r) => ({ value: r.id, label: r.nome }))]}
              />
              <TextField label="Cidade" name="cidade" value={cidadeDigitada} onValue={setCidadeDigitada} placeholder="Nome da cidade" />
            </div>
            <AvisoSaida />
            {usarCopia ? <AvisoCopia sincronizadoEm={sync.sincronizadoEm} semConexao={!online || (query.error as { status?: number })?.status === 0} /> : null}
            {usarCopia ? <ProgressoCopia colecao={colecaoClientes} /> : null}
            {carregando ? (
              <div className="ion-padding">
                {[0, 1, 2, 3].map((i) => (
                  <div key={i} style={{ marginBottom: 12 }}>
                    <IonSkeletonText animated style={{ width: '60%' }} />
                    <IonSkeletonText animated style={{ width: '40%' }} />
                  </div>
                ))}
              </div>
            ) : query.isError && !usarCopia ? (
              <ErrorState error={query.error} onRetry={() => void query.refetch()} />
            ) : clientes.length === 0 && usarCopia && primeiraCopia.incompleta ? null : clientes.length === 0 ? (
              <EmptyState>
                {usarCopia && copia?.length === 0 ? 'Nenhum cliente salvo no aparelho ainda.' : 'Nenhum cliente encontrado com esses filtros.'}
              </EmptyState>
            ) : (
              // Wide screens: a table with sortable columns; phones: the list.
              larga ? (
                <TabelaClientes clientes={clientes} vendedor={gestor && !vendedor ? ops.nome : undefined} />
              ) : (
                <ListaClientes data-testid="lista-clientes">
                  {clientes.map((c) => (
                    <ItemCliente key={c.id} c={c} vendedor={gestor && !vendedor ? ops.nomes.get(c.vendedor_id) : undefined} />
                  ))}
                </ListaClientes>
              )
            )}
            <MaisPaginas
              consulta={{ hasNextPage: temMais, fetchNextPage: query.fetchNextPage }}
              mais={usarCopia ? () => setLimiteLocal((n) => n + PASSO_LOCAL) : undefined}
            />
          </>
        )}
        <div style={{ height: 80 }} />
      </div>
    </Page>
  );
}

export default function ClientesPage() {
  return (
    <QueryBoundary>
      <Lista />
    </QueryBoundary>
  );
}
