// The check-in screen (route `checkin`, from the customer file): a fresh position with its
// accuracy, the check-in kept on the device and sent through the outbox, the verdict the server
// gives it, and the check-out with its result and reason. The open visit shows its photos and
// leads to the camera ("Tirar foto"); a reason that needs a photo waits for one (sent or queued).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/SelectField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useCliente } from '../../../entities/cliente/hooks';
import { chavesVisitas } from '../../../entities/visita/api';
import { useConfiguracaoVisitas } from '../../../entities/visita/queries';
import { useVisitasDoAparelho, visitasDoCliente } from '../../../entities/visita/colecao';
import { checkinOp, checkoutOp } from '../../../entities/visita/operacoes';
import { useFotosDaVisita } from '../../../entities/visita/fotos';
import { FotosDaVisita } from '../../../components/visitas/FotosDaVisita';
import { formatarDistancia, rotuloVeredito } from '../../../entities/visita/rotulos';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Visita } from '../../../lib/api/types';
import { obterFix } from '../../../lib/posicao';
import { useSession } from '../../../lib/session';
import { executar, MENSAGEM_GUARDADA } from '../../../lib/sync/saida';
import { novoId } from '../../../lib/uuid';

/** The visit on this screen: the server's, or the one kept on the device (pendente). */
interface VisitaNaTela {
  id: string;
  visita?: Visita;
  pendente: boolean;
}

const RESULTADOS = [
  { value: 'pedido', label: 'Pedido' },
  { value: 'sem_venda', label: 'Sem venda' },
  { value: 'outro', label: 'Outro' },
];

function Veredito({ v }: { v: Visita }) {
  return (
    <div className={`cartao veredito-${v.veredito}`} role="status" data-testid="resultado-checkin">
      <p style={{ margin: 0 }}>
        Check-in: <strong data-testid="veredito">{rotuloVeredito(v.veredito)}</strong>
        {v.distancia_metros !== null && v.distancia_metros !== undefined ? (
          <span data-testid="distancia"> · a {formatarDistancia(v.distancia_metros)} do cliente</span>
        ) : null}
      </p>
      {v.aviso ? (
        <p className="muted" style={{ margin: '4px 0 0' }} data-testid="aviso-checkin">
          {v.aviso}
        </p>
      ) : null}
    </div>
  );
}

function Checkout({ aberta, nomeCliente, aoEncerrar }: { aberta: VisitaNaTela; nomeCliente: string; aoEncerrar: (v: VisitaNaTela) => void }) {
  const cfg = useConfiguracaoVisitas();
  const [resultado, setResultado] = useState('pedido');
  const [motivo, setMotivo] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erro, setErro] = useState('');
  const [enviando, setEnviando] = useState(false);
  const motivos = cfg.data?.motivos_sem_venda ?? [];
  const fotos = useFotosDaVisita(aberta.id, aberta.visita);

  async function encerrar() {
    setErro('');
    if (resultado === 'sem_venda' && !motivo) {
      setErro('Escolha o motivo de não ter vendido.');
      return;
    }
    const escolhido = motivos.find((m) => m.id === motivo);
    if (resultado === 'sem_venda' && escolhido?.exige_foto && fotos.length === 0) {
      setErro(`O motivo "${escolhido.nome}" exige uma foto da visita: toque em "Tirar foto".`);
      return;
    }
    setEnviando(true);
    try {
      const r = await executar(checkoutOp, {
        visitaId: aberta.id,
        nomeCliente,
        nomeMotivo: resultado === 'sem_venda' ? motivos.find((m) => m.id === motivo)?.nome : undefined,
        corpo: { resultado, motivo_id: resultado === 'sem_venda' ? motivo : '', observacao, fim: new Date().toISOString() },
      });
      aoEncerrar({ id: aberta.id, visita: r.registro, pendente: r.pendente });
    } catch (e) {
      setErro(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section className="secao" aria-label="Check-out">
      <h3>Check-out</h3>
      <SelectField label="Resultado da visita" value={resultado} onValue={setResultado} options={RESULTADOS} data-testid="resultado" />
      {resultado === 'sem_venda' ? (
        cfg.isError && !cfg.data ? (
          <p className="muted">Os motivos da empresa precisam de conexão: {mensagemDeErro(cfg.error)}</p>
        ) : (
          <SelectField
            label="Motivo"
            value={motivo}
            onValue={setMotivo}
            options={[{ value: '', label: 'Escolha o motivo' }, ...motivos.map((m) => ({ value: m.id, label: m.exige_foto ? `${m.nome} (exige foto)` : m.nome }))]}
            data-testid="motivo"
          />
        )
      ) : null}
      <div className="text-field">
        <label htmlFor="observacao-visita">Observação</label>
        <textarea id="observacao-visita" value={observacao} maxLength={1000} rows={3} onChange={(e) => setObservacao(e.target.value)} />
      </div>
      {erro ? (
        <p className="field-error" role="alert" data-testid="erro-checkout">
          {erro}
        </p>
      ) : null}
      <div className="acoes">
        <button type="button" onClick={() => void encerrar()} disabled={enviando} data-testid="fazer-checkout">
          Fazer check-out
        </button>
      </div>
    </section>
  );
}

function Checkin({ clienteId }: { clienteId: string }) {
  const { cliente, carregando, erro: erroCliente, recarregar } = useCliente(clienteId);
  const eu = useSession().profile?.operador;
  const qc = useQueryClient();
  // The caller's visit to this customer still open: the device's copy (offline too, with a
  // check-in not sent yet).
  const todas = useVisitasDoAparelho();
  const [atual, setAtual] = useState<VisitaNaTela | null>(null);
  const [encerrada, setEncerrada] = useState<VisitaNaTela | null>(null);
  const [aviso, setAviso] = useState('');
  const [erro, setErro] = useState('');
  const [enviando, setEnviando] = useState(false);

  if (carregando) return <PageLoading />;
  if (!cliente) return <ErrorState error={erroCliente} onRetry={recarregar} />;
  const nome = cliente.nome_fantasia || cliente.nome;
  const naCopia = eu && todas ? visitasDoCliente(todas, clienteId, eu).find((v) => v.status === 'em_andamento') : undefined;
  const daCopia: VisitaNaTela | null = naCopia ? { id: naCopia.id, visita: naCopia.veredito ? naCopia : undefined, pendente: Boolean(naCopia._pendente) } : null;
  // The copy follows the visit once it has it (sent later: its verdict arrives there).
  const aberta: VisitaNaTela | null = encerrada ? null : daCopia && (!atual || atual.id === daCopia.id) ? daCopia : atual;

  async function fazerCheckin() {
    setErro('');
    setAviso('');
    setEnviando(true);
    try {
      const inicio = new Date().toISOString();
      const pos = await obterFix();
      if (!pos.ok) setAviso(pos.mensagem);
      const corpo = {
        id: novoId(),
        cliente_id: clienteId,
        inicio,
        ...(pos.ok
          ? { latitude: pos.fix.latitude, longitude: pos.fix.longitude, precisao_metros: pos.fix.precisao, capturado_em: pos.fix.capturadoEm }
          : {}),
      };
      const r = await executar(checkinOp, { corpo, nomeCliente: nome });
      setEncerrada(null);
      setAtual({ id: corpo.id, visita: r.registro, pendente: r.pendente });
      void qc.invalidateQueries({ queryKey: chavesVisitas.todas });
    } catch (e) {
      setErro(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="narrow">
      <section className="cartao" aria-label="Cliente">
        <h2 style={{ margin: '4px 0' }} data-testid="nome-cliente-checkin">
          {nome}
        </h2>
        <Link to={`/crm-clientes-ficha?id=${encodeURIComponent(clienteId)}`}>Voltar à ficha do cliente</Link>
      </section>
      {aviso ? (
        <p className="aviso-copia" role="alert" data-testid="aviso-posicao">
          {aviso}
        </p>
      ) : null}
      {erro ? (
        <p className="field-error" role="alert" data-testid="erro-checkin">
          {erro}
        </p>
      ) : null}
      {aberta ? (
        <>
          {aberta.visita ? <Veredito v={aberta.visita} /> : null}
          {aberta.pendente ? (
            <p className="aviso-copia" role="status" data-testid="checkin-pendente">
              {MENSAGEM_GUARDADA}
            </p>
          ) : null}
          <section className="secao" aria-label="Fotos">
            <FotosDaVisita visitaId={aberta.id} visita={aberta.visita} excluir={{ nomeCliente: nome }} />
            <Link to={`/camera?visita=${encodeURIComponent(aberta.id)}&cliente=${encodeURIComponent(clienteId)}`} className="button" data-testid="tirar-foto-visita">
              Tirar foto
            </Link>
          </section>
          <Checkout
            aberta={aberta}
            nomeCliente={nome}
            aoEncerrar={(v) => {
              setEncerrada(v);
              setAtual(null);
              void qc.invalidateQueries({ queryKey: chavesVisitas.todas });
            }}
          />
        </>
      ) : (
        <>
          {encerrada ? (
            <p className="cartao" role="status" data-testid="checkout-feito">
              {encerrada.pendente ? MENSAGEM_GUARDADA : 'Visita encerrada.'}
            </p>
          ) : null}
          <div className="acoes">
            <button type="button" onClick={() => void fazerCheckin()} disabled={enviando || todas === null} data-testid="fazer-checkin">
              {enviando ? 'Obtendo a posição…' : 'Fazer check-in'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default function CheckinPage() {
  const [params] = useSearchParams();
  const id = params.get('cliente');
  return (
    <Page title="Check-in" backHref={id ? `/crm-clientes-ficha?id=${encodeURIComponent(id)}` : '/crm-clientes'}>
      <QueryBoundary>{id ? <Checkin clienteId={id} /> : <EmptyState>Escolha o cliente na ficha dele para fazer o check-in.</EmptyState>}</QueryBoundary>
    </Page>
  );
}
