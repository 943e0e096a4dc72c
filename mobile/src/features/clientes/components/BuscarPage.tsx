import { useDeferredValue, useMemo, useState } from 'react';
import { IonSpinner } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { useOperadores } from '../../../components/useOperadores';
import { ProgressoCopia, useProgressoCopia } from '../../../components/sync/ProgressoCopia';
import { buscarClientes, type ClienteLocal } from '../../../entities/cliente/busca';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { useClientesDoAparelho, useSituacaoClientes } from '../../../entities/cliente/hooks';
import { useBuscaDuranteACopia } from '../../../components/sync/useBuscaDuranteACopia';
import { LIMITE_RESULTADOS } from '../../../lib/sync/busca';
import { MAX_BUSCA_CARACTERES } from '../../../lib/texto';
import { formatarDiaHora } from '../../../lib/format/date';
import { useSession } from '../../../lib/session';
import { TODOS_VENDEDORES } from '../../../lib/storage';
import { ItemCliente, ListaClientes } from './ItemCliente';

/**
 * The search over the device copy: one pass over precomputed folded strings per keystroke, at
 * most LIMITE_RESULTADOS rows rendered (plain elements). Exported for the search benchmark.
 */
/** Rows rendered at once on a keystroke (a phone screen); the rest follow in a deferred render. */
export const PRIMEIRAS_LINHAS = 12;

export function BuscaNaCopia({ lista, nomeVendedor }: { lista: readonly ClienteLocal[]; nomeVendedor?: (id: string) => string | undefined }) {
  const [texto, setTexto] = useState('');
  const res = useMemo(() => buscarClientes(lista, texto), [lista, texto]);
  // The keystroke paints the first screenful; the other rows (up to LIMITE_RESULTADOS) come in a
  // render React may interrupt when the next key arrives.
  const adiado = useDeferredValue(res);
  const itens = adiado === res ? res.itens : res.itens.slice(0, PRIMEIRAS_LINHAS);
  return (
    <>
      <div className="text-field ion-padding-horizontal" style={{ paddingTop: 12 }}>
        <label htmlFor="busca-clientes">Nome, fantasia ou CPF/CNPJ</label>
        <input
          id="busca-clientes"
          name="busca"
          type="search"
          autoComplete="off"
          autoFocus
          enterKeyHint="search"
          maxLength={MAX_BUSCA_CARACTERES}
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          placeholder="Ex.: são joão, 11.222.333"
        />
      </div>
      <p className="muted ion-padding-horizontal" role="status" data-testid="contagem-busca" style={{ fontSize: '0.85rem' }}>
        {texto.trim()
          ? res.total === 0
            ? 'Nenhum cliente encontrado.'
            : res.total > res.itens.length
              ? `${res.total} clientes; mostrando os ${res.itens.length} primeiros. Refine a busca.`
              : `${res.total} cliente(s)`
          : `${lista.length} clientes no aparelho. Digite para buscar.`}
      </p>
      <ListaClientes data-testid="resultados-busca" data-consulta={texto}>
        {itens.map((c) => (
          <ItemCliente key={c.id} c={c} vendedor={nomeVendedor?.(c.vendedor_id)} />
        ))}
      </ListaClientes>
    </>
  );
}

/**
 * While the portfolio's first copy is under way: the search asks the server, and its results
 * say so (the device copy is not the whole portfolio yet).
 */
function BuscaNoServidor({ vendedor }: { vendedor: string }) {
  const [texto, setTexto] = useState('');
  const r = useBuscaDuranteACopia(colecaoClientes, texto, { filtros: { vendedor }, limite: LIMITE_RESULTADOS });
  return (
    <>
      <div className="text-field ion-padding-horizontal" style={{ paddingTop: 12 }}>
        <label htmlFor="busca-clientes">Nome, fantasia ou CPF/CNPJ</label>
        <input id="busca-clientes" name="busca" type="search" autoComplete="off" autoFocus maxLength={MAX_BUSCA_CARACTERES} value={texto} onChange={(e) => setTexto(e.target.value)} />
      </div>
      <p className="muted ion-padding-horizontal" style={{ fontSize: '0.85rem' }}>
        Enquanto a carteira não chega inteira ao aparelho, a busca é feita no servidor.
      </p>
      {!texto.trim() ? null : r.buscando ? (
        <div className="ion-padding" role="status" aria-label="Buscando no servidor">
          <IonSpinner name="dots" />
        </div>
      ) : r.erro ? (
        <ErrorState error={r.erro} />
      ) : r.itens.length === 0 ? (
        <EmptyState>Nenhum cliente encontrado no servidor.</EmptyState>
      ) : (
        <>
          <p className="muted ion-padding-horizontal" role="status" data-testid="contagem-busca" style={{ fontSize: '0.85rem' }}>
            Resultados do servidor: {r.itens.length} cliente(s)
          </p>
          <ListaClientes data-testid="resultados-busca" data-consulta={texto} data-origem="servidor">
            {r.itens.map((c) => (
              <ItemCliente key={c.id} c={c} />
            ))}
          </ListaClientes>
        </>
      )}
    </>
  );
}

function Busca() {
  const { profile } = useSession();
  const ops = useOperadores();
  const sync = useSituacaoClientes();
  const copia = useClientesDoAparelho();
  const primeira = useProgressoCopia(colecaoClientes);
  const vendedor = ops.gestor ? (profile?.filtroVendedorId ?? '') : (profile?.operador ?? '');
  // The copy holds the operator's whole scope; the seller filter applies here.
  const base = useMemo(() => (copia && vendedor ? copia.filter((c) => c.vendedor_id === vendedor) : copia), [copia, vendedor]);
  return (
    <Page title="Buscar clientes" backHref="/crm-clientes" padded={false}>
      <div className="narrow">
        {ops.gestor ? (
          <p className="muted ion-padding-horizontal" style={{ margin: '8px 0 0', fontSize: '0.85rem' }}>
            Vendedor: {profile?.filtroVendedor || TODOS_VENDEDORES}
          </p>
        ) : null}
        {base === null ? (
          <div className="center-box" role="status">
            <IonSpinner name="crescent" />
          </div>
        ) : primeira.incompleta && !primeira.parada ? (
          <>
            <ProgressoCopia colecao={colecaoClientes} />
            <BuscaNoServidor vendedor={vendedor} />
          </>
        ) : (
          <>
            <ProgressoCopia colecao={colecaoClientes} />
            <BuscaNaCopia lista={base} nomeVendedor={ops.gestor && !vendedor ? (id) => ops.nomes.get(id) : undefined} />
            {sync.sincronizadoEm ? (
              <p className="muted ion-padding" style={{ fontSize: '0.8rem' }}>
                Dados do aparelho, atualizados em {formatarDiaHora(sync.sincronizadoEm)}.
              </p>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}

export default function BuscarPage() {
  return (
    <QueryBoundary>
      <Busca />
    </QueryBoundary>
  );
}
