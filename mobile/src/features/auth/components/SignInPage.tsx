import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { IonButton, IonContent, IonIcon, IonPage, IonSpinner } from '@ionic/react';
import { TextField } from '../../../components/ui/TextField';
import { Brand } from '../../../components/ui/Brand';
import { LinksLegais } from '../../../components/ui/LinksLegais';
import { logoGoogle, mailOutline } from 'ionicons/icons';
import { useAlert } from '../../../components/ui/useAlert';
import { KEYS, getItem } from '../../../lib/storage';
import { aposPrimeiraTela } from '../../../lib/history';

type Acao = 'senha' | 'google' | 'link' | null;

const carregarFluxos = () => import('../../../lib/auth/flows');
const carregarGoogle = () => import('../../../lib/auth/google');

export default function SignInPage() {
  const navigate = useNavigate();
  const alert = useAlert();
  const [email, setEmail] = useState(() => getItem(KEYS.rememberedEmail) || '');
  const [senha, setSenha] = useState('');
  const [lembrar, setLembrar] = useState(() => Boolean(getItem(KEYS.rememberedEmail)));
  const [acao, setAcao] = useState<Acao>(null);

  // Warm the sign-in code once the form is up, while the user types.
  useEffect(() => {
    aposPrimeiraTela(() => void carregarFluxos());
  }, []);

  async function entrar(e: FormEvent) {
    e.preventDefault();
    if (acao) return;
    setAcao('senha');
    try {
      const { entrarComSenha } = await carregarFluxos();
      const r = await entrarComSenha(email, senha, lembrar);
      if (r.ok) navigate(r.to, { replace: true });
      else await alert(r.header, r.message);
    } finally {
      setAcao(null);
    }
  }

  async function google() {
    if (acao) return;
    setAcao('google');
    try {
      const { entrarComGoogle } = await carregarGoogle();
      const r = await entrarComGoogle();
      if (r.ok === true) navigate(r.to, { replace: true });
      else if (r.ok === false) await alert(r.header, r.message);
    } finally {
      setAcao(null);
    }
  }

  async function receberLink() {
    if (acao) return;
    if (!email.trim()) {
      await alert('Receber link de acesso', 'Informe seu e-mail para receber o link.');
      return;
    }
    setAcao('link');
    try {
      const { enviarLink } = await carregarFluxos();
      const r = await enviarLink(email);
      await alert(r.header, r.message);
    } finally {
      setAcao(null);
    }
  }

  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="narrow">
          <Brand />
          <form className="form-stack" onSubmit={entrar} noValidate>
            <TextField type="email" name="email" label="E-mail" autoComplete="email" inputMode="email" value={email} onValue={setEmail} />
            <TextField type="password" name="senha" label="Senha" autoComplete="current-password" value={senha} onValue={setSenha} />
            <label className="check-field">
              <input type="checkbox" name="lembrar" checked={lembrar} onChange={(e) => setLembrar(e.target.checked)} />
              Lembrar meu e-mail
            </label>
            <IonButton type="submit" expand="block" disabled={acao !== null}>
              {acao === 'senha' ? <IonSpinner name="dots" aria-label="Entrando" /> : 'Entrar'}
            </IonButton>
            <div className="divider">ou</div>
            <IonButton type="button" expand="block" fill="outline" onClick={google} disabled={acao !== null}>
              <IonIcon slot="start" icon={logoGoogle} aria-hidden="true" />
              Entrar com Google
            </IonButton>
            <IonButton type="button" expand="block" fill="clear" onClick={receberLink} disabled={acao !== null}>
              <IonIcon slot="start" icon={mailOutline} aria-hidden="true" />
              Receber link de acesso
            </IonButton>
          </form>
          <nav className="links-row">
            <Link to="/reset-password">Esqueci minha senha</Link>
            <Link to="/signup">Criar conta</Link>
          </nav>
          <LinksLegais comSobre />
        </div>
      </IonContent>
    </IonPage>
  );
}
