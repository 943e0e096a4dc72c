import { useMemo, useState } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { IonButton, IonIcon } from '@ionic/react';
import { add } from 'ionicons/icons';
import { IonFab } from '../../../components/ionic/IonFab';
import { IonFabButton } from '../../../components/ionic/IonFabButton';
import { IonRefresher } from '../../../components/ionic/IonRefresher';
import { IonRefresherContent } from '../../../components/ionic/IonRefresherContent';
import { IonSearchbar } from '../../../components/ionic/IonSearchbar';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { TabelaOrdenavel, type Coluna } from '../../../components/ui/TabelaOrdenavel';
import { useTelaLarga } from '../../../components/ui/useTelaLarga';
import { useDebounced } from '../../../components/useDebounced';
import { ImportarCsv } from '../../../components/importacao/ImportarCsv';
import type { Produto } from '../../../lib/api/types';
import { formatarPercentual } from '../../../lib/format/percentual';
import { useFotoProduto } from '../../../entities/produto/foto';
import { importarProdutos, useAposImportarProdutos, useListaProdutos } from '../api/produtos';
import { IMPORTACAO_PRODUTOS } from '../utils/importacoes';
import { Link } from 'react-router-dom';
import './catalogo.css';

const COLUNAS: Coluna<Produto>[] = [
  { id: 'codigo', rotulo: 'Código', chave: (p) => p.codigo, digitoADigito: true },
  { id: 'descricao', rotulo: 'Descrição', chave: (p) => p.descricao },
  { id: 'grupo', rotulo: 'Grupo', chave: (p) => p.grupo },
  { id: 'marca', rotulo: 'Marca', chave: (p) => p.marca },
  { id: 'unidade', rotulo: 'Unidade', chave: (p) => `${p.unidade}${Number(p.multiplo_venda) > 1 ? ` × ${p.multiplo_venda}` : ''}` },
  { id: 'ipi', rotulo: 'IPI', chave: (p) => String(p.ipi_percentual).padStart(6, '0'), celula: (p) => formatarPercentual(p.ipi_percentual) },
  { id: 'situacao', rotulo: 'Situação', chave: (p) => (p.ativo ? 'Ativo' : 'Inativo') },
];

const OPCOES_ATIVO = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

/** The product's thumbnail (fetched once, kept on the device by foto_versao), or nothing. */
function Miniatura({ produto }: { produto: Produto }) {
  const url = useFotoProduto(produto.foto_versao ? produto : undefined, 'miniatura');
  return url ? <img className="catalogo-miniatura" src={url} alt="" /> : null;
}

const href = (p: Produto) => `/admin/produtos/${encodeURIComponent(p.id)}`;

function Lista() {
  const larga = useTelaLarga();
  const [busca, setBusca] = useState('');
  const [grupo, setGrupo] = useState('');
  const [marca, setMarca] = useState('');
  const [ativo, setAtivo] = useState('');
  const [importando, setImportando] = useState(false);
  const q = useDebounced(busca.trim(), 300);
  const g = useDebounced(grupo.trim(), 400);
  const m = useDebounced(marca.trim(), 400);
  const query = useListaProdutos({ q: q || undefined, grupo: g || undefined, marca: m || undefined, ativo: ativo ? ativo === 'true' : undefined, page_size: 50 });
  const aposImportar = useAposImportarProdutos();
  const produtos = useMemo(() => query.data?.pages.flatMap((p) => p.produtos) ?? [], [query.data]);
  // Groups and brands seen so far, offered while typing a filter.
  const [grupos, marcas] = useMemo(() => {
    const gs = new Set<string>();
    const ms = new Set<string>();
    for (const p of produtos) {
      if (p.grupo) gs.add(p.grupo);
      if (p.marca) ms.add(p.marca);
    }
    return [[...gs].sort(), [...ms].sort()];
  }, [produtos]);

  return (
    <Page
      title="Produtos"
      className="tela-larga"
      backHref="/crm-home"
      padded={false}
      fixed={
        <IonFab slot="fixed" vertical="bottom" horizontal="end">
          <IonFabButton routerLink="/admin/produtos/novo" aria-label="Novo produto">
            <IonIcon icon={add} aria-hidden="true" />
          </IonFabButton>
        </IonFab>
      }
    >
      <IonRefresher slot="fixed" onIonRefresh={(e) => void query.refetch().finally(() => e.detail.complete())}>
        <IonRefresherContent pullingText="Puxe para atualizar" refreshingText="Atualizando…" />
      </IonRefresher>
      <div className="narrow">
        <IonSearchbar
          placeholder="Código, descrição ou código de barras"
          value={busca}
          debounce={0}
          onIonInput={(e) => setBusca(String(e.detail.value ?? ''))}
          aria-label="Buscar produtos"
        />
        <div className="catalogo-filtros">
          <TextField label="Grupo" name="grupo" value={grupo} onValue={setGrupo} list="catalogo-grupos" autoComplete="off" />
          <TextField label="Marca" name="marca" value={marca} onValue={setMarca} list="catalogo-marcas" autoComplete="off" />
          <SelectField label="Situação" name="ativo" value={ativo} onValue={setAtivo} options={OPCOES_ATIVO} />
          <datalist id="catalogo-grupos">
            {grupos.map((x) => (
              <option key={x} value={x} />
            ))}
          </datalist>
          <datalist id="catalogo-marcas">
            {marcas.map((x) => (
              <option key={x} value={x} />
            ))}
          </datalist>
        </div>
        <div className="ion-padding-horizontal">
          <IonButton fill="clear" size="small" onClick={() => setImportando((v) => !v)} aria-expanded={importando}>
            {importando ? 'Fechar importação' : 'Importar produtos (CSV)'}
          </IonButton>
          {importando ? (
            <section className="secao cartao" aria-label="Importar produtos">
              <h3>Importar produtos (CSV)</h3>
              <ImportarCsv declaracao={IMPORTACAO_PRODUTOS} importar={importarProdutos} aoConcluir={aposImportar} />
            </section>
          ) : null}
        </div>
        <div className="ion-padding-horizontal">
          {query.isPending ? (
            <PageLoading />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : produtos.length === 0 ? (
            <EmptyState>Nenhum produto encontrado.</EmptyState>
          ) : larga ? (
            <TabelaOrdenavel linhas={produtos} colunas={COLUNAS} href={href} testId="tabela-produtos" inicial="descricao" />
          ) : (
            <ul className="catalogo-lista" data-testid="lista-produtos">
              {produtos.map((p) => (
                <li key={p.id}>
                  <Link to={href(p)} className="catalogo-com-miniatura">
                    {p.foto_versao ? <Miniatura produto={p} /> : null}
                    <div>
                      <div className="catalogo-linha">
                        <strong>
                          {p.descricao}
                          {!p.ativo ? <span className="selo-inativo">Inativo</span> : null}
                        </strong>
                      </div>
                      <small>
                        {p.codigo}
                        {p.grupo ? ` · ${p.grupo}` : ''}
                        {p.marca ? ` · ${p.marca}` : ''} · {p.unidade}
                        {Number(p.multiplo_venda) > 1 ? ` (múltiplo ${p.multiplo_venda})` : ''}
                      </small>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <MaisPaginas consulta={query} />
        <div style={{ height: 80 }} />
      </div>
    </Page>
  );
}

export default function ProdutosPage() {
  return (
    <QueryBoundary>
      <Lista />
    </QueryBoundary>
  );
}
