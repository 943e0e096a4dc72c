import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Controller, useForm } from 'react-hook-form';
import { resolverDe } from '../../../components/form/resolver';
import { CampoMarcar, CampoSelect, CampoTexto } from '../../../components/form/campos';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { LIMITES_CLIENTE } from '../../../entities/cliente/esquema';
import { useToast } from '../../../components/ui/useToast';
import { useOperadores } from '../../../components/useOperadores';
import { obterCliente } from '../../../entities/cliente/api';
import { APOS_GRAVAR_CLIENTES } from '../../../entities/cliente/queries';
import { useMutacao } from '../../../lib/query';
import { useItemDaSaida } from '../../../lib/sync/hooks';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { useCliente } from '../../../entities/cliente/hooks';
import { alterarClienteOp, clienteDoPedido, criarClienteOp, salvarEnderecoOp, type AlterarCliente } from '../../../entities/cliente/operacoes';
import { Motivo, temMotivo } from '../../../lib/api/client';
import type { AtualizarClientePedido, Cliente, CriarClientePedido } from '../../../lib/api/types';
import { corrigirItem, executar, type Resultado } from '../../../lib/sync/saida';
import { STATUS_CLIENTE, TIPOS_PESSOA } from '../../../entities/cliente/status';
import { centavosParaReais, reaisParaCentavos } from '../../../lib/format/money';
import { useSession } from '../../../lib/session';
import { novoId } from '../../../lib/uuid';
import { CamposEndereco } from './CamposEndereco';
import { doCliente, lerRascunho, RASCUNHO, valoresVazios } from '../utils/formulario';
import { mesmoEndereco, paraEndereco } from '../utils/enderecos';
import { camposDoFormulario, campoDoServidor, enderecoVazio, esquemaFormularioCliente, type Erros, type ValoresCliente } from '../utils/validacao';

/**
 * The customer form (react-hook-form with the customer's schema, the server's rules). What can't
 * be accepted is refused at its field, the screen goes to the first error, and nothing typed is
 * changed or dropped. `pendencia`: the outbox item (a refused creation or edit) it corrects.
 */
function Formulario({ cliente, pendencia = 0, corrigindo }: { cliente?: Cliente; pendencia?: number; corrigindo?: CriarClientePedido }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { profile } = useSession();
  const ops = useOperadores();
  const novo = !cliente;
  // One id per form: a retried create returns the same customer.
  const [idNovo] = useState(() => corrigindo?.id || lerRascunhoId() || novoId());
  const chaveRascunho = cliente ? `${cliente.id}:${cliente.versao}` : 'novo';
  // A new customer goes to the seller being looked at (filtro_vendedor_id); a seller's to themself;
  // an ADMIN or SUPERVISOR looking at every seller picks one (they own no portfolio).
  const inicial = useRef(
    cliente
      ? doCliente(cliente)
      : corrigindo
        ? { ...doCliente(clienteDoPedido(corrigindo, profile?.operador ?? '')), ieGuardada: undefined } // a create: nothing stored yet
        : valoresVazios(profile?.perfil === 'VENDEDOR' ? profile.operador : profile?.filtroVendedorId || ''),
  );
  const form = useForm<ValoresCliente>({
    defaultValues: (corrigindo ? null : lerRascunho(chaveRascunho)) ?? inicial.current,
    resolver: resolverDe(esquemaFormularioCliente),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, reset, watch, getValues, formState } = form;
  const [erro, setErro] = useState('');
  const [existente, setExistente] = useState<{ id: string; nome: string } | null>(null);
  const raiz = useRef<HTMLFormElement>(null);

  function lerRascunhoId(): string | null {
    try {
      return cliente ? null : sessionStorage.getItem(`${RASCUNHO}novo:id`);
    } catch {
      return null;
    }
  }

  // What the user typed survives leaving the screen (e.g. to open the existing customer).
  const salvo = useRef(false);
  useEffect(() => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const sub = watch((v) => {
      clearTimeout(t);
      t = setTimeout(() => {
        if (salvo.current) return;
        try {
          sessionStorage.setItem(RASCUNHO + chaveRascunho, JSON.stringify(v));
          if (novo) sessionStorage.setItem(`${RASCUNHO}novo:id`, idNovo);
        } catch {
          /* no session storage */
        }
      }, 300);
    });
    return () => {
      clearTimeout(t);
      sub.unsubscribe();
    };
  }, [watch, chaveRascunho, novo, idNovo]);

  function esquecerRascunho(fim = false) {
    // After a save the draft is gone for good (a pending write must not bring it back).
    if (fim) salvo.current = true;
    try {
      sessionStorage.removeItem(RASCUNHO + chaveRascunho);
      sessionStorage.removeItem(`${RASCUNHO}novo:id`);
    } catch {
      /* nothing */
    }
  }

  async function gravarCliente(val: ValoresCliente): Promise<{ id: string; pendente: boolean }> {
    const campos = camposDoFormulario(val);
    const endereco = enderecoVazio(val.endereco) ? null : paraEndereco({ ...val.endereco, principal: true });
    // Every save goes through the device's outbox: sent at once with a connection, kept and
    // sent later without one.
    if (!cliente) {
      const corpo: CriarClientePedido = {
        id: idNovo,
        ...campos,
        vendedor_id: val.vendedorId || undefined,
        enderecos: endereco ? [endereco as NonNullable<CriarClientePedido['enderecos']>[number]] : [],
        contatos: [],
      };
      const r = pendencia ? await corrigirItem<CriarClientePedido, Cliente>(pendencia, corpo) : await executar(criarClienteOp, corpo);
      return { id: idNovo, pendente: r.pendente };
    }
    // Only what changed goes in the PATCH, made on the version shown (409 if someone else saved).
    // A correction replaces the refused change: it is compared with the server's record, not
    // with the screen's (which shows the refused change laid over it).
    const antes = inicial.current;
    const patch: Omit<AtualizarClientePedido, 'versao'> = {};
    const comparar = pendencia ? ((await colecaoClientes.doServidor(cliente.id)) ?? cliente) : cliente;
    const orig = comparar as unknown as Record<string, unknown>;
    const novos: Record<string, unknown> = campos;
    for (const k of Object.keys(novos)) {
      if (String(novos[k]) !== String(orig[k])) (patch as Record<string, unknown>)[k] = novos[k];
    }
    if (val.vendedorId && val.vendedorId !== comparar.vendedor_id) patch.vendedor_id = val.vendedorId;
    const resultados: Resultado<Cliente>[] = [];
    const base = Number(cliente.versao) || 0;
    const alteracao: AlterarCliente = { id: cliente.id, mudancas: patch, nome: val.nome.trim() || cliente.nome };
    if (pendencia) resultados.push(await corrigirItem<AlterarCliente, Cliente>(pendencia, alteracao));
    else if (Object.keys(patch).length > 0) resultados.push(await executar(alterarClienteOp, alteracao, { base }));
    if (endereco && !mesmoEndereco(val.endereco, antes.endereco))
      resultados.push(await executar(salvarEnderecoOp, { clienteId: cliente.id, endereco, nomeCliente: alteracao.nome }));
    return { id: cliente.id, pendente: resultados.some((r) => r.pendente) };
  }

  const salvar = useMutacao(gravarCliente, APOS_GRAVAR_CLIENTES, {
    onSuccess: (r) => {
      esquecerRascunho(true);
      if (r.pendente)
        toast(
          novo
            ? 'Sem conexão: o cliente ficou salvo no aparelho e será enviado quando a conexão voltar.'
            : 'Sem conexão: as alterações ficaram salvas no aparelho e serão enviadas quando a conexão voltar.',
          { duration: 5000, position: 'bottom', color: 'warning' },
        );
      else toast(novo ? 'Cliente cadastrado.' : 'Alterações salvas.', { duration: 2500, position: 'bottom', color: 'success' });
      navigate(`/crm-clientes-ficha?id=${encodeURIComponent(r.id)}`, { replace: true });
    },
    onError: async (err) => {
      setErro(aplicarErrosDoServidor(err, setError, campoDoServidor));
      irParaPrimeiroErro(raiz.current);
      // A document already in use: the server names that customer; offer to open it when it is
      // in the operator's reach.
      if (temMotivo(err, Motivo.DocumentoDuplicado) && err.detalhes.cliente_id) {
        const c = await obterCliente(err.detalhes.cliente_id).catch(() => null);
        setExistente(c ? { id: c.id, nome: c.nome } : null);
      }
    },
  });

  const enviar = handleSubmit(
    (v) => {
      setErro('');
      setExistente(null);
      salvar.mutate(v);
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );

  const tipoPessoa = watch('tipoPessoa');
  const isento = watch('isento');
  const vendedorId = watch('vendedorId');
  const pj = tipoPessoa === 'PJ';
  const erroEndereco = formState.errors.endereco as Record<string, { message?: string }> | undefined;
  const errosEndereco: Erros = Object.fromEntries(Object.entries(erroEndereco ?? {}).map(([k, e]) => [k, e?.message ?? '']));

  return (
    <form ref={raiz} className="narrow form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-cliente">
      <CampoSelect
        controle={control}
        nome="tipoPessoa"
        nomeHtml="tipo_pessoa"
        rotulo="Tipo de pessoa"
        opcoes={TIPOS_PESSOA}
        aoMudar={() => {
          // The document is checked again for the new type (CPF or CNPJ).
          if (getValues('documento')) void form.trigger('documento');
        }}
      />
      <CampoTexto
        controle={control}
        nome="documento"
        rotulo={pj ? 'CNPJ' : 'CPF'}
        mascara="documento"
        inputMode={pj ? 'text' : 'numeric'}
        autoCapitalize="characters"
      />
      <CampoTexto controle={control} nome="nome" rotulo={pj ? 'Razão social' : 'Nome'} max={LIMITES_CLIENTE.nome} />
      <CampoTexto controle={control} nome="fantasia" nomeHtml="nome_fantasia" rotulo="Nome fantasia" max={LIMITES_CLIENTE.nome_fantasia} />
      <div className="row-2">
        {isento ? (
          <div className="text-field">
            <label htmlFor="ie-isento">Inscrição estadual</label>
            <input id="ie-isento" name="inscricao_estadual" value="ISENTO" disabled />
          </div>
        ) : (
          <CampoTexto controle={control} nome="ie" nomeHtml="inscricao_estadual" rotulo="Inscrição estadual" inputMode="text" autoCapitalize="characters" />
        )}
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'end' }}>
          <CampoMarcar controle={control} nome="isento" rotulo="Isento" />
        </div>
      </div>
      <CampoTexto
        controle={control}
        nome="suframa"
        rotulo="Inscrição Suframa"
        inputMode="numeric"
        ajuda="Só para clientes da Zona Franca de Manaus e áreas de livre comércio: 9 dígitos. Com ela o cliente não paga IPI."
      />
      <CampoMarcar controle={control} nome="contribuinte" nomeHtml="contribuinte_icms" rotulo="Contribuinte do ICMS" />
      <CampoTexto controle={control} nome="email" rotulo="E-mail" type="email" inputMode="email" autoComplete="email" />
      <div className="row-2 linha-telefones">
        <CampoTexto controle={control} nome="telefone" rotulo="Telefone" mascara="telefone" inputMode="tel" />
        <CampoTexto controle={control} nome="celular" rotulo="Celular" mascara="telefone" inputMode="tel" />
      </div>
      <div className="row-2">
        <CampoTexto controle={control} nome="segmento" rotulo="Segmento" max={LIMITES_CLIENTE.segmento} />
        <CampoSelect controle={control} nome="status" rotulo="Status" opcoes={STATUS_CLIENTE.map((x) => ({ value: x.valor, label: x.rotulo }))} />
      </div>
      <CampoTexto
        controle={control}
        nome="limite"
        nomeHtml="limite_credito"
        rotulo="Limite de crédito (R$)"
        inputMode="decimal"
        aoSair={() => {
          // Shown as money once it is a valid amount (a wrong one stays as typed, with its message).
          const c = reaisParaCentavos(getValues('limite'));
          if (c !== null && !c.startsWith('-')) form.setValue('limite', centavosParaReais(c), { shouldValidate: true });
        }}
      />
      {ops.gestor ? (
        <CampoSelect
          controle={control}
          nome="vendedorId"
          nomeHtml="vendedor_id"
          rotulo="Vendedor responsável"
          opcoes={[
            ...(vendedorId ? [] : [{ value: '', label: 'Escolha o vendedor' }]),
            ...(vendedorId && !ops.vendedores.some((o) => o.valor === vendedorId) ? [{ value: vendedorId, label: ops.nome(vendedorId) }] : []),
            ...ops.vendedores.map((o) => ({ value: o.valor, label: o.rotulo })),
          ]}
        />
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          Vendedor responsável: {cliente ? ops.nome(cliente.vendedor_id) : profile?.nomeOperador}
        </p>
      )}
      <CampoTexto controle={control} nome="observacoes" rotulo="Observações" multilinha max={LIMITES_CLIENTE.observacoes} />
      <h3 style={{ margin: '12px 0 0', fontSize: '1rem' }}>Endereço principal</h3>
      <Controller
        control={control}
        name="endereco"
        render={({ field }) => <CamposEndereco valor={field.value} onChange={field.onChange} erros={errosEndereco} comTipo />}
      />
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      {existente ? (
        <p>
          <Link to={`/crm-clientes-ficha?id=${encodeURIComponent(existente.id)}`} data-testid="abrir-existente">
            Abrir o cliente já cadastrado: {existente.nome}
          </Link>
        </p>
      ) : null}
      <IonButton type="submit" expand="block" disabled={salvar.isPending}>
        {salvar.isPending ? <IonSpinner name="dots" /> : novo ? 'Cadastrar cliente' : 'Salvar alterações'}
      </IonButton>
      {formState.isDirty ? (
        <IonButton
          type="button"
          fill="clear"
          onClick={() => {
            esquecerRascunho();
            reset(inicial.current);
            setErro('');
          }}
        >
          Descartar alterações
        </IonButton>
      ) : null}
    </form>
  );
}

function Editar({ id, pendencia }: { id: string; pendencia: number }) {
  const { cliente, carregando, erro, recarregar } = useCliente(id);
  if (carregando) return <PageLoading />;
  return (
    <Page title="Editar cliente" backHref={`/crm-clientes-ficha?id=${encodeURIComponent(id)}`}>
      {cliente ? <Formulario key={`${cliente.id}:${cliente.versao}`} cliente={cliente} pendencia={pendencia} /> : <ErrorState error={erro} onRetry={recarregar} />}
    </Page>
  );
}

/** A creation the server refused, opened from the outbox to be corrected. */
function CorrigirCriacao({ pendencia }: { pendencia: number }) {
  const q = useItemDaSaida(pendencia);
  if (q.isPending) return <PageLoading />;
  const corpo = q.data?.op === criarClienteOp.nome ? (q.data.dados as CriarClientePedido) : null;
  return (
    <Page title="Corrigir cliente" backHref="/pendencias">
      {corpo ? (
        <>
          {q.data?.recusa ? (
            <p className="aviso-copia aviso-erro" role="alert">
              O servidor recusou este cadastro: {q.data.recusa.mensagem}
            </p>
          ) : null}
          <Formulario pendencia={pendencia} corrigindo={corpo} />
        </>
      ) : (
        <ErrorState error={new Error('Esta alteração não está mais na fila do aparelho.')} />
      )}
    </Page>
  );
}

export default function IncluirPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const pendencia = Number(params.get('pendencia')) || 0;
  return (
    <QueryBoundary>
      {id ? (
        <Editar id={id} pendencia={pendencia} />
      ) : pendencia ? (
        <CorrigirCriacao pendencia={pendencia} />
      ) : (
        <Page title="Novo cliente" backHref="/crm-clientes">
          <Formulario />
        </Page>
      )}
    </QueryBoundary>
  );
}
