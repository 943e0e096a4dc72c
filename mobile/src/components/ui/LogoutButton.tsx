import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useConfirm } from './useConfirm';

/** "Sair": confirm, sign out, clear storage but the remembered e-mail, go to '/'. */
export function LogoutButton({ expand = 'block' }: { expand?: 'block' | 'full' }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [saindo, setSaindo] = useState(false);

  async function sair() {
    if (saindo) return;
    const ok = await confirm({ header: 'Sair', message: 'Deseja sair da sua conta neste aparelho?' });
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
