import { useState } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { IonIcon } from '@ionic/react';
import { IonBadge } from '../../../components/ionic/IonBadge';
import { IonFab } from '../../../components/ionic/IonFab';
import { IonFabButton } from '../../../components/ionic/IonFabButton';
import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { IonRefresher } from '../../../components/ionic/IonRefresher';
import { IonRefresherContent } from '../../../components/ionic/IonRefresherContent';
import { IonSearchbar } from '../../../components/ionic/IonSearchbar';
import { IonSkeletonText } from '../../../components/ionic/IonSkeletonText';
import { IonToggle } from '../../../components/ionic/IonToggle';
import { add } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { NOMES_PERFIL } from '../../../components/navigation';
import { useListaOperadores } from '../api/operadores';
import { TabelaOrdenavel, type Coluna } from '../../../components/ui/TabelaOrdenavel';
import { useTelaLarga } from '../../../components/ui/useTelaLarga';
import type { Operador } from '../../../lib/api/types';
import { useDebounced } from '../../../components/useDebounced';


/** The operators as a table on wide screens. */
const COLUNAS: Coluna<Operador>[] = [
  { id: 'nome', rotulo: 'Nome', chave: (o) => o.nome_operador },
  { id: 'email', rotulo: 'E-mail', chave: (o) => o.email },
  { id: 'perfil', rotulo: 'Perfil', chave: (o) => NOMES_PERFIL[o.perfil_app] ?? o.perfil_app },
  { id: 'situacao', rotulo: 'Situação', chave: (o) => (o.ativo ? 'Ativo' : 'Desativado') },
];

function Lista() {
  const larga = useTelaLarga();
  const [busca, setBusca] = useState('');
  const [inativos, setInativos] = useState(false);
  const q = useDebounced(busca.trim(), 300);
  const params = { q: q || undefined, incluir_inativos: inativos || undefined, page_size: 50 };
  const query = useListaOperadores(params);
  const operadores = query.data?.pages.flatMap((p) => p.operadores) ?? [];

  return (
    <Page
      title="Operadores"
      backHref="/crm-home"
      padded={false}
      fixed={
        <IonFab slot="fixed" vertical="bottom" horizontal="end">
          <IonFabButton routerLink="/admin/operadores/novo" aria-label="Novo operador">
            <IonIcon icon={add} aria-hidden="true" />
          </IonFabButton>
        </IonFab>
      }
    >
      <IonRefresher
        slot="fixed"
        onIonRefresh={(e) => {
          void query.refetch().finally(() => e.detail.complete());
        }}
      >
        <IonRefresherContent pullingText="Puxe para atualizar" refreshingText="Atualizando…" />
      </IonRefresher>
      <div className="narrow">
        <IonSearchbar
          placeholder="Buscar por nome ou e-mail"
          value={busca}
          debounce={0}
          onIonInput={(e) => setBusca(String(e.detail.value ?? ''))}
          aria-label="Buscar operadores"
        />
        <IonItem lines="none">
          <IonToggle checked={inativos} onIonChange={(e) => setInativos(e.detail.checked)}>
            Mostrar desativados
          </IonToggle>
        </IonItem>
        {query.isPending ? (
          <IonList>
            {[0, 1, 2, 3].map((i) => (
              <IonItem key={i}>
                <IonLabel>
                  <IonSkeletonText animated style={{ width: '60%' }} />
                  <IonSkeletonText animated style={{ width: '40%' }} />
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : operadores.length === 0 ? (
          <EmptyState>Nenhum operador encontrado.</EmptyState>
        ) : larga ? (
          <TabelaOrdenavel linhas={operadores} colunas={COLUNAS} href={(o) => `/admin/operadores/${encodeURIComponent(o.id)}`} testId="tabela-operadores" />
        ) : (
          <IonList data-testid="lista-operadores">
            {operadores.map((o) => (
              <IonItem key={o.id} routerLink={`/admin/operadores/${encodeURIComponent(o.id)}`} detail>
                <IonLabel>
                  <h2>{o.nome_operador}</h2>
                  <p>{o.email}</p>
                </IonLabel>
                {!o.ativo ? (
                  <IonBadge color="medium" slot="end">
                    Desativado
                  </IonBadge>
                ) : null}
                <IonBadge color={o.perfil_app === 'ADMIN' ? 'primary' : o.perfil_app === 'SUPERVISOR' ? 'secondary' : 'light'} slot="end">
                  {NOMES_PERFIL[o.perfil_app] ?? o.perfil_app}
                </IonBadge>
              </IonItem>
            ))}
          </IonList>
        )}
        <MaisPaginas consulta={query} />
        <div style={{ height: 80 }} />
      </div>
    </Page>
  );
}

export default function OperatorsPage() {
  return (
    <QueryBoundary>
      <Lista />
    </QueryBoundary>
  );
}
