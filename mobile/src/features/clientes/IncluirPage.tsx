import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../components/ionic/IonText';
import { Page } from '../../components/ui/Page';
import { PageLoading } from '../../components/ui/PageLoading';
import { QueryBoundary } from '../../components/QueryBoundary';
import { ErrorState } from '../../components/ui/ErrorState';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/useToast';
import { useOperadores } from '../../components/useOperadores';
import { chavesClientes, obterCliente } from '../../entities/cliente/api';
import { colecaoClientes } from '../../entities/cliente/colecao';
import { useCliente } from '../../entities/cliente/hooks';
import { alterarClienteOp, clienteDoPedido, criarClienteOp, salvarEnderecoOp, type AlterarCliente } from '../../entities/cliente/operacoes';
import { Motivo, errosDeCampo, mensagemDeErro, temMotivo } from '../../lib/api/client';
import type { AtualizarClientePedido, Cliente, CriarClientePedido } from '../../lib/api/types';
import { corrigirItem, executar, itemDaSaida, type Resultado } from '../../lib/sync/saida';
import { STATUS_CLIENTE, TIPOS_PESSOA } from '../../entities/cliente/status';
import { normalizarDocumento, type TipoPessoa } from '../../lib/format/document';
import { mascaraDocumento, mascaraTelefone } from '../../lib/format/masks';
import { reaisParaCentavos } from '../../lib/format/money';
import { useSession } from '../../lib/session';
import { novoId } from '../../lib/uuid';
import { CamposEndereco } from './CamposEndereco';
import { doCliente, lerRascunho, RASCUNHO, valoresVazios } from './formulario';
import { mesmoEndereco, paraEndereco } from './enderecos';
import { campoDoServidor, enderecoVazio, validarCliente, type Erros, type ValoresCliente } from './validacao';

const digitos = (v: string) => v.replace(/\D/g, '');

/**
 * The customer form. `pendencia`: the outbox item (a refused creation or edit) this form
 * corrects; saving replaces it instead of making a new change.
 */
function Formulario({ cliente, pendencia = 0, corrigindo }: { cliente?: Cliente; pendencia?: number; corrigindo?: CriarClientePedido }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const { profile } = useSession();
  const ops = useOperadores();
  const novo = !cliente;
  // One id per form: a retried create returns the same customer.
  const [idNovo] = useState(() => corrigindo?.id || lerRascunhoId() || novoId());
  const chaveRascunho = cliente ? `${cliente.id}:${cliente.versao}` : 'novo';
  // A new customer goes to the seller being looked at (filtro_vendedor_id), else to the caller.
  const inicial = useRef(
    cliente
      ? doCliente(cliente)
      : corrigindo
        ? doCliente(clienteDoPedido(corrigindo, profile?.operador ?? ''))
        : valoresVazios((profile?.perfil !== 'VENDEDOR' && profile?.filtroVendedorId) || profile?.operador || ''),
  );
  const [v, setV] = useState<ValoresCliente>(() => (corrigindo ? null : lerRascunho(chaveRascunho)) ?? inicial.current);
  const [erros, setErros] = useState<Erros>({});
  const [erro, setErro] = useState('');
  const [existente, setExistente] = useState<{ id: string; nome: string } | null>(null);

  function lerRascunhoId(): string | null {
    try {
      return cliente ? null : sessionStorage.getItem(`${RASCUNHO}novo:id`);
    } catch {
      return null;
    }
  }

  // What the user typed survives leaving the screen (e.g. to open the existing customer).
  const salvo = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (salvo.current) return;
    const t = setTimeout(() => {
      if (salvo.current) return;
      try {
        sessionStorage.setItem(RASCUNHO + chaveRascunho, JSON.stringify(v));
        if (novo) sessionStorage.setItem(`${RASCUNHO}novo:id`, idNovo);
      } catch {
        /* no session storage */
      }
    }, 300);
    timer.current = t;
    return () => clearTimeout(t);
  }, [v, chaveRascunho, novo, idNovo]);

  function esquecerRascunho(fim = false) {
    // After a save the draft is gone for good (a pending write must not bring it back).
    if (fim) salvo.current = true;
    clearTimeout(timer.current);
    try {
      sessionStorage.removeItem(RASCUNHO + chaveRascunho);
      sessionStorage.removeItem(`${RASCUNHO}novo:id`);
    } catch {
      /* nothing */
    }
  }

  const salvar = useMutation({
    mutationFn: async (val: ValoresCliente): Promise<{ id: string; pendente: boolean }> => {
      const ie = val.isento ? 'ISENTO' : digitos(val.ie);
      const campos = {
        tipo_pessoa: val.tipoPessoa,
        documento: normalizarDocumento(val.documento),
        nome: val.nome.trim(),
        nome_fantasia: val.fantasia.trim(),
        inscricao_estadual: ie,
        contribuinte_icms: val.contribuinte,
        email: val.email.trim(),
        telefone: digitos(val.telefone),
        celular: digitos(val.celular),
        segmento: val.segmento.trim(),
        status: val.status,
        limite_credito_centavos: reaisParaCentavos(val.limite) ?? '0',
        observacoes: val.observacoes.trim(),
      };
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
      const orig = {
        tipo_pessoa: comparar.tipo_pessoa,
        documento: comparar.documento,
        nome: comparar.nome,
        nome_fantasia: comparar.nome_fantasia,
        inscricao_estadual: comparar.inscricao_estadual,
        contribuinte_icms: comparar.contribuinte_icms,
        email: comparar.email,
        telefone: comparar.telefone,
        celular: comparar.celular,
        segmento: comparar.segmento,
        status: comparar.status,
        limite_credito_centavos: comparar.limite_credito_centavos,
        observacoes: comparar.observacoes,
      };
      for (const k of Object.keys(campos) as (keyof typeof campos)[]) {
        if (String(campos[k]) !== String(orig[k])) (patch as Record<string, unknown>)[k] = campos[k];
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
    },
    onSuccess: (r) => {
      esquecerRascunho(true);
      void qc.invalidateQueries({ queryKey: chavesClientes.todos });
      void qc.invalidateQueries({ queryKey: ['carteira'] });
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
      setErro(mensagemDeErro(err));
      const campos: Erros = {};
      for (const [k, m] of Object.entries(errosDeCampo(err))) campos[campoDoServidor(k)] = m;
      setErros(campos);
      // A document already in use: the server names that customer; offer to open it when it is
      // in the operator's reach.
      if (temMotivo(err, Motivo.DocumentoDuplicado) && err.detalhes.cliente_id) {
        const c = await obterCliente(err.detalhes.cliente_id).catch(() => null);
        setExistente(c ? { id: c.id, nome: c.nome } : null);
      }
    },
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    setErro('');
    setExistente(null);
    const faltando = validarCliente(v);
    setErros(faltando);
    if (Object.keys(faltando).length) {
      setErro('Confira os campos destacados.');
      return;
    }
    salvar.mutate(v);
  }

  const set = <K extends keyof ValoresCliente>(k: K, val: ValoresCliente[K]) => setV((old) => ({ ...old, [k]: val }));
  const pj = v.tipoPessoa === 'PJ';

  return (
    <form className="narrow form-stack" onSubmit={enviar} noValidate>
      <SelectField
        label="Tipo de pessoa"
        name="tipo_pessoa"
        value={v.tipoPessoa}
        onValue={(x) => setV((o) => ({ ...o, tipoPessoa: x as TipoPessoa, documento: mascaraDocumento(o.documento, x as TipoPessoa) }))}
        options={TIPOS_PESSOA}
      />
      <TextField
        label={pj ? 'CNPJ' : 'CPF'}
        name="documento"
        inputMode={pj ? 'text' : 'numeric'}
        autoCapitalize="characters"
        value={v.documento}
        onValue={(x) => set('documento', mascaraDocumento(x, v.tipoPessoa))}
        error={erros.documento}
      />
      <TextField label={pj ? 'Razão social' : 'Nome'} name="nome" value={v.nome} onValue={(x) => set('nome', x)} error={erros.nome} />
      <TextField label="Nome fantasia" name="nome_fantasia" value={v.fantasia} onValue={(x) => set('fantasia', x)} error={erros.nome_fantasia} />
      <div className="row-2">
        <TextField
          label="Inscrição estadual"
          name="inscricao_estadual"
          inputMode="numeric"
          value={v.isento ? 'ISENTO' : v.ie}
          disabled={v.isento}
          onValue={(x) => set('ie', x.replace(/\D/g, ''))}
          error={erros.inscricao_estadual}
        />
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'end' }}>
          <label className="check-field">
            <input type="checkbox" name="isento" checked={v.isento} onChange={(e) => set('isento', e.target.checked)} />
            Isento
          </label>
        </div>
      </div>
      <label className="check-field">
        <input type="checkbox" name="contribuinte_icms" checked={v.contribuinte} onChange={(e) => set('contribuinte', e.target.checked)} />
        Contribuinte do ICMS
      </label>
      <TextField label="E-mail" name="email" type="email" inputMode="email" value={v.email} onValue={(x) => set('email', x)} error={erros.email} />
      <div className="row-2">
        <TextField
          label="Telefone"
          name="telefone"
          inputMode="tel"
          value={v.telefone}
          onValue={(x) => set('telefone', mascaraTelefone(x, digitos(x).length > 10 ? 'celular' : 'fixo'))}
          error={erros.telefone}
        />
        <TextField
          label="Celular"
          name="celular"
          inputMode="tel"
          value={v.celular}
          onValue={(x) => set('celular', mascaraTelefone(x, 'celular'))}
          error={erros.celular}
        />
      </div>
      <div className="row-2">
        <TextField label="Segmento" name="segmento" value={v.segmento} onValue={(x) => set('segmento', x)} error={erros.segmento} />
        <SelectField
          label="Status"
          name="status"
          value={v.status}
          onValue={(x) => set('status', x)}
          options={STATUS_CLIENTE.map((s) => ({ value: s.valor, label: s.rotulo }))}
          error={erros.status}
        />
      </div>
      <TextField
        label="Limite de crédito (R$)"
        name="limite_credito"
        inputMode="decimal"
        value={v.limite}
        onValue={(x) => set('limite', x.replace(/[^\d.,]/g, ''))}
        error={erros.limite_credito_centavos}
      />
      {ops.gestor ? (
        <SelectField
          label="Vendedor responsável"
          name="vendedor_id"
          value={v.vendedorId}
          onValue={(x) => set('vendedorId', x)}
          options={[
            ...(v.vendedorId && !ops.lista.some((o) => o.id === v.vendedorId) ? [{ value: v.vendedorId, label: ops.nome(v.vendedorId) }] : []),
            ...ops.vendedores.map((o) => ({ value: o.valor, label: o.rotulo })),
          ]}
          error={erros.vendedor_id}
        />
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          Vendedor responsável: {cliente ? ops.nome(cliente.vendedor_id) : profile?.nomeOperador}
        </p>
      )}
      <div className="text-field">
        <label htmlFor="observacoes">Observações</label>
        <textarea id="observacoes" name="observacoes" value={v.observacoes} onChange={(e) => set('observacoes', e.target.value)} />
      </div>
      <h3 style={{ margin: '12px 0 0', fontSize: '1rem' }}>Endereço principal</h3>
      <CamposEndereco valor={v.endereco} onChange={(e) => set('endereco', e)} erros={erros} comTipo />
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
      {JSON.stringify(v) !== JSON.stringify(inicial.current) ? (
        <IonButton
          type="button"
          fill="clear"
          onClick={() => {
            esquecerRascunho();
            setV(inicial.current);
            setErros({});
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
  const q = useQuery({ queryKey: ['saida', pendencia], queryFn: () => itemDaSaida(pendencia).then((it) => it ?? null), gcTime: 0 });
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
