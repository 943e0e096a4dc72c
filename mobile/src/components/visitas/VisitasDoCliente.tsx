// The customer file's visit history, from the device's copy (offline too, with the check-ins not
// sent yet): each visit's day, seller, verdict and distance, its result and photos (the check-in
// itself is in the file's actions).
import { useOperadores } from '../../components/useOperadores';
import { ProgressoCopia, useProgressoCopia } from '../../components/sync/ProgressoCopia';
import { colecaoVisitas, useVisitasDoAparelho, visitasDoCliente } from '../../entities/visita/colecao';
import { formatarDistancia, resumoCheckout, rotuloVeredito } from '../../entities/visita/rotulos';
import { formatarDataHora } from '../../lib/format/date';
import { FotosDaVisita } from './FotosDaVisita';

/** How many of the customer's latest visits the file lists. */
export const VISITAS_NA_FICHA = 10;

export function VisitasDoCliente({ clienteId }: { clienteId: string }) {
  const ops = useOperadores();
  const todas = useVisitasDoAparelho();
  const copia = useProgressoCopia(colecaoVisitas);
  const visitas = todas ? visitasDoCliente(todas, clienteId).slice(0, VISITAS_NA_FICHA) : [];
  return (
    <section className="secao" aria-label="Visitas">
      <h3>Visitas</h3>
      <ProgressoCopia colecao={colecaoVisitas} />
      {todas && visitas.length === 0 && !copia.incompleta ? <p className="muted">Nenhuma visita nos últimos 90 dias.</p> : null}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="visitas-cliente">
        {visitas.map((v) => (
          <li key={v.id} className="cartao" data-testid="visita-cliente" data-pendente={v._pendente ? 'true' : undefined}>
            <strong>{formatarDataHora(v.inicio)}</strong> · {ops.nome(v.vendedor_id)}
            <p style={{ margin: '4px 0' }}>
              {v.veredito ? (
                <span className={`selo veredito-${v.veredito}`} data-testid="veredito-visita">
                  {rotuloVeredito(v.veredito)}
                </span>
              ) : (
                <span className="selo" data-testid="visita-nao-enviada">
                  Aguardando envio
                </span>
              )}
              {v.distancia_metros !== null && v.distancia_metros !== undefined ? ` a ${formatarDistancia(v.distancia_metros)}` : ''}
              {' · '}
              {resumoCheckout(v)}
            </p>
            {v.observacao ? <small className="muted">{v.observacao}</small> : null}
            <FotosDaVisita visitaId={v.id} visita={v} />
          </li>
        ))}
      </ul>
    </section>
  );
}
