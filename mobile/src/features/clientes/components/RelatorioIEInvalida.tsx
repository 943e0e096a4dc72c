// The "IE inválida" filter of the customer list (ADMIN): the chip, and the server's report of the
// customers whose stored inscrição estadual fails its state's rule, each opening its edit screen.
import { useMemo } from 'react';
import { IonSkeletonText } from '../../../components/ionic/IonSkeletonText';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { useOnline } from '../../../components/useOnline';
import { useClientesIEInvalida } from '../api/ieInvalidas';
import { linhasIEInvalida, veIEInvalida, type LinhaIEInvalida } from '../utils/ieInvalidas';
import { ListaClientes } from './ItemCliente';

export const SO_COM_CONEXAO = 'Disponível só com conexão.';
export const NENHUMA_IE_INVALIDA = 'Nenhum cliente com inscrição estadual inválida.';

/** The chip; nothing for a role other than ADMIN. */
export function ChipIEInvalida({ perfil, ativo, onAlternar }: { perfil: string | null | undefined; ativo: boolean; onAlternar: () => void }) {
  if (!veIEInvalida(perfil)) return null;
  return (
    <div className="chips" role="group" aria-label="Relatório">
      <button type="button" className="chip" aria-pressed={ativo} onClick={onAlternar} data-testid="chip-ie-invalida">
        IE inválida
      </button>
    </div>
  );
}

/** The rows: name, document, the UF the IE was checked against and why it fails. */
export function ListaIEInvalida({ linhas }: { linhas: readonly LinhaIEInvalida[] }) {
  return (
    <ListaClientes data-testid="lista-ie-invalida">
      {linhas.map((l) => (
        <li key={l.id}>
          <a href={l.href}>
            <strong>{l.nome}</strong>
            <small>
              {l.documento} · UF: {l.uf}
              {l.ie ? ` · IE ${l.ie}` : ''}
            </small>
            <small style={{ color: 'var(--ion-color-danger)' }} data-testid="motivo-ie">
              {l.motivo}
            </small>
          </a>
        </li>
      ))}
    </ListaClientes>
  );
}

/** The report, online only: it is the server's, not the device copy's. */
export function RelatorioIEInvalida() {
  const online = useOnline();
  const query = useClientesIEInvalida({ enabled: online });
  const linhas = useMemo(() => linhasIEInvalida(query.data?.pages ?? []), [query.data]);
  const semConexao = !online || (query.isError && (query.error as { status?: number }).status === 0);
  let corpo;
  if (semConexao) corpo = <EmptyState>{SO_COM_CONEXAO}</EmptyState>;
  else if (query.isPending)
    corpo = (
      <div className="ion-padding">
        {[0, 1, 2].map((i) => (
          <div key={i} style={{ marginBottom: 12 }}>
            <IonSkeletonText animated style={{ width: '60%' }} />
            <IonSkeletonText animated style={{ width: '40%' }} />
          </div>
        ))}
      </div>
    );
  else if (query.isError) corpo = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (linhas.length === 0) corpo = <EmptyState>{NENHUMA_IE_INVALIDA}</EmptyState>;
  else
    corpo = (
      <>
        <p className="muted ion-padding-horizontal" data-testid="resumo-ie-invalida">
          Inscrição estadual que não passa na regra do estado. Toque no cliente para corrigir.
        </p>
        <ListaIEInvalida linhas={linhas} />
      </>
    );
  return (
    <>
      {corpo}
      <MaisPaginas consulta={{ hasNextPage: !semConexao && query.hasNextPage, fetchNextPage: query.fetchNextPage }} />
    </>
  );
}
