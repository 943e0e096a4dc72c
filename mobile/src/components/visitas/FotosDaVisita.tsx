// A visit's photos as a row of thumbnails (the check-in screen's open visit, the camera screen, the
// customer file's visit history): the server's and those still waiting on the device. On the
// seller's open visit each has "Excluir foto" (a wrong picture: blurred, the wrong shelf): one
// still waiting leaves the device unsent, a sent one is deleted through the outbox (offline too).
import { useState } from 'react';
import type { Visita } from '../../lib/api/types';
import { mensagemDeErro } from '../../lib/api/client';
import { formatarDataHora } from '../../lib/format/date';
import { MENSAGEM_GUARDADA } from '../../lib/sync/saida';
import { useConfirm } from '../ui/useConfirm';
import { excluirFoto, useFotosDaVisita, useMiniatura, type FotoNaTela } from '../../entities/visita/fotos';

function Miniatura({ visitaId, foto, aoExcluir }: { visitaId: string; foto: FotoNaTela; aoExcluir?: (f: FotoNaTela) => void }) {
  const url = useMiniatura(visitaId, foto);
  const quando = foto.capturadoEm ? formatarDataHora(foto.capturadoEm) : '';
  const rotulo = `Foto da visita${quando ? ` tirada em ${quando}` : ''}${foto.dataUrl ? ' (aguardando envio)' : ''}`;
  return (
    <li className="miniatura-foto" data-testid={foto.dataUrl ? 'foto-pendente' : 'foto-visita'} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
      {url ? <img src={url} alt={rotulo} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <span role="img" aria-label={rotulo} style={{ display: 'inline-block', width: 64, height: 64, background: 'var(--cor-fundo-suave, #eee)', borderRadius: 4 }} />}
      {aoExcluir ? (
        <button
          type="button"
          onClick={() => aoExcluir(foto)}
          aria-label={`Excluir foto${quando ? ` tirada em ${quando}` : ''}`}
          data-testid="excluir-foto"
          style={{ minHeight: 44, minWidth: 44, padding: '0 8px', font: 'inherit', fontSize: '0.8rem', borderRadius: 8, border: '1px solid var(--ion-color-danger, #c5000f)', color: 'var(--ion-color-danger, #c5000f)', background: '#fff', cursor: 'pointer' }}
        >
          Excluir foto
        </button>
      ) : null}
    </li>
  );
}

export function FotosDaVisita({
  visitaId,
  visita,
  excluir,
}: {
  visitaId: string;
  visita?: Pick<Visita, 'fotos'>;
  /** The seller's open visit: its photos may be deleted (the customer's name for the outbox's line). */
  excluir?: { nomeCliente: string };
}) {
  const fotos = useFotosDaVisita(visitaId, visita);
  const confirm = useConfirm();
  const [status, setStatus] = useState('');
  const [erro, setErro] = useState('');

  async function pedirExclusao(f: FotoNaTela) {
    if (!excluir) return;
    setStatus('');
    setErro('');
    const ok = await confirm({
      header: 'Excluir foto',
      message: f.dataUrl ? 'Excluir esta foto? Ela ainda não foi enviada e sai do aparelho.' : 'Excluir esta foto da visita? Ela não poderá ser recuperada.',
      okText: 'Excluir',
    });
    if (!ok) return;
    try {
      const r = await excluirFoto({ visitaId, fotoId: f.id, nomeCliente: excluir.nomeCliente });
      setStatus(r.pendente ? MENSAGEM_GUARDADA : 'Foto excluída.');
    } catch (e) {
      setErro(mensagemDeErro(e));
    }
  }

  if (fotos.length === 0 && !status && !erro) return null;
  return (
    <>
      {fotos.length ? (
        <ul aria-label="Fotos da visita" data-testid="fotos-da-visita" style={{ listStyle: 'none', padding: 0, margin: '4px 0', display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {fotos.map((f) => (
            <Miniatura key={f.id} visitaId={visitaId} foto={f} aoExcluir={excluir ? (x) => void pedirExclusao(x) : undefined} />
          ))}
        </ul>
      ) : null}
      {erro ? (
        <p className="field-error" role="alert" data-testid="erro-excluir-foto">
          {erro}
        </p>
      ) : null}
      {status ? (
        <p className="muted" role="status" data-testid="foto-excluida">
          {status}
        </p>
      ) : null}
    </>
  );
}
