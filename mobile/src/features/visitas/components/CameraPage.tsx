// The camera screen (route `camera`, from the open visit on the check-in screen, "Tirar foto"):
// the camera on Android (@capacitor/camera), a file on the web (the phone's camera where the
// browser offers it); the picture is compressed on the device (at most 1280 px, ~300 KB), kept
// with its capture time and a fresh position, and sent through the outbox to the visit.
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { FotosDaVisita } from '../../../components/visitas/FotosDaVisita';
import { useCliente } from '../../../entities/cliente/hooks';
import { BYTES_ALVO_FOTO_VISITA, fotoOp, LADO_FOTO_VISITA } from '../../../entities/visita/fotos';
import { useVisitasDoAparelho } from '../../../entities/visita/colecao';
import { mensagemDeErro } from '../../../lib/api/client';
import { comprimirImagem, ImagemInvalida } from '../../../lib/imagem';
import { isNative } from '../../../lib/platform';
import { obterFix, type ResultadoPosicao } from '../../../lib/posicao';
import { useSession } from '../../../lib/session';
import { executar, MENSAGEM_GUARDADA } from '../../../lib/sync/saida';
import { novoId } from '../../../lib/uuid';

interface Previa {
  dataUrl: string;
  bytes: number;
  largura: number;
  altura: number;
  capturadoEm: string;
  posicao: Promise<ResultadoPosicao>;
}

const MSG_FOTO_FALHOU = 'Não foi possível usar a câmera agora. Tente de novo.';
export const MSG_CAMERA_NEGADA = 'Permissão da câmera negada: permita a câmera nas configurações do aparelho para fotografar a visita.';

/**
 * The Android camera's picture (null when the seller cancelled). The plugin opens the phone's
 * camera app (an intent: the app itself declares no camera permission) and asks for whatever the
 * phone requires.
 */
async function fotografarNoAparelho(): Promise<Blob | null> {
  try {
    const foto = await Camera.getPhoto({
      source: CameraSource.Camera,
      resultType: CameraResultType.Uri,
      quality: 85,
      width: LADO_FOTO_VISITA,
      correctOrientation: true,
      saveToGallery: false,
    });
    if (!foto.webPath) return null;
    return await (await fetch(foto.webPath)).blob();
  } catch (e) {
    const msg = String((e as Error)?.message ?? e);
    if (/cancel/i.test(msg)) return null;
    if (/denied|permission/i.test(msg)) throw new Error(MSG_CAMERA_NEGADA);
    throw e;
  }
}

function Camera_({ visitaId, clienteId }: { visitaId: string; clienteId: string }) {
  const { cliente, carregando, erro: erroCliente, recarregar } = useCliente(clienteId);
  // The visit from the device's copy (offline too, and a check-in not sent yet).
  const todas = useVisitasDoAparelho();
  const eu = useSession().profile?.operador;
  const [previa, setPrevia] = useState<Previa | null>(null);
  const [preparando, setPreparando] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState('');
  const [status, setStatus] = useState('');
  const arquivo = useRef<HTMLInputElement>(null);

  if (carregando) return <PageLoading />;
  if (!cliente) return <ErrorState error={erroCliente} onRetry={recarregar} />;
  const nome = cliente.nome_fantasia || cliente.nome;
  const visita = todas?.find((v) => v.id === visitaId);
  const voltar = `/checkin?cliente=${encodeURIComponent(clienteId)}`;

  async function usar(arquivo: Blob | null) {
    setErro('');
    setStatus('');
    if (!arquivo) return;
    setPreparando(true);
    // The capture's time and a fresh position, taken while the picture is compressed.
    const capturadoEm = new Date().toISOString();
    const posicao = obterFix();
    try {
      const c = await comprimirImagem(arquivo, LADO_FOTO_VISITA, BYTES_ALVO_FOTO_VISITA);
      setPrevia({ ...c, capturadoEm, posicao });
    } catch (e) {
      setErro(e instanceof ImagemInvalida ? e.message : MSG_FOTO_FALHOU);
    } finally {
      setPreparando(false);
    }
  }

  async function fotografar() {
    try {
      await usar(await fotografarNoAparelho());
    } catch (e) {
      setErro(e instanceof Error && e.message === MSG_CAMERA_NEGADA ? MSG_CAMERA_NEGADA : MSG_FOTO_FALHOU);
    }
  }

  async function anexar() {
    if (!previa) return;
    setErro('');
    setEnviando(true);
    try {
      const pos = await previa.posicao;
      const corpo = {
        imagem_base64: previa.dataUrl,
        capturado_em: previa.capturadoEm,
        ...(pos.ok ? { latitude: pos.fix.latitude, longitude: pos.fix.longitude, precisao_metros: pos.fix.precisao } : {}),
      };
      const r = await executar(fotoOp, { visitaId, fotoId: novoId(), nomeCliente: nome, corpo });
      setPrevia(null);
      setStatus(r.pendente ? MENSAGEM_GUARDADA : 'Foto anexada à visita.');
    } catch (e) {
      setErro(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="narrow">
      <section className="cartao" aria-label="Visita">
        <h2 style={{ margin: '4px 0' }} data-testid="nome-cliente-camera">
          {nome}
        </h2>
        <Link to={voltar} data-testid="voltar-checkin">
          Voltar ao check-in
        </Link>
        <FotosDaVisita visitaId={visitaId} visita={visita} excluir={visita?.status === 'em_andamento' && visita.vendedor_id === eu ? { nomeCliente: nome } : undefined} />
      </section>
      {erro ? (
        <p className="field-error" role="alert" data-testid="erro-foto">
          {erro}
        </p>
      ) : null}
      {status ? (
        <p className="cartao" role="status" data-testid="foto-anexada">
          {status}
        </p>
      ) : null}
      {previa ? (
        <section className="secao" aria-label="Foto tirada">
          <img src={previa.dataUrl} alt="Foto tirada, antes de anexar" data-testid="previa-foto" style={{ maxWidth: '100%', borderRadius: 4 }} />
          <p className="muted" data-testid="tamanho-foto">
            {previa.largura} × {previa.altura} px · {Math.max(1, Math.round(previa.bytes / 1024))} KB
          </p>
          <div className="acoes">
            <button type="button" onClick={() => void anexar()} disabled={enviando} data-testid="anexar-foto">
              Anexar à visita
            </button>
            <button type="button" className="secundario" onClick={() => setPrevia(null)} disabled={enviando}>
              Descartar
            </button>
          </div>
        </section>
      ) : (
        <div className="acoes">
          <button type="button" onClick={() => (isNative() ? void fotografar() : arquivo.current?.click())} disabled={preparando} data-testid="tirar-foto">
            {preparando ? 'Preparando a foto…' : 'Tirar foto'}
          </button>
          {/* The web: a file, from the phone's camera where the browser offers it. */}
          <input
            ref={arquivo}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            data-testid="arquivo-foto"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              e.target.value = '';
              void usar(f);
            }}
          />
        </div>
      )}
    </div>
  );
}

export default function CameraPage() {
  const [params] = useSearchParams();
  const visita = params.get('visita');
  const cliente = params.get('cliente');
  return (
    <Page title="Foto da visita" backHref={cliente ? `/checkin?cliente=${encodeURIComponent(cliente)}` : '/crm-clientes'}>
      <QueryBoundary>
        {visita && cliente ? (
          <Camera_ visitaId={visita} clienteId={cliente} />
        ) : (
          <EmptyState>Abra a câmera pela visita em andamento, na tela de check-in do cliente.</EmptyState>
        )}
      </QueryBoundary>
    </Page>
  );
}
