import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { CampoSelect, CampoTexto } from '../../../components/form/campos';
import { resolverDe } from '../../../components/form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { useToast } from '../../../components/ui/useToast';
import { useConfirm } from '../../../components/ui/useConfirm';
import { mensagemDoEnvio } from '../../../components/sync/mensagemDoEnvio';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Tarefa } from '../../../lib/api/types';
import { useColecao } from '../../../lib/sync/colecao';
import { useExcluirEntidade, useSalvarEntidade } from '../../../lib/entidade/entidade';
import { colecaoTarefas, tarefas } from '../../../entities/tarefa';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { daTarefa, esquemaTarefa, LEMBRETES, mudancas, novaTarefa, paraCriar, PRIORIDADES, STATUS_TAREFA, type ValoresTarefa } from '../../../entities/tarefa/esquema';
import { agendarLembretes } from '../utils/lembretes';
import { hojeIso } from '../../../lib/format/date';

function Formulario({ tarefa, inicial, voltar }: { tarefa: Tarefa | null; inicial: ValoresTarefa; voltar: string }) {
  const toast = useToast();
  const confirmar = useConfirm();
  const navigate = useNavigate();
  const [erro, setErro] = useState('');
  useClientesDoAparelho();
  const form = useForm<ValoresTarefa>({ defaultValues: inicial, resolver: resolverDe(esquemaTarefa), mode: 'onTouched' });
  const lista = useColecao(colecaoTarefas);
  const aoGravar = () => {
    if (lista) void agendarLembretes(lista).catch(() => undefined);
    navigate(voltar, { replace: true });
  };
  const salvar = useSalvarEntidade(tarefas, {
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, tarefa ? 'Tarefa salva.' : 'Tarefa incluída.'));
      aoGravar();
    },
    onError: (err) => {
      setErro(aplicarErrosDoServidor(err, form.setError, (k) => (k === 'vence_em' ? 'data' : k === 'lembrete_minutos_antes' ? 'lembrete' : k)));
      irParaPrimeiroErro();
    },
  });
  const excluir = useExcluirEntidade(tarefas, {
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, 'Tarefa excluída.'));
      aoGravar();
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });
  const enviar = form.handleSubmit(
    (v) => {
      setErro('');
      if (tarefa) salvar.mutate({ registro: tarefa, mudancas: mudancas(tarefa, v) });
      else salvar.mutate({ novo: paraCriar(v) });
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro();
    },
  );
  const c = form.control;
  const clienteId = form.watch('cliente_id');
  const cliente = clienteId ? colecaoClientes.emMemoriaPorId(clienteId) : undefined;
  return (
    <form className="cartao form-stack narrow" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-tarefa">
      <CampoTexto controle={c} nome="titulo" rotulo="Título" max={120} />
      <CampoTexto controle={c} nome="descricao" rotulo="Descrição" max={2000} multilinha />
      {clienteId ? (
        <p data-testid="tarefa-cliente">
          Cliente: <strong>{cliente?.nome_fantasia || cliente?.nome || clienteId}</strong>{' '}
          <IonButton size="small" fill="clear" onClick={() => form.setValue('cliente_id', '', { shouldDirty: true })}>
            Remover cliente
          </IonButton>
        </p>
      ) : null}
      <div className="row-2">
        <CampoTexto controle={c} nome="data" rotulo="Vence em (data)" type="date" />
        <CampoTexto controle={c} nome="hora" rotulo="Hora" type="time" />
      </div>
      <div className="row-2">
        <CampoSelect controle={c} nome="prioridade" rotulo="Prioridade" opcoes={PRIORIDADES} />
        <CampoSelect controle={c} nome="status" rotulo="Status" opcoes={STATUS_TAREFA} />
      </div>
      <CampoSelect controle={c} nome="lembrete" nomeHtml="lembrete_minutos_antes" rotulo="Lembrete" opcoes={LEMBRETES} />
      {erro ? (
        <IonText color="danger" role="alert">
          <p>{erro}</p>
        </IonText>
      ) : null}
      <div className="row-2">
        {tarefa ? (
          <IonButton
            type="button"
            fill="outline"
            color="danger"
            disabled={excluir.isPending}
            onClick={() => void confirmar({ header: 'Excluir tarefa', message: `Excluir a tarefa ${tarefa.titulo}?` }).then((ok) => ok && excluir.mutate(tarefa))}
          >
            Excluir
          </IonButton>
        ) : (
          <IonButton type="button" fill="outline" onClick={() => navigate(voltar, { replace: true })}>
            Cancelar
          </IonButton>
        )}
        <IonButton type="submit" disabled={salvar.isPending}>
          {salvar.isPending ? <IonSpinner name="dots" /> : 'Salvar tarefa'}
        </IonButton>
      </div>
    </form>
  );
}

/**
 * `tarefa-editar`: a task's form (?id= to edit one; ?cliente_id= and ?data= to start a new one on
 * a customer or a day), saved through the outbox: offline too, shown at once.
 */
function TarefaEditar() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const voltar = params.get('voltar') || '/calendario';
  const lista = useColecao(colecaoTarefas);
  const tarefa = useMemo(() => (id && lista ? (lista.find((t) => t.id === id) ?? null) : null), [id, lista]);
  const carregando = Boolean(id) && lista === null;
  const inicial = tarefa ? daTarefa(tarefa) : novaTarefa(params.get('cliente_id') ?? '', params.get('data') ?? hojeIso());
  return (
    <Page title={id ? 'Editar tarefa' : 'Nova tarefa'} backHref={voltar}>
      {carregando ? (
        <IonSpinner name="dots" />
      ) : id && !tarefa ? (
        <p role="alert">Tarefa não encontrada neste aparelho.</p>
      ) : (
        <Formulario key={tarefa ? `${tarefa.id}:${tarefa.versao}` : 'nova'} tarefa={tarefa} inicial={inicial} voltar={voltar} />
      )}
    </Page>
  );
}

export default function TarefaEditarPage() {
  return (
    <QueryBoundary>
      <TarefaEditar />
    </QueryBoundary>
  );
}
