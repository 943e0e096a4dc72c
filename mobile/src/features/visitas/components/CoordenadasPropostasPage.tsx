// The coordinate proposals (route `coordenadas-propostas`, ADMIN): check-ins at a customer whose
// main address had no coordinates, with a good position the server proposes for the address
// (GET /crm/visitas?coordenadas_propostas=true, page by page). Each shows the customer, the
// position and its accuracy, the distance when the address has coordinates by now, and a map
// link (SPEC §9: a new tab); "Aceitar coordenadas" makes the position the address's (and closes
// the customer's other proposals); "Descartar" drops a wrong one (a check-in at the wrong place).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useToast } from '../../../components/ui/useToast';
import { useOperadores } from '../../../components/useOperadores';
import { useConfirm } from '../../../components/ui/useConfirm';
import { aceitarCoordenadas, chavesVisitas, descartarCoordenadas } from '../../../entities/visita/api';
import { usePropostasDeCoordenadas } from '../../../entities/visita/queries';
import { formatarDistancia } from '../../../entities/visita/rotulos';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Visita } from '../../../lib/api/types';
import { formatarDataHora } from '../../../lib/format/date';
import { linkCoordenadas } from '../../../lib/format/maps';
import { useMutacao } from '../../../lib/query';

/** "-23,550300, -46,634000 (± 8 m)". */
function posicao(v: Visita): string {
  const n = (x: number | null | undefined) => (x ?? 0).toLocaleString('pt-BR', { minimumFractionDigits: 6, maximumFractionDigits: 6 });
  return `${n(v.latitude)}, ${n(v.longitude)}${v.precisao_metros != null ? ` (± ${formatarDistancia(v.precisao_metros)})` : ''}`;
}

function Proposta({ v }: { v: Visita }) {
  const toast = useToast();
  const ops = useOperadores();
  const [erro, setErro] = useState('');
  const aceitar = useMutacao((id: string) => aceitarCoordenadas(id), [chavesVisitas.propostas], {
    onSuccess: () => toast(`Coordenadas de ${v.cliente_nome} aceitas.`, { duration: 2500, position: 'bottom', color: 'success' }),
    onError: (e) => setErro(mensagemDeErro(e)),
  });
  const confirm = useConfirm();
  const descartar = useMutacao((id: string) => descartarCoordenadas(id), [chavesVisitas.propostas], {
    onSuccess: () => toast(`Proposta de ${v.cliente_nome} descartada.`, { duration: 2500, position: 'bottom', color: 'success' }),
    onError: (e) => setErro(mensagemDeErro(e)),
  });
  const ocupado = aceitar.isPending || descartar.isPending;
  const mapa = linkCoordenadas(v.latitude, v.longitude);
  return (
    <li className="cartao" data-testid="proposta-coordenadas">
      <Link to={`/crm-clientes-ficha?id=${encodeURIComponent(v.cliente_id)}`}>
        <strong data-testid="proposta-cliente">{v.cliente_nome || v.cliente_id}</strong>
      </Link>
      <p style={{ margin: '4px 0' }}>
        Check-in de {ops.nome(v.vendedor_id)} em {formatarDataHora(v.inicio)}
      </p>
      <p style={{ margin: '4px 0' }} data-testid="proposta-posicao">
        Posição: {posicao(v)}
        {v.distancia_metros != null ? ` · a ${formatarDistancia(v.distancia_metros)} do endereço` : ' · endereço sem coordenadas'}
      </p>
      {erro ? (
        <p className="field-error" role="alert">
          {erro}
        </p>
      ) : null}
      <div className="acoes">
        {mapa ? (
          <a href={mapa} target="_blank" rel="noopener noreferrer">
            Ver no mapa
          </a>
        ) : null}
        <button
          type="button"
          onClick={() => {
            setErro('');
            aceitar.mutate(v.id);
          }}
          disabled={ocupado}
          data-testid="aceitar-coordenadas"
        >
          {aceitar.isPending ? 'Aceitando…' : 'Aceitar coordenadas'}
        </button>
        <button
          type="button"
          className="perigo"
          onClick={() => {
            setErro('');
            void confirm({
              header: 'Descartar proposta',
              message: `Descartar a posição proposta para ${v.cliente_nome || 'o cliente'}? O endereço continua como está.`,
              okText: 'Descartar',
            }).then((ok) => ok && descartar.mutate(v.id));
          }}
          disabled={ocupado}
          data-testid="descartar-coordenadas"
        >
          {descartar.isPending ? 'Descartando…' : 'Descartar'}
        </button>
      </div>
    </li>
  );
}

function Propostas() {
  const q = usePropostasDeCoordenadas();
  if (q.isPending) return <PageLoading />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const visitas = q.data.pages.flatMap((p) => p.visitas);
  return (
    <div className="narrow">
      <p className="muted">
        Check-ins em clientes cujo endereço principal não tinha coordenadas. Ao aceitar, a posição do check-in passa a ser a do endereço, as outras propostas do
        mesmo cliente saem da lista, e os próximos check-ins ali são conferidos pelo raio. Uma proposta errada (check-in no lugar errado) pode ser descartada.
      </p>
      {visitas.length === 0 ? (
        <EmptyState>Nenhuma coordenada aguardando aprovação.</EmptyState>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="propostas-coordenadas">
          {visitas.map((v) => (
            <Proposta key={v.id} v={v} />
          ))}
        </ul>
      )}
      <MaisPaginas consulta={q} />
    </div>
  );
}

export default function CoordenadasPropostasPage() {
  return (
    <Page title="Coordenadas propostas" backHref="/crm-home">
      <QueryBoundary>
        <Propostas />
      </QueryBoundary>
    </Page>
  );
}
