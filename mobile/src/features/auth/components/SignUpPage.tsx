import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonInput } from '../../../components/ionic/IonInput';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';

export default function SignUpPage() {
  const [nome, setNome] = useState('');
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [erro, setErro] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [concluido, setConcluido] = useState(false);
  const [mensagemOk, setMensagemOk] = useState('');

  async function cadastrarConta(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    const account = await import('../../../lib/auth/account');
    const invalido = account.validarCadastro(nome, email, senha, confirmacao);
    if (invalido) {
      setErro(invalido);
      return;
    }
    setErro('');
    setEnviando(true);
    try {
      const r = await account.cadastrar(nome, email, senha);
      if (r.ok) {
        setMensagemOk(account.MSG_CADASTRO_OK);
        setConcluido(true);
      } else setErro(r.message);
    } finally {
      setEnviando(false);
    }
  }

  if (concluido) {
    return (
      <Page title="Conta criada" backHref="/signin">
        <div className="narrow form-stack">
          <h2>Quase lá!</h2>
          <p>{mensagemOk}</p>
          <p className="muted">
            Depois de verificar o e-mail, peça ao administrador da sua empresa para cadastrar <strong>{email.trim()}</strong> no
            CRM. Só então o acesso será liberado.
          </p>
          <IonButton routerLink="/signin" expand="block">
            Ir para o login
          </IonButton>
        </div>
      </Page>
    );
  }

  return (
    <Page title="Criar conta" backHref="/signin">
      <form className="narrow form-stack" onSubmit={cadastrarConta} noValidate>
        <IonInput label="Nome" labelPlacement="floating" fill="outline" name="nome" autocomplete="name" value={nome} onIonInput={(e) => setNome(String(e.detail.value ?? ''))} />
        <IonInput type="email" label="E-mail" labelPlacement="floating" fill="outline" name="email" autocomplete="email" value={email} onIonInput={(e) => setEmail(String(e.detail.value ?? ''))} />
        <IonInput type="password" label="Senha" labelPlacement="floating" fill="outline" name="senha" autocomplete="new-password" helperText="Pelo menos 6 caracteres" value={senha} onIonInput={(e) => setSenha(String(e.detail.value ?? ''))} />
        <IonInput type="password" label="Confirme a senha" labelPlacement="floating" fill="outline" name="confirmacao" autocomplete="new-password" value={confirmacao} onIonInput={(e) => setConfirmacao(String(e.detail.value ?? ''))} />
        {erro ? (
          <IonText color="danger" role="alert">
            <p>{erro}</p>
          </IonText>
        ) : null}
        <IonButton type="submit" expand="block" disabled={enviando}>
          {enviando ? <IonSpinner name="dots" /> : 'Criar conta'}
        </IonButton>
        <p className="muted">
          Já tem conta? <Link to="/signin">Entrar</Link>
        </p>
      </form>
    </Page>
  );
}
