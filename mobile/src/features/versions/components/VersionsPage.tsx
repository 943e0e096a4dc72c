import { useState, type FormEvent } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonBadge } from '../../../components/ionic/IonBadge';
import { IonCard } from '../../../components/ionic/IonCard';
import { IonCardContent } from '../../../components/ionic/IonCardContent';
import { IonCardHeader } from '../../../components/ionic/IonCardHeader';
import { IonCardSubtitle } from '../../../components/ionic/IonCardSubtitle';
import { IonCardTitle } from '../../../components/ionic/IonCardTitle';
import { IonInput } from '../../../components/ionic/IonInput';
import { IonText } from '../../../components/ionic/IonText';
import { IonTextarea } from '../../../components/ionic/IonTextarea';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useToast } from '../../../components/ui/useToast';
import { ApiError, mensagemDeErro } from '../../../lib/api/client';
import type { ConfigVersao } from '../../../lib/api/types';
import { formatarDataHora } from '../../../lib/format/date';
import { config } from '../../../config/env';
import { compararVersoes } from '../../../lib/version';
import { useDefinirVersao, useVersoes } from '../api/versoes';

const NOMES: Record<string, string> = { android: 'Android', web: 'Web' };
const VERSAO = /^\d+(\.\d+){0,2}$/;

function CartaoVersao({ c }: { c: ConfigVersao }) {
  const toast = useToast();
  const [atual, setAtual] = useState(c.versao_atual);
  const [minima, setMinima] = useState(c.versao_minima);
  const [url, setUrl] = useState(c.url_atualizacao);
  const [mensagem, setMensagem] = useState(c.mensagem);
  const [erro, setErro] = useState('');

  const salvar = useDefinirVersao({
    onSuccess: () => {
      toast(`Versão ${NOMES[c.tipo] ?? c.tipo} salva.`, { duration: 2500, position: 'bottom', color: 'success' });
    },
    onError: (err) => {
      const campos = err instanceof ApiError && err.campos.length ? ` ${err.campos.map((x) => x.descricao).join(' ')}` : '';
      setErro(mensagemDeErro(err) + campos);
    },
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    setErro('');
    if (!VERSAO.test(atual.trim()) || !VERSAO.test(minima.trim())) {
      setErro('Use versões no formato 1.2.3.');
      return;
    }
    if (compararVersoes(minima.trim(), atual.trim()) > 0) {
      setErro('A versão mínima não pode ser maior que a versão atual.');
      return;
    }
    salvar.mutate({ tipo: c.tipo, versao_atual: atual.trim(), versao_minima: minima.trim(), url_atualizacao: url.trim(), mensagem: mensagem.trim() });
  }

  return (
    <IonCard data-testid={`versao-${c.tipo}`}>
      <IonCardHeader>
        <IonCardTitle>{NOMES[c.tipo] ?? c.tipo}</IonCardTitle>
        <IonCardSubtitle>
          {c.personalizada ? `Alterada em ${formatarDataHora(c.alterado_em)}` : <IonBadge color="medium">Padrão</IonBadge>}
        </IonCardSubtitle>
      </IonCardHeader>
      <IonCardContent>
        <form className="form-stack" onSubmit={enviar} noValidate>
          <IonInput label="Versão atual" labelPlacement="floating" fill="outline" name="versao_atual" value={atual} onIonInput={(e) => setAtual(String(e.detail.value ?? ''))} />
          <IonInput
            label="Versão mínima"
            labelPlacement="floating"
            fill="outline"
            name="versao_minima"
            helperText="Abaixo desta versão o app exige atualização."
            value={minima}
            onIonInput={(e) => setMinima(String(e.detail.value ?? ''))}
          />
          <IonInput type="url" label="Endereço de atualização" labelPlacement="floating" fill="outline" name="url_atualizacao" value={url} onIonInput={(e) => setUrl(String(e.detail.value ?? ''))} />
          <IonTextarea label="Mensagem ao usuário" labelPlacement="floating" fill="outline" name="mensagem" autoGrow value={mensagem} onIonInput={(e) => setMensagem(String(e.detail.value ?? ''))} />
          {erro ? (
            <IonText color="danger" role="alert">
              <p>{erro}</p>
            </IonText>
          ) : null}
          <IonButton type="submit" expand="block" disabled={salvar.isPending}>
            {salvar.isPending ? <IonSpinner name="dots" /> : 'Salvar'}
          </IonButton>
        </form>
      </IonCardContent>
    </IonCard>
  );
}

function Versoes() {
  const q = useVersoes();
  if (q.isPending) return <PageLoading />;
  return (
    <Page title="Versões do app" backHref="/crm-home">
      <div className="narrow">
        <p className="muted">Esta instalação está na versão {config.appVersion}.</p>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          q.data.versoes.map((c) => <CartaoVersao key={`${c.tipo}:${c.versao}`} c={c} />)
        )}
      </div>
    </Page>
  );
}

export default function VersionsPage() {
  return (
    <QueryBoundary>
      <Versoes />
    </QueryBoundary>
  );
}
