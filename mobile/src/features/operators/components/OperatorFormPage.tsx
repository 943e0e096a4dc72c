import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonBadge } from '../../../components/ionic/IonBadge';
import { IonCheckbox } from '../../../components/ionic/IonCheckbox';
import { IonInput } from '../../../components/ionic/IonInput';
import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { IonListHeader } from '../../../components/ionic/IonListHeader';
import { IonNote } from '../../../components/ionic/IonNote';
import { SelectField } from '../../../components/ui/SelectField';
import { IonText } from '../../../components/ionic/IonText';
import { IonToggle } from '../../../components/ionic/IonToggle';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { NOMES_PERFIL } from '../../../components/navigation';
import { ApiError, mensagemDeErro } from '../../../lib/api/client';
import { PERFIS, type Operador, type Perfil } from '../../../lib/api/types';
import { useAlternarAtivo, useCandidatosEquipe, useOperador, useSalvarOperador, type SalvarOperador } from '../api/operadores';
import { formatarDataHora } from '../../../lib/format/date';
import { novoId } from '../../../lib/uuid';
import { useErrosDeCampo } from '../../../components/form/errosDeCampo';

interface Valores {
  email: string;
  nome: string;
  perfil: Perfil;
  exibirMedida: boolean;
  equipe: string[];
  senha: string;
}

const VAZIO: Valores = { email: '', nome: '', perfil: 'VENDEDOR', exibirMedida: false, equipe: [], senha: '' };

/** What "Exibir medida" changes, said where it is set. */
const AJUDA_EXIBIR_MEDIDA = 'Mostra a unidade de venda (caixa, unidade, kg…) ao lado dos produtos e das quantidades para este operador.';

function doOperador(o: Operador): Valores {
  return {
    email: o.email,
    nome: o.nome_operador,
    perfil: (PERFIS as readonly string[]).includes(o.perfil_app) ? (o.perfil_app as Perfil) : 'VENDEDOR',
    exibirMedida: o.exibir_medida,
    equipe: o.equipe ?? [],
    senha: '',
  };
}

/** Field errors of an API answer, by field name. */
function errosDeCampo(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError) for (const c of err.campos) out[c.campo] = c.descricao;
  return out;
}

function Formulario({ operador }: { operador?: Operador }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const novo = !operador;
  const [v, setV] = useState<Valores>(() => (operador ? doOperador(operador) : VAZIO));
  const [erro, setErro] = useState('');
  const [campos, setCampos] = useErrosDeCampo({ email: v.email, nome_operador: v.nome, perfil_app: v.perfil, equipe: v.equipe, senha: v.senha });
  // One id per form: a retried create returns the same operator.
  const idNovo = useRef(novoId());

  const candidatos = useCandidatosEquipe({ enabled: v.perfil === 'SUPERVISOR' });
  const equipeOpcoes = useMemo(
    () => (candidatos.data ?? []).filter((o) => o.id !== operador?.id && o.perfil_app === 'VENDEDOR'),
    [candidatos.data, operador?.id],
  );

  const salvar = useSalvarOperador({
    onSuccess: () => {
      toast(novo ? 'Operador cadastrado.' : 'Alterações salvas.', { duration: 2500, position: 'bottom', color: 'success' });
      navigate('/admin/operadores', { replace: true });
    },
    onError: (err) => {
      setErro(mensagemDeErro(err));
      setCampos(errosDeCampo(err));
    },
  });

  /** What the form sends: a new operator (with its client id) or the changes on its versao. */
  function pedido(val: Valores): SalvarOperador {
    const equipe = val.perfil === 'SUPERVISOR' ? val.equipe : [];
    if (!operador) {
      return {
        novo: {
          id: idNovo.current,
          email: val.email.trim(),
          nome_operador: val.nome.trim(),
          perfil_app: val.perfil,
          exibir_medida: val.exibirMedida,
          equipe,
          senha: val.senha || undefined,
        },
      };
    }
    return {
      id: operador.id,
      alteracao: {
        nome_operador: val.nome.trim(),
        perfil_app: val.perfil,
        exibir_medida: val.exibirMedida,
        equipe: { operadores: equipe },
        versao: operador.versao,
      },
    };
  }

  const alternarAtivo = useAlternarAtivo({
    onSuccess: (o) => toast(o.ativo ? 'Operador reativado.' : 'Operador desativado.', { duration: 2500, position: 'bottom' }),
    onError: (err) => setErro(mensagemDeErro(err)),
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    setErro('');
    setCampos({});
    const faltando: Record<string, string> = {};
    if (novo && !v.email.trim()) faltando.email = 'Informe o e-mail.';
    if (!v.nome.trim()) faltando.nome_operador = 'Informe o nome.';
    if (novo && v.senha && v.senha.length < 6) faltando.senha = 'A senha precisa ter pelo menos 6 caracteres.';
    if (Object.keys(faltando).length) {
      setCampos(faltando);
      return;
    }
    salvar.mutate(pedido(v));
  }

  async function ativarOuDesativar() {
    if (!operador) return;
    const ok = await confirm(
      operador.ativo
        ? { header: 'Desativar operador', message: `${operador.nome_operador} não poderá mais acessar o CRM. Deseja continuar?` }
        : { header: 'Reativar operador', message: `${operador.nome_operador} voltará a acessar o CRM. Deseja continuar?` },
    );
    if (ok) alternarAtivo.mutate(operador);
  }

  const set = <K extends keyof Valores>(k: K, val: Valores[K]) => setV((old) => ({ ...old, [k]: val }));
  const erroCampo = (nome: string) => (campos[nome] ? <p className="field-error">{campos[nome]}</p> : null);

  return (
    <form className="narrow form-stack" onSubmit={enviar} noValidate>
      {operador ? (
        <p className="muted">
          {operador.ativo ? <IonBadge color="success">Ativo</IonBadge> : <IonBadge color="medium">Desativado</IonBadge>}{' '}
          Alterado em {formatarDataHora(operador.alterado_em)}
        </p>
      ) : (
        <p className="muted">
          Informe o e-mail da pessoa. Se ela ainda não tiver conta, a conta é criada; ela entra com a senha inicial ou pelo link de
          acesso.
        </p>
      )}
      <div>
        <IonInput
          type="email"
          label="E-mail"
          labelPlacement="floating"
          fill="outline"
          name="email"
          value={v.email}
          disabled={!novo}
          onIonInput={(e) => set('email', String(e.detail.value ?? ''))}
        />
        {erroCampo('email')}
      </div>
      <div>
        <IonInput label="Nome" labelPlacement="floating" fill="outline" name="nome_operador" value={v.nome} onIonInput={(e) => set('nome', String(e.detail.value ?? ''))} />
        {erroCampo('nome_operador')}
      </div>
      <div>
        <SelectField
          label="Perfil"
          name="perfil_app"
          value={v.perfil}
          onValue={(x) => set('perfil', x as Perfil)}
          options={PERFIS.map((p) => ({ value: p, label: NOMES_PERFIL[p] }))}
          error={campos.perfil_app}
        />
      </div>
      <IonItem lines="none">
        {/* helperText: shown under the label and announced with the toggle (aria-describedby inside). */}
        <IonToggle checked={v.exibirMedida} onIonChange={(e) => set('exibirMedida', e.detail.checked)} helperText={AJUDA_EXIBIR_MEDIDA}>
          Exibir medida
        </IonToggle>
      </IonItem>
      {v.perfil === 'SUPERVISOR' ? (
        <IonList>
          <IonListHeader>
            <IonLabel>Equipe (vendedores supervisionados)</IonLabel>
          </IonListHeader>
          {candidatos.isPending ? (
            <IonItem>
              <IonSpinner name="dots" />
            </IonItem>
          ) : candidatos.isError ? (
            <IonItem>
              <IonNote color="danger">{mensagemDeErro(candidatos.error)}</IonNote>
            </IonItem>
          ) : equipeOpcoes.length === 0 ? (
            <IonItem>
              <IonNote>Nenhum vendedor ativo para escolher.</IonNote>
            </IonItem>
          ) : (
            equipeOpcoes.map((o) => (
              <IonItem key={o.id}>
                <IonCheckbox
                  checked={v.equipe.includes(o.id)}
                  onIonChange={(e) => set('equipe', e.detail.checked ? [...v.equipe, o.id] : v.equipe.filter((x) => x !== o.id))}
                >
                  {o.nome_operador}
                </IonCheckbox>
              </IonItem>
            ))
          )}
          {erroCampo('equipe')}
        </IonList>
      ) : null}
      {novo ? (
        <div>
          <IonInput
            type="password"
            label="Senha inicial (opcional)"
            labelPlacement="floating"
            fill="outline"
            name="senha"
            autocomplete="new-password"
            helperText="Só para quem ainda não tem conta; pelo menos 6 caracteres."
            value={v.senha}
            onIonInput={(e) => set('senha', String(e.detail.value ?? ''))}
          />
          {erroCampo('senha')}
        </div>
      ) : null}
      {erro ? (
        <IonText color="danger" role="alert">
          <p>{erro}</p>
        </IonText>
      ) : null}
      <IonButton type="submit" expand="block" disabled={salvar.isPending}>
        {salvar.isPending ? <IonSpinner name="dots" /> : novo ? 'Cadastrar operador' : 'Salvar alterações'}
      </IonButton>
      {operador ? (
        <IonButton type="button" expand="block" fill="outline" color={operador.ativo ? 'danger' : 'success'} onClick={ativarOuDesativar} disabled={alternarAtivo.isPending}>
          {alternarAtivo.isPending ? <IonSpinner name="dots" /> : operador.ativo ? 'Desativar operador' : 'Reativar operador'}
        </IonButton>
      ) : null}
    </form>
  );
}

function Editar({ id }: { id: string }) {
  const q = useOperador(id);
  // Re-mount the form when a newer version arrives (after deactivate/reactivate).
  const [chave, setChave] = useState('');
  useEffect(() => {
    if (q.data) setChave(`${q.data.id}:${q.data.versao}`);
  }, [q.data]);
  if (q.isPending) return <PageLoading />;
  return (
    <Page title="Editar operador" backHref="/admin/operadores">
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : <Formulario key={chave} operador={q.data} />}
    </Page>
  );
}

export default function OperatorFormPage() {
  const { id } = useParams();
  return (
    <QueryBoundary>
      {id ? (
        <Editar id={id} />
      ) : (
        <Page title="Novo operador" backHref="/admin/operadores">
          <Formulario />
        </Page>
      )}
    </QueryBoundary>
  );
}
