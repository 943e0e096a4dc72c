import { useMemo, useState } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { IonNote } from '../../../components/ionic/IonNote';
import { IonRefresher } from '../../../components/ionic/IonRefresher';
import { IonRefresherContent } from '../../../components/ionic/IonRefresherContent';
import { IonSkeletonText } from '../../../components/ionic/IonSkeletonText';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { useOperadoresDaEmpresa } from '../../../entities/operador/queries';
import { formatarDataHora } from '../../../lib/format/date';
import { fimDoDia, inicioDoDia, useAcessos } from '../api/acessos';
import { localDoAcesso } from '../utils/local';

const TODOS = '__todos__';

function hojeMenos(dias: number): string {
  const d = new Date();
  d.setDate(d.getDate() - dias);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function Acessos() {
  const [operador, setOperador] = useState(TODOS);
  const [de, setDe] = useState(hojeMenos(7));
  const [ate, setAte] = useState(hojeMenos(0));
  const periodoInvalido = Boolean(de && ate && de > ate);

  const operadores = useOperadoresDaEmpresa();
  const nomes = useMemo(() => new Map((operadores.data ?? []).map((o) => [o.id, o.nome_operador])), [operadores.data]);

  const params = {
    operador: operador === TODOS ? undefined : operador,
    de: de ? inicioDoDia(de) : undefined,
    ate: ate ? fimDoDia(ate) : undefined,
    page_size: 50,
  };
  const q = useAcessos(params, { enabled: !periodoInvalido });
  const acessos = q.data?.pages.flatMap((p) => p.acessos) ?? [];

  return (
    <Page title="Log de acessos" backHref="/crm-home" padded={false}>
      <IonRefresher slot="fixed" onIonRefresh={(e) => void q.refetch().finally(() => e.detail.complete())}>
        <IonRefresherContent pullingText="Puxe para atualizar" refreshingText="Atualizando…" />
      </IonRefresher>
      <div className="narrow">
        <div className="form-stack ion-padding">
          <SelectField
            label="Operador"
            name="operador"
            value={operador}
            onValue={setOperador}
            options={[{ value: TODOS, label: 'Todos' }, ...(operadores.data ?? []).map((o) => ({ value: o.id, label: o.nome_operador }))]}
          />
          <div className="row-2">
            <TextField type="date" label="De" name="de" value={de} max={ate || undefined} onValue={setDe} />
            <TextField type="date" label="Até" name="ate" value={ate} min={de || undefined} onValue={setAte} />
          </div>
        </div>
        {periodoInvalido ? (
          <IonText color="danger" role="alert">
            <p className="ion-padding-horizontal">A data inicial deve ser anterior à final.</p>
          </IonText>
        ) : q.isPending ? (
          <IonList>
            {[0, 1, 2].map((i) => (
              <IonItem key={i}>
                <IonLabel>
                  <IonSkeletonText animated style={{ width: '50%' }} />
                  <IonSkeletonText animated style={{ width: '80%' }} />
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : acessos.length === 0 ? (
          <EmptyState>Nenhum acesso no período.</EmptyState>
        ) : (
          <IonList data-testid="lista-acessos">
            {acessos.map((a) => {
              const local = localDoAcesso(a);
              return (
                <IonItem key={a.id}>
                  <IonLabel className="ion-text-wrap">
                    <h2>{nomes.get(a.operador) ?? a.operador}</h2>
                    <p>{a.historico}</p>
                    <p data-testid="local-acesso">
                      Local: {local.texto}
                      {local.texto && local.mapa ? ' · ' : ''}
                      {local.mapa ? (
                        <a href={local.mapa} target="_blank" rel="noopener noreferrer">
                          Ver no mapa
                        </a>
                      ) : null}
                      {a.ip ? ` · IP ${a.ip}` : ''}
                    </p>
                  </IonLabel>
                  <IonNote slot="end">{formatarDataHora(a.registrado_em)}</IonNote>
                </IonItem>
              );
            })}
          </IonList>
        )}
        <MaisPaginas consulta={q} />
      </div>
    </Page>
  );
}

export default function AccessLogPage() {
  return (
    <QueryBoundary>
      <Acessos />
    </QueryBoundary>
  );
}
