// The company's visit settings (route `configuracao-visitas`, ADMIN): the check-in's radius and
// what happens out of it, the position's accuracy and age, the automatic check-out, and the
// reasons of a visit without a sale (some requiring a photo). One PUT replaces the settings; the
// form checks the server's rules first (contracts/formularios.json through ../utils/configuracao)
// and shows the server's field errors at their fields.
import { useRef, useState } from 'react';
import { useFieldArray, useForm, useFormState, type Control } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useToast } from '../../../components/ui/useToast';
import { CampoMarcar, CampoSelect, CampoTexto } from '../../../components/form/campos';
import { resolverDe } from '../../../components/form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { chavesVisitas, definirConfiguracaoVisitas } from '../../../entities/visita/api';
import { useConfiguracaoVisitas } from '../../../entities/visita/queries';
import type { ConfiguracaoVisitas } from '../../../lib/api/types';
import { useMutacao } from '../../../lib/query';
import { ajudaFaixa, daConfiguracao, esquemaConfiguracao, MAX_NOME_MOTIVO, OPCOES_FORA_DO_RAIO, pedidoDaConfiguracao, type ValoresConfiguracao } from '../utils/configuracao';

function Motivos({ control }: { control: Control<ValoresConfiguracao> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'motivos_sem_venda', keyName: 'chave' });
  const { errors } = useFormState({ control, name: 'motivos_sem_venda' });
  const erroLista = errors.motivos_sem_venda?.message ?? errors.motivos_sem_venda?.root?.message;
  return (
    <section className="secao" aria-label="Motivos sem venda">
      <h3>Motivos sem venda</h3>
      <p className="muted" style={{ marginTop: 0 }}>
        O vendedor escolhe um destes motivos no check-out de uma visita sem venda. Um motivo que exige foto só é aceito com uma foto da visita.
      </p>
      {fields.map((f, i) => (
        <div key={f.chave} className="cartao" data-testid="linha-motivo">
          <CampoTexto controle={control} nome={`motivos_sem_venda.${i}.nome`} nomeHtml="nome" rotulo="Motivo" max={MAX_NOME_MOTIVO} />
          <CampoMarcar controle={control} nome={`motivos_sem_venda.${i}.exige_foto`} nomeHtml="exige_foto" rotulo="Exige foto" />
          <button type="button" className="chip" onClick={() => remove(i)} aria-label={`Remover o motivo ${f.nome || i + 1}`}>
            Remover
          </button>
        </div>
      ))}
      {erroLista ? (
        <p className="field-error" role="alert" data-testid="erro-motivos">
          {erroLista}
        </p>
      ) : null}
      <button type="button" className="chip" onClick={() => append({ id: '', nome: '', exige_foto: false })} data-testid="incluir-motivo">
        + Motivo
      </button>
    </section>
  );
}

function Formulario({ configuracao }: { configuracao: ConfiguracaoVisitas }) {
  const toast = useToast();
  const qc = useQueryClient();
  const form = useForm<ValoresConfiguracao>({ defaultValues: daConfiguracao(configuracao), resolver: resolverDe(esquemaConfiguracao), mode: 'onTouched', shouldFocusError: false });
  const { control, handleSubmit, setError, formState, reset } = form;
  const [erro, setErro] = useState('');
  const raiz = useRef<HTMLFormElement>(null);
  const definir = useMutacao((v: ValoresConfiguracao) => definirConfiguracaoVisitas(pedidoDaConfiguracao(v)), [], {
    onSuccess: (c) => {
      qc.setQueryData(chavesVisitas.configuracao, c);
      reset(daConfiguracao(c));
      toast('Configuração de visitas salva.', { duration: 2500, position: 'bottom', color: 'success' });
    },
    onError: (err) => {
      setErro(aplicarErrosDoServidor(err, setError));
      irParaPrimeiroErro(raiz.current);
    },
  });
  const enviar = handleSubmit(
    (v) => {
      setErro('');
      definir.mutate(v);
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );
  return (
    <form ref={raiz} className="narrow form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-configuracao-visitas">
      <section className="secao cartao" aria-label="Check-in">
        <h3>Check-in</h3>
        <div className="row-2">
          <CampoTexto controle={control} nome="raio_metros" rotulo="Raio do cliente (metros)" inputMode="numeric" ajuda={ajudaFaixa('raio_metros', 'metros')} />
          <CampoSelect controle={control} nome="fora_do_raio" rotulo="Check-in fora do raio" opcoes={OPCOES_FORA_DO_RAIO} />
        </div>
        <div className="row-2">
          <CampoTexto controle={control} nome="precisao_maxima_metros" rotulo="Precisão máxima da posição (metros)" inputMode="numeric" ajuda={ajudaFaixa('precisao_maxima_metros', 'metros')} />
          <CampoTexto controle={control} nome="idade_maxima_posicao_segundos" rotulo="Idade máxima da posição (segundos)" inputMode="numeric" ajuda={ajudaFaixa('idade_maxima_posicao_segundos', 'segundos')} />
        </div>
        <CampoTexto controle={control} nome="checkout_automatico_minutos" rotulo="Check-out automático após (minutos)" inputMode="numeric" ajuda={ajudaFaixa('checkout_automatico_minutos', 'minutos')} />
      </section>
      <Motivos control={control} />
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      <IonButton type="submit" expand="block" disabled={definir.isPending || !formState.isDirty} data-testid="salvar-configuracao">
        {definir.isPending ? <IonSpinner name="dots" /> : 'Salvar configuração'}
      </IonButton>
      {formState.isDirty ? (
        <IonButton type="button" fill="clear" onClick={() => reset(daConfiguracao(configuracao))}>
          Descartar alterações
        </IonButton>
      ) : null}
    </form>
  );
}

function Configuracao() {
  const q = useConfiguracaoVisitas();
  if (q.isPending) return <PageLoading />;
  return q.data ? <Formulario configuracao={q.data} /> : <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
}

export default function ConfiguracaoVisitasPage() {
  return (
    <Page title="Configuração de visitas" backHref="/crm-home">
      <QueryBoundary>
        <Configuracao />
      </QueryBoundary>
    </Page>
  );
}
