import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState } from '../../../components/ui/ErrorState';
import { ListaVirtual } from '../../../components/ui/ListaVirtual';
import { SelectField } from '../../../components/ui/SelectField';
import { useEscolha } from '../../../components/useEscolha';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import { usePrecosDoAparelho, useTabelasDoAparelho, type PrecoLocal, type TabelaLocal } from '../../../entities/preco/colecoes';
import { useDadosComerciais, useSituacaoCatalogo } from '../../../entities/preco/hooks';
import { colecaoProdutos, gruposDe, useProdutosDoAparelho } from '../../../entities/produto/colecao';
import { ProgressoCopia } from '../../../components/sync/ProgressoCopia';
import { formatarDiaHora, hojeIso } from '../../../lib/format/date';
import { useSession } from '../../../lib/session';
import { enviarESincronizar } from '../../../lib/sync/iniciar';
import { MAX_BUSCA_CARACTERES } from '../../../lib/texto';
import { useLinhasBuscadas } from '../hooks/useBusca';
import { useBuscaDuranteACopia } from '../../../components/sync/useBuscaDuranteACopia';
import { useProgressoCopia } from '../../../components/sync/ProgressoCopia';
import { usePrecoParaCliente, type PrecoParaCliente } from '../hooks/usePrecoParaCliente';
import { juntarLinhasDoServidor, linhasDaTabela, precosDaTabela, tabelaInicial, tabelaParaCliente, tabelasVisiveis, vigente, type LinhaLista } from '../utils/lista';
import { LinhaProduto } from './LinhaProduto';

const numero = (n: number) => n.toLocaleString('pt-BR');

/** Where a product of the list opens (the table and the customer go along). */
export function rotaDoProduto(id: string, tabela: string, cliente: string): string {
  const q = new URLSearchParams({ id });
  if (tabela) q.set('tabela', tabela);
  if (cliente) q.set('cliente', cliente);
  return `/listas-produto?${q.toString()}`;
}

/** How many products the server search brings during the catalogue's first copy. */
const LIMITE_BUSCA_SERVIDOR = 20;

interface BuscaProps {
  linhas: readonly LinhaLista[];
  /** The table's prices on the device (a product from the server search shows its own when the device has it). */
  precos: ReadonlyMap<string, PrecoLocal>;
  total: number;
  grupo: string;
  tabela: TabelaLocal;
  clienteId: string;
  exibirMedida: boolean;
  precoCliente: ((produtoId: string) => PrecoParaCliente) | null;
  /** The catalogue's sync state, after the count. */
  situacao: string;
}

/**
 * The search over a table's rows and the list: its own component, so a keystroke renders the
 * count and the list only (not the page, its selects and toolbar).
 */
function BuscaNaTabela({ linhas: base, precos, total, grupo, tabela, clienteId, exibirMedida, precoCliente, situacao }: BuscaProps) {
  const [texto, setTexto] = useState('');
  const doAparelho = useLinhasBuscadas(base, texto);
  // During the catalogue's first copy the search also asks the server (one mechanism: lib/sync/buscaDuranteACopia).
  const noServidor = useBuscaDuranteACopia(colecaoProdutos, texto, { limite: LIMITE_BUSCA_SERVIDOR, filtros: { ativo: 'true' } });
  const copia = useProgressoCopia(colecaoProdutos);
  const linhas = useMemo(
    () => juntarLinhasDoServidor(doAparelho, noServidor, precos, grupo, (id) => colecaoProdutos.emMemoriaPorId(id) !== undefined),
    [doAparelho, noServidor, precos, grupo],
  );
  return (
    <>
      <div className="tela-lista-topo" style={{ paddingTop: 0 }}>
        <div className="text-field">
          <label htmlFor="busca-produtos">Código, descrição ou código de barras</label>
          <input
            id="busca-produtos"
            name="busca"
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_BUSCA_CARACTERES}
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            placeholder="Ex.: café 500, 7891000…"
          />
        </div>
        <p className="muted contagem" role="status" data-testid="contagem-produtos" data-consulta={texto}>
          {texto.trim() || grupo ? `${numero(linhas.length)} de ${numero(total)} produtos` : `${numero(total)} produtos na tabela`}
          {situacao}
        </p>
      </div>
      {linhas.length === 0 ? (
        <div className="lista-virtual">
          {noServidor.buscando ? (
            <p className="muted ion-padding" role="status">
              <IonSpinner name="dots" aria-hidden="true" /> Buscando no servidor…
            </p>
          ) : (
            // Not "none" while the catalogue is still on its way: the copy's sentence says why.
            <EmptyState>{copia.texto ?? 'Nenhum produto encontrado.'}</EmptyState>
          )}
        </div>
      ) : (
        <ListaVirtual
          itens={linhas}
          chave={(l) => l.produto.id}
          rotulo={`Produtos da tabela ${tabela.nome}`}
          testId="lista-produtos"
          altura={84}
          alturaFixa
          topo={`${texto}\u0000${grupo}\u0000${tabela.id}`}
          linha={(l) => (
            <LinhaProduto
              l={l}
              href={rotaDoProduto(l.produto.id, tabela.id, clienteId)}
              exibirMedida={exibirMedida}
              doCliente={l.preco ? precoCliente?.(l.produto.id) : undefined}
            />
          )}
        />
      )}
    </>
  );
}

/**
 * `listas`: the price tables and their prices, from the device (offline too). A table (the
 * company's default first) or a customer (then the table that applies to them, and what each
 * product costs them after promotions and volume discounts, with IPI and ST); search by code,
 * description or barcode; filter by group.
 */
export default function ListasPage() {
  // The search asks the server during the catalogue's first copy (a query).
  return (
    <QueryBoundary>
      <Listas />
    </QueryBoundary>
  );
}

function Listas() {
  const { profile } = useSession();
  const [params, setParams] = useSearchParams();
  const produtos = useProdutosDoAparelho();
  const precos = usePrecosDoAparelho();
  const todasAsTabelas = useTabelasDoAparelho();
  const clientes = useClientesDoAparelho();
  const dados = useDadosComerciais();
  const sync = useSituacaoCatalogo();
  const hoje = hojeIso();
  const tabelas = useMemo(
    () => (todasAsTabelas && clientes ? tabelasVisiveis(todasAsTabelas, profile?.perfil, clientes, hoje) : null),
    [todasAsTabelas, clientes, profile?.perfil, hoje],
  );

  const mudar = (p: Record<string, string>) =>
    setParams(
      (atual) => {
        const n = new URLSearchParams(atual);
        for (const [k, v] of Object.entries(p)) {
          if (v) n.set(k, v);
          else n.delete(k);
        }
        return n;
      },
      { replace: true },
    );

  const clienteId = params.get('cliente') ?? '';
  const cliente = clienteId ? clientes?.find((c) => c.id === clienteId) : undefined;
  const grupo = params.get('grupo') ?? '';
  const tabela = useMemo(() => {
    if (!tabelas) return undefined;
    if (cliente) return todasAsTabelas ? tabelaParaCliente(todasAsTabelas, cliente, hoje) : undefined;
    return tabelas.find((t) => t.id === params.get('tabela')) ?? tabelaInicial(tabelas, hoje);
  }, [tabelas, todasAsTabelas, cliente, params, hoje]);
  const precosDaLista = useMemo(() => (precos && tabela ? precosDaTabela(precos, tabela.id) : new Map()), [precos, tabela]);
  const daTabela = useMemo(() => (produtos ? linhasDaTabela(produtos, precosDaLista, '') : []), [produtos, precosDaLista]);
  const doGrupo = useMemo(() => (grupo ? daTabela.filter((l) => l.produto.grupo === grupo) : daTabela), [daTabela, grupo]);
  const grupos = useMemo(() => (produtos ? gruposDe(produtos) : []), [produtos]);
  const precoCliente = usePrecoParaCliente(dados, profile?.operador ?? '', cliente);

  const escolher = useEscolha('listas/cliente', (r) => mudar({ cliente: r.valores[0] ?? '' }));
  const escolherCliente = () =>
    escolher({
      titulo: 'Preços para o cliente',
      opcoes: (clientes ?? []).filter((c) => c.status !== 'inativo').map((c) => ({ valor: c.id, rotulo: c.nome, detalhe: c._linha })),
      multipla: false,
      selecionados: clienteId ? [clienteId] : [],
    });

  const carregando = produtos === null || tabelas === null || precos === null;
  const vazio = !carregando && produtos.length === 0;

  return (
    <Page title="Listas de preço" backHref="/crm-home" padded={false}>
      <div className="tela-lista">
        <div className="tela-lista-topo">
          <ProgressoCopia colecao={colecaoProdutos} />
          <div className="barra-vendedor" data-testid="cliente-da-lista">
            {cliente ? (
              <>
                <span>
                  Preços para <strong>{cliente.nome}</strong>
                </span>
                <span>
                  <IonButton size="small" fill="clear" onClick={escolherCliente}>
                    Trocar
                  </IonButton>
                  <IonButton size="small" fill="clear" onClick={() => mudar({ cliente: '' })} aria-label="Limpar: ver sem cliente">
                    Limpar
                  </IonButton>
                </span>
              </>
            ) : (
              <IonButton size="small" fill="outline" onClick={escolherCliente} disabled={!clientes?.length} data-testid="escolher-cliente">
                Ver preços para um cliente
              </IonButton>
            )}
          </div>
          {cliente ? (
            <p className="muted contagem" data-testid="tabela-do-cliente">
              {tabela ? `Tabela do cliente: ${tabela.nome}` : 'Nenhuma tabela de preço vigente para este cliente.'}
            </p>
          ) : tabelas && tabelas.length > 0 ? (
            <SelectField
              label="Tabela de preço"
              name="tabela"
              value={tabela?.id ?? ''}
              onValue={(v) => mudar({ tabela: v })}
              options={tabelas.map((t) => ({ value: t.id, label: `${t.nome}${t.padrao ? ' (padrão)' : ''}${vigente(t, hoje) ? '' : ' — fora da vigência'}` }))}
            />
          ) : null}
          <SelectField
            label="Grupo"
            name="grupo"
            value={grupo}
            onValue={(v) => mudar({ grupo: v })}
            options={[{ value: '', label: 'Todos os grupos' }, ...grupos.map((g) => ({ value: g, label: g }))]}
          />
        </div>
        {carregando ? (
          <div className="center-box" role="status">
            <IonSpinner name="crescent" />
          </div>
        ) : vazio ? (
          <div className="lista-virtual">
            <EmptyState>
              {sync.sincronizando
                ? 'Baixando o catálogo para o aparelho…'
                : sync.erro
                  ? `O catálogo ainda não está no aparelho: ${sync.erro}`
                  : 'Nenhum produto no catálogo.'}
            </EmptyState>
            {!sync.sincronizando ? (
              <div className="ion-padding">
                <IonButton expand="block" fill="outline" onClick={() => void enviarESincronizar().catch(() => undefined)}>
                  Sincronizar agora
                </IonButton>
              </div>
            ) : null}
          </div>
        ) : !tabela ? (
          <div className="lista-virtual">
            <EmptyState>{cliente ? 'Nenhuma tabela de preço vigente para este cliente.' : 'Nenhuma tabela de preço vigente.'}</EmptyState>
          </div>
        ) : (
          <BuscaNaTabela
            linhas={doGrupo}
            precos={precosDaLista}
            total={daTabela.length}
            grupo={grupo}
            tabela={tabela}
            clienteId={clienteId}
            exibirMedida={Boolean(profile?.medida)}
            precoCliente={precoCliente}
            situacao={sync.sincronizando ? ' · atualizando o catálogo…' : sync.sincronizadoEm ? ` · catálogo de ${formatarDiaHora(sync.sincronizadoEm)}` : ''}
          />
        )}
      </div>
    </Page>
  );
}
