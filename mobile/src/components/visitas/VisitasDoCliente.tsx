// The customer file's visit history: each visit's day, seller, verdict and distance, and its
// result and photos (the check-in itself is in the file's actions).
import { IonSpinner } from '@ionic/react';
import { useOperadores } from '../../components/useOperadores';
import { useVisitasDoCliente } from '../../entities/visita/queries';
import { formatarDistancia, resumoCheckout, rotuloVeredito } from '../../entities/visita/rotulos';
import { mensagemDeErro } from '../../lib/api/client';
import { formatarDataHora } from '../../lib/format/date';
import { FotosDaVisita } from './FotosDaVisita';

export function VisitasDoCliente({ clienteId, daCopia }: { clienteId: string; daCopia: boolean }) {
  const ops = useOperadores();
  const q = useVisitasDoCliente(clienteId, { enabled: !daCopia });
  return (
    <section className="secao" aria-label="Visitas">
      <h3>Visitas</h3>
      {daCopia ? (
        <p className="muted">Disponível com conexão.</p>
      ) : q.isPending ? (
        <IonSpinner name="dots" />
      ) : q.isError ? (
        <p className="muted">{mensagemDeErro(q.error)}</p>
      ) : q.data.visitas.length === 0 ? (
        <p className="muted">Nenhuma visita registrada.</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="visitas-cliente">
          {q.data.visitas.map((v) => (
            <li key={v.id} className="cartao" data-testid="visita-cliente">
              <strong>{formatarDataHora(v.inicio)}</strong> · {ops.nome(v.vendedor_id)}
              <p style={{ margin: '4px 0' }}>
                <span className={`selo veredito-${v.veredito}`} data-testid="veredito-visita">
                  {rotuloVeredito(v.veredito)}
                </span>
                {v.distancia_metros !== null && v.distancia_metros !== undefined ? ` a ${formatarDistancia(v.distancia_metros)}` : ''}
                {' · '}
                {resumoCheckout(v)}
              </p>
              {v.observacao ? <small className="muted">{v.observacao}</small> : null}
              <FotosDaVisita visitaId={v.id} visita={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
