import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { carregarSaida, enviarSaida, resumoPendentes, situacaoSaida } from '../../lib/sync/saida';
import { apresentarAlerta } from './overlays';
import { confirmar } from './useConfirm';

/**
 * Whether to sign out. With nothing waiting in the outbox, the usual confirmation. With changes
 * waiting, it says what and how many ("2 pedidos e 1 cliente ainda não foram enviados") and offers:
 * send them now and sign out (online), stay signed in, or sign out keeping them on this device —
 * they are this user's and go when this user signs in again (lib/sync/saida).
 */
async function podeSair(enviando: (sim: boolean) => void): Promise<boolean> {
  await carregarSaida().catch(() => undefined);
  let tentou = false;
  for (;;) {
    const { itens, total, recusadas } = situacaoSaida();
    if (total === 0) return tentou || confirmar({ header: 'Sair', message: 'Deseja sair da sua conta neste aparelho?' });
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    const partes = [
      `${resumoPendentes(itens)}.`,
      tentou ? 'Nem tudo pôde ser enviado agora.' : '',
      recusadas > 0 ? 'Há alterações recusadas pelo servidor: veja em Pendências.' : '',
      online ? '' : 'Sem conexão agora.',
      'Se sair, tudo fica guardado neste aparelho e será enviado quando você entrar de novo com esta conta.',
    ];
    const escolha = await apresentarAlerta({
      header: 'Sair',
      message: partes.filter(Boolean).join(' '),
      cssClass: 'alerta-sair-pendentes',
      backdropDismiss: true,
      buttons: [
        ...(online ? [{ text: 'Enviar agora e sair', role: 'enviar' }] : []),
        { text: 'Continuar conectado', role: 'cancel' },
        { text: 'Sair e manter no aparelho', role: 'sair' },
      ],
    });
    if (escolha === 'sair') return true;
    if (escolha !== 'enviar') return false;
    enviando(true);
    try {
      await enviarSaida().catch((err) => console.warn('Envio da saída falhou', err));
    } finally {
      enviando(false);
    }
    tentou = true;
  }
}

/** "Sair": asks first (see podeSair), signs out, clears storage but the remembered e-mail, goes to '/'. */
export function LogoutButton({ expand = 'block' }: { expand?: 'block' | 'full' }) {
  const navigate = useNavigate();
  const [saindo, setSaindo] = useState(false);

  async function sair() {
    if (saindo) return;
    const ok = await podeSair(setSaindo);
    if (!ok) return;
    setSaindo(true);
    try {
      const { sair: sairDaConta } = await import('../../lib/auth/logout');
      await sairDaConta();
      navigate('/', { replace: true });
    } finally {
      setSaindo(false);
    }
  }

  return (
    <IonButton expand={expand} color="danger" fill="outline" onClick={sair} disabled={saindo}>
      {saindo ? <IonSpinner name="dots" /> : <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />}
      Sair
    </IonButton>
  );
}
