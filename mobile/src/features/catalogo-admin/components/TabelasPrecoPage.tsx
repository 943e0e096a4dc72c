import { useMemo } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { Link } from 'react-router-dom';
import { IonIcon } from '@ionic/react';
import { add } from 'ionicons/icons';
import { IonFab } from '../../../components/ionic/IonFab';
import { IonFabButton } from '../../../components/ionic/IonFabButton';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { TabelaOrdenavel, type Coluna } from '../../../components/ui/TabelaOrdenavel';
import { useTelaLarga } from '../../../components/ui/useTelaLarga';
import type { TabelaPreco } from '../../../lib/api/types';
import { formatarPercentual } from '../../../lib/format/percentual';
import { useListaTabelas } from '../api/tabelas';
import { aQuemSeAplica, vigencia } from '../utils/tabela';
import './catalogo.css';

const COLUNAS: Coluna<TabelaPreco>[] = [
  { id: 'nome', rotulo: 'Nome', chave: (t) => t.nome },
  { id: 'aplica', rotulo: 'Vale para', chave: aQuemSeAplica },
  { id: 'vigencia', rotulo: 'Vigência', chave: (t) => t.validade_inicio || '0', celula: vigencia },
  { id: 'desconto', rotulo: 'Desconto', chave: (t) => String(1000 + (t.desconto_percentual ?? 0)).padStart(8, '0'), celula: (t) => formatarPercentual(t.desconto_percentual) },
];

const href = (t: TabelaPreco) => `/admin/tabelas-preco/${encodeURIComponent(t.id)}`;

function Lista() {
  const larga = useTelaLarga();
  const q = useListaTabelas();
  const tabelas = useMemo(() => q.data?.pages.flatMap((p) => p.tabelas) ?? [], [q.data]);
  return (
    <Page
      title="Tabelas de preço"
      className="tela-larga"
      backHref="/crm-home"
      fixed={
        <IonFab slot="fixed" vertical="bottom" horizontal="end">
          <IonFabButton routerLink="/admin/tabelas-preco/nova" aria-label="Nova tabela de preço">
            <IonIcon icon={add} aria-hidden="true" />
          </IonFabButton>
        </IonFab>
      }
    >
      <div className="narrow">
        <p className="muted" style={{ marginTop: 0 }}>
          Vale a tabela do cliente; senão a da região dele; senão a da UF; senão a padrão. Um produto fora da tabela do cliente não é vendido a ele.
        </p>
        {q.isPending ? (
          <PageLoading />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : tabelas.length === 0 ? (
          <EmptyState>Nenhuma tabela de preço. Toque em + para criar a primeira.</EmptyState>
        ) : larga ? (
          <TabelaOrdenavel linhas={tabelas} colunas={COLUNAS} href={href} testId="tabela-tabelas" />
        ) : (
          <ul className="catalogo-lista" data-testid="lista-tabelas">
            {tabelas.map((t) => (
              <li key={t.id}>
                <Link to={href(t)}>
                  <div className="catalogo-linha">
                    <strong>{t.nome}</strong>
                    {t.desconto_percentual ? <span className="valor">{formatarPercentual(-t.desconto_percentual).replace(/^(?!-)/, '+')}</span> : null}
                  </div>
                  <small>
                    {aQuemSeAplica(t)} · {vigencia(t)}
                  </small>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <MaisPaginas consulta={q} />
        <div style={{ height: 80 }} />
      </div>
    </Page>
  );
}

export default function TabelasPrecoPage() {
  return (
    <QueryBoundary>
      <Lista />
    </QueryBoundary>
  );
}
