import { IonButton } from '@ionic/react';
import { config } from '../config/env';
import { isNative } from '../lib/platform';
import { useBloqueioVersao } from '../lib/version';
import { atualizarWeb, useAvisoNovaVersao } from './pwa/estado';

/** Blocks the whole app while this build is older than the company's minimum version. */
export function VersionGate() {
  const bloqueio = useBloqueioVersao();
  const { atualizando } = useAvisoNovaVersao();
  if (!bloqueio) return null;
  // On the web the new build comes through the service worker (the link is for the Android app).
  const web = !isNative();
  return (
    <div className="blocker" role="alertdialog" aria-modal="true" aria-labelledby="atualizacao-titulo">
      <div className="card">
        <h2 id="atualizacao-titulo">Atualização obrigatória</h2>
        <p>{bloqueio.mensagem || 'Esta versão do aplicativo não é mais aceita. Atualize para continuar.'}</p>
        <p className="muted">
          Sua versão: {config.appVersion} · Versão mínima: {bloqueio.versaoMinima}
        </p>
        {web ? (
          <IonButton expand="block" disabled={atualizando} onClick={() => void atualizarWeb()}>
            {atualizando ? 'Atualizando…' : 'Atualizar agora'}
          </IonButton>
        ) : bloqueio.url ? (
          <IonButton expand="block" href={bloqueio.url} target="_blank" rel="noopener">
            Atualizar agora
          </IonButton>
        ) : (
          <p>Procure o administrador do sistema para obter a nova versão.</p>
        )}
      </div>
    </div>
  );
}
