import { useState, type FormEvent } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonInput } from '../../../components/ionic/IonInput';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { KEYS, getItem } from '../../../lib/storage';

export default function ResetPasswordPage() {
  const [email, setEmail] = useState(() => getItem(KEYS.rememberedEmail) || '');
  const [enviando, setEnviando] = useState(false);
  const [ok, setOk] = useState('');
  const [erro, setErro] = useState('');

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    if (!email.trim()) {
      setErro('Informe seu e-mail.');
      return;
    }
    setEnviando(true);
    setOk('');
    setErro('');
    try {
      const account = await import('../../../lib/auth/account');
      const r = await account.redefinirSenha(email);
      if (r.ok) setOk(account.MSG_RESET_OK);
      else setErro(r.message);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Page title="Redefinir senha" backHref="/signin">
      <form className="narrow form-stack" onSubmit={enviar} noValidate>
        <p className="muted">Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
        <IonInput type="email" label="E-mail" labelPlacement="floating" fill="outline" name="email" autocomplete="email" value={email} onIonInput={(e) => setEmail(String(e.detail.value ?? ''))} />
        {ok ? (
          <IonText color="success" role="status">
            <p>{ok}</p>
          </IonText>
        ) : null}
        {erro ? (
          <IonText color="danger" role="alert">
            <p>{erro}</p>
          </IonText>
        ) : null}
        <IonButton type="submit" expand="block" disabled={enviando}>
          {enviando ? <IonSpinner name="dots" /> : 'Enviar link de redefinição'}
        </IonButton>
        <IonButton routerLink="/signin" fill="clear" expand="block">
          Voltar para o login
        </IonButton>
      </form>
    </Page>
  );
}
