import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { EmptyState } from '../../../components/ui/ErrorState';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { useOnline } from '../../../components/useOnline';
import { formatarDiaHora } from '../../../lib/format/date';
import { mensagemDeErro } from '../../../lib/api/client';
import '../../../entities';
import { descartar, descreverItem, enviarSaida, rotaParaCorrigir, useSaida, type ItemSaida } from '../../../lib/sync/saida';

/** What the device changed and has not sent yet, in order; refused changes with Corrigir / Descartar. */
export default function PendenciasPage() {
  const { itens, total, recusadas } = useSaida();
  const online = useOnline();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [enviando, setEnviando] = useState(false);

  async function enviarAgora() {
    setEnviando(true);
    try {
      const n = await enviarSaida();
      toast(n ? `${n} ${n === 1 ? 'alteração enviada' : 'alterações enviadas'}.` : 'Nada foi enviado: sem conexão com o servidor.', {
        duration: 2500,
        position: 'bottom',
        color: n ? 'success' : 'warning',
      });
    } catch (err) {
      toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' });
    } finally {
      setEnviando(false);
    }
  }

  async function descartarItem(it: ItemSaida) {
    const ok = await confirm({
      header: 'Descartar alteração',
      message: `Descartar "${descreverItem(it)}"? Ela não foi enviada e será perdida.`,
      okText: 'Descartar',
    });
    if (ok) await descartar(it.seq!);
  }

  return (
    <Page title="Alterações pendentes" backHref="/crm-home" padded={false}>
      <div className="narrow">
        <p className="ion-padding-horizontal muted" data-testid="resumo-saida">
          {total === 0
            ? 'Tudo o que foi feito neste aparelho já chegou ao servidor.'
            : `${total - recusadas} aguardando envio${recusadas ? `, ${recusadas} recusada(s) pelo servidor` : ''}. ${online ? '' : 'Sem conexão: o envio é automático quando ela voltar.'}`}
        </p>
        {total > recusadas ? (
          <div className="ion-padding-horizontal">
            <IonButton size="small" onClick={() => void enviarAgora()} disabled={enviando || !online}>
              {enviando ? <IonSpinner name="dots" /> : 'Enviar agora'}
            </IonButton>
          </div>
        ) : null}
        {total === 0 ? <EmptyState>Nenhuma alteração pendente.</EmptyState> : null}
        <ul className="lista-simples" data-testid="itens-saida">
          {itens.map((it) => (
            <li key={it.seq} className="item-saida" data-testid="item-saida" data-recusado={it.recusa ? 'true' : undefined}>
              <strong>{descreverItem(it)}</strong>
              <small className="muted">Feita em {formatarDiaHora(it.criadoEm)}</small>
              {it.recusa ? (
                <>
                  <span className="field-error" role="alert">
                    Recusada: {it.recusa.mensagem}
                  </span>
                  <div className="acoes">
                    {rotaParaCorrigir(it) ? (
                      <IonButton size="small" onClick={() => navigate(rotaParaCorrigir(it))}>
                        Corrigir
                      </IonButton>
                    ) : null}
                    <IonButton size="small" fill="outline" color="danger" onClick={() => void descartarItem(it)}>
                      Descartar
                    </IonButton>
                  </div>
                </>
              ) : (
                <small>Aguardando envio{it.tentativas ? ` (${it.tentativas} ${it.tentativas === 1 ? 'tentativa' : 'tentativas'})` : ''}</small>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Page>
  );
}
