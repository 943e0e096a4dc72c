// A visit's photos as a row of thumbnails (the check-in screen's open visit, the customer file's
// visit history): the server's and those still waiting on the device.
import type { Visita } from '../../lib/api/types';
import { formatarDataHora } from '../../lib/format/date';
import { useFotosDaVisita, useMiniatura, type FotoNaTela } from '../../entities/visita/fotos';

function Miniatura({ visitaId, foto }: { visitaId: string; foto: FotoNaTela }) {
  const url = useMiniatura(visitaId, foto);
  const quando = foto.capturadoEm ? formatarDataHora(foto.capturadoEm) : '';
  const rotulo = `Foto da visita${quando ? ` tirada em ${quando}` : ''}${foto.dataUrl ? ' (aguardando envio)' : ''}`;
  return (
    <li className="miniatura-foto" data-testid={foto.dataUrl ? 'foto-pendente' : 'foto-visita'}>
      {url ? <img src={url} alt={rotulo} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <span role="img" aria-label={rotulo} style={{ display: 'inline-block', width: 64, height: 64, background: 'var(--cor-fundo-suave, #eee)', borderRadius: 4 }} />}
    </li>
  );
}

export function FotosDaVisita({ visitaId, visita }: { visitaId: string; visita?: Pick<Visita, 'fotos'> }) {
  const fotos = useFotosDaVisita(visitaId, visita);
  if (fotos.length === 0) return null;
  return (
    <ul aria-label="Fotos da visita" data-testid="fotos-da-visita" style={{ listStyle: 'none', padding: 0, margin: '4px 0', display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {fotos.map((f) => (
        <Miniatura key={f.id} visitaId={visitaId} foto={f} />
      ))}
    </ul>
  );
}
