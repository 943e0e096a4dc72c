import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { IonButton, IonContent, IonPage, IonSpinner } from '@ionic/react';
import { IonInput } from '../../../components/ionic/IonInput';
import { useAlert } from '../../../components/ui/useAlert';
import { Brand } from '../../../components/ui/Brand';

type Estado = 'processando' | 'precisaEmail' | 'falhou';

/**
 * Landing path of the e-mail sign-in link (web URL or Android deep link). It finishes the
 * sign-in before anything else may redirect.
 */
export default function AuthLinksPage() {
  const navigate = useNavigate();
  const alert = useAlert();
  const [estado, setEstado] = useState<Estado>('processando');
  const [mensagem, setMensagem] = useState('');
  const [email, setEmail] = useState('');
  const [enviando, setEnviando] = useState(false);
  // The link as opened; kept even if the address bar changes.
  const link = useRef(window.location.href);
  const iniciado = useRef(false);

  async function concluir(emailDigitado?: string) {
    const { concluirLink } = await import('../../../lib/auth/flows');
    const r = await concluirLink(link.current, emailDigitado);
    if (r.ok) {
      navigate(r.to, { replace: true });
      return;
    }
    setMensagem(r.message);
    setEstado(r.precisaEmail ? 'precisaEmail' : 'falhou');
    await alert(r.header, r.message);
  }

  useEffect(() => {
    if (iniciado.current) return;
    iniciado.current = true;
    void concluir();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || enviando) return;
    setEnviando(true);
    try {
      await concluir(email);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="narrow">
          <Brand />
          {estado === 'processando' ? (
            <div className="center-box" role="status">
              <IonSpinner name="crescent" />
              <p>Concluindo o login…</p>
            </div>
          ) : null}
          {estado === 'precisaEmail' ? (
            <form className="form-stack" onSubmit={enviar}>
              <p role="alert">{mensagem}</p>
              <p className="muted">Se você abriu o link em outro aparelho, informe o e-mail que recebeu o link.</p>
              <IonInput
                type="email"
                name="email"
                label="E-mail"
                labelPlacement="floating"
                fill="outline"
                autocomplete="email"
                value={email}
                onIonInput={(e) => setEmail(String(e.detail.value ?? ''))}
              />
              <IonButton type="submit" expand="block" disabled={enviando || !email.trim()}>
                {enviando ? <IonSpinner name="dots" /> : 'Concluir login'}
              </IonButton>
            </form>
          ) : null}
          {estado === 'falhou' ? (
            <div className="form-stack">
              <p role="alert">{mensagem}</p>
              <IonButton routerLink="/signin" expand="block">
                Voltar para o login
              </IonButton>
            </div>
          ) : null}
          <nav className="links-row">
            <Link to="/signin">Entrar de outra forma</Link>
          </nav>
        </div>
      </IonContent>
    </IonPage>
  );
}
