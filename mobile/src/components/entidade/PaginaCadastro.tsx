// The ADMIN screen of a simple entity (lib/entidade): the server's list, page by page (filtered
// by the declared selects), and one form to create, edit and delete a record, from a declaration
// — the list's columns, the form's fields and zod schema, the labels, an optional CSV import. An
// entity the server does not update (semAlteracao) is created in the form and deleted from its
// row. Writes go through the outbox: accepted, the list reloads; refused, the server's field
// errors (or what the declaration says of a reason) land on the form; without a connection, they
// wait on the device and are sent when it returns. A form declared by its contract
// (contracts/formularios.json, lib/entidade/formulario) gets its schema, empty values, payloads
// and selects' options from it; the labels default to the entity's species and short name.
import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../ionic/IonText';
import { Page } from '../ui/Page';
import { MaisPaginas } from '../ui/MaisPaginas';
import { QueryBoundary } from '../QueryBoundary';
import { EmptyState, ErrorState } from '../ui/ErrorState';
import { PageLoading } from '../ui/PageLoading';
import { SelectField } from '../ui/SelectField';
import { ImportarCsv, type DeclaracaoImportacao } from '../importacao/ImportarCsv';
import type { ImportarPedaco } from '../../lib/importacao';
import { useConfirm } from '../ui/useConfirm';
import { useToast } from '../ui/useToast';
import { CampoMarcar, CampoSelect, CampoTexto } from '../form/campos';
import { resolverDe } from '../form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../form/erros';
import { ApiError, Motivo, mensagemDeErro, temMotivo } from '../../lib/api/client';
import { useExcluirEntidade, useListaEntidade, useSalvarEntidade, type Entidade, type RegistroEntidade } from '../../lib/entidade/entidade';
import { MENSAGEM_GUARDADA } from '../../lib/sync/saida';
import { novoId } from '../../lib/uuid';
import { alteracaoDe, esquemaDe, filtrosDe, formatarReais, novoDe, opcoesDe, tipoDe, valoresDe, valoresVazios, type Formulario as ContratoFormulario, type ValoresFormulario } from '../../lib/entidade/formulario';

/** A field of the form; a pair of fields is one row. */
export type CampoCadastro<V extends FieldValues> =
  | {
      tipo: 'texto';
      nome: FieldPath<V>;
      rotulo: string;
      /** The HTML name, when not the form's (the API's, which tests and autofill use). */
      nomeHtml?: string;
      max?: number;
      placeholder?: string;
      inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
      ajuda?: ReactNode;
      /** After the field's own blur handling (e.g. to format a valid amount). */
      aoSair?: (form: UseFormReturn<V>) => void;
    }
  /** A select; without opcoes, the contract's options (after `primeira`, an empty choice). */
  | { tipo: 'select'; nome: FieldPath<V>; rotulo: string; nomeHtml?: string; opcoes?: readonly { value: string; label: string }[]; primeira?: string }
  /** A checkbox; its error (the schema's or the server's) shows below it. */
  | { tipo: 'marcar'; nome: FieldPath<V>; rotulo: string; nomeHtml?: string }
  /** A note the form shows between its fields. */
  | { tipo: 'nota'; chave: string; texto: ReactNode }
  | { tipo: 'outro'; chave: string; render: (form: UseFormReturn<V>) => ReactNode };

/** A select over the list: its value goes to the list request's field of that name ('' = all). */
export interface FiltroCadastro {
  nome: string;
  rotulo: string;
  /** The select's HTML name. */
  nomeHtml: string;
  opcoes: readonly { value: string; label: string }[];
}

/** A CSV import of the entity: its declaration, how a chunk is sent, the button's label. */
export interface ImportacaoCadastro {
  declaracao: DeclaracaoImportacao;
  importar: ImportarPedaco;
  rotulo: string;
}

/** What a refusal with a given reason (Motivo) says: on the form, and at a field. */
export type RecusaCadastro<V extends FieldValues> = (v: V) => { mensagem: string; campo?: { nome: FieldPath<V>; mensagem: string } };

export interface TelaCadastro<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues> {
  entidade: Entidade<T, C, A>;
  /** The page's title (default: the species, "Condições de pagamento") and back link (default: home). */
  titulo?: string;
  voltar?: string;
  /** The list's and the form's data-testid. */
  idLista: string;
  idFormulario: string;
  /** A paragraph under the title. */
  descricao?: ReactNode;
  /** The list's columns: a title, a tag when inactive, a summary line. */
  colunas: { titulo(r: T): string; inativo?(r: T): boolean; resumo(r: T): string };
  /** Selects that filter the server's list (by the list request's fields; default: the contract's, filtrosDe). */
  filtros?: readonly FiltroCadastro[];
  /** A CSV import under a button (components/importacao); the list reloads after it. */
  importacao?: ImportacaoCadastro;
  /** The labels; each defaults to one made of the entity's species and `curto`. */
  rotulos: {
    /** The short name ("condição"): "Nova condição", "Criar condição", "Condição salva.". */
    curto?: string;
    /** The empty list, with the filters chosen (default: "Nenhuma regra de ST[ para SP]."). */
    vazia?: string | ((filtros: Readonly<Record<string, string>>) => string);
    inativo?: string;
    /** The button that opens a new record's form. */
    nova?: string;
    tituloNova?: string;
    criar?: string;
    criada?(r: T): string;
    excluida?: string | ((r: T) => string);
    excluir?: { titulo?: string; mensagem?(r: T): string };
    /** Editing (not for an entity the server does not update). */
    tituloEditar?(r: T): string;
    salvar?: string;
    salva?: string;
    /** A 409 VERSAO_DESATUALIZADA while editing. */
    conflito?: string;
  };
  formulario: {
    /** The form's rules (contracts/formularios.json): the defaults of what follows. */
    contrato?: ContratoFormulario;
    /** A new record's values other than empty (with a contrato). */
    iniciais?: Partial<ValoresFormulario>;
    esquema?: $ZodType<V>;
    vazio?: DefaultValues<V>;
    novo?(id: string, v: V): C;
    /** The form of a record being edited (not for an entity the server does not update). */
    de?(r: T): DefaultValues<V>;
    /** What changed (a versao in it is dropped: the outbox sends the one the form was opened on). */
    alteracao?(r: T, v: V): A & { versao?: unknown };
    /** The form's field of a field the server names (default: the same). */
    campo?(campoDaApi: string): string;
    /** What the form says of a refusal with these reasons (default: the server's message and fields). */
    recusas?: Partial<Record<Motivo, RecusaCadastro<V>>>;
    campos: (CampoCadastro<V> | readonly [CampoCadastro<V>, CampoCadastro<V>])[];
  };
}

const maiuscula = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The list's filters: as declared, else the contract's. */
const filtrosDaTela = <T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>(tela: TelaCadastro<T, C, A, V>): readonly FiltroCadastro[] =>
  tela.filtros ?? (tela.formulario.contrato ? filtrosDe(tela.formulario.contrato) : []);

/** "Nenhuma regra de ST." and, with filters chosen, "Nenhuma regra de ST para SP." (their options' labels). */
function vaziaPadrao(nenhuma: string, fs: readonly FiltroCadastro[]): string | ((filtros: Readonly<Record<string, string>>) => string) {
  if (!fs.length) return `${nenhuma}.`;
  return (filtros) => {
    const escolhidos = fs.flatMap((f) => (filtros[f.nome] ? [f.opcoes.find((o) => o.value === filtros[f.nome])?.label ?? filtros[f.nome]] : []));
    return `${nenhuma}${escolhidos.length ? ` para ${escolhidos.join(', ')}` : ''}.`;
  };
}

/** The labels declared, else made of the species ("condição de pagamento") and the short name. */
export function rotulosDe<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>(tela: TelaCadastro<T, C, A, V>) {
  const { um, feminino } = tela.entidade.declaracao.especie;
  const r = tela.rotulos;
  const curto = r.curto ?? um;
  const Curto = maiuscula(curto);
  const [a, o, nova, esta] = feminino ? ['a', 'a', 'Nova', 'Esta'] : ['o', 'o', 'Novo', 'Este'];
  const nome = (x: T) => tela.entidade.declaracao.nome(x);
  return {
    vazia: r.vazia ?? vaziaPadrao(`Nenhum${feminino ? 'a' : ''} ${um}`, filtrosDaTela(tela)),
    inativo: r.inativo ?? `Inativ${o}`,
    nova: r.nova ?? `${nova} ${curto}`,
    tituloNova: r.tituloNova ?? `${nova} ${um}`,
    criar: r.criar ?? `Criar ${curto}`,
    criada: r.criada ?? ((x: T) => `${Curto} ${nome(x)} criad${o}.`),
    excluida: r.excluida ?? `${Curto} excluíd${o}.`,
    excluir: { titulo: r.excluir?.titulo ?? `Excluir ${curto}`, mensagem: r.excluir?.mensagem ?? ((x: T) => `Excluir ${a} ${curto} ${nome(x)}?`) },
    tituloEditar: r.tituloEditar ?? ((x: T) => `Editar ${nome(x)}`),
    salvar: r.salvar ?? `Salvar ${curto}`,
    salva: r.salva ?? `${Curto} salv${o}.`,
    conflito: r.conflito ?? `${esta} ${curto} foi alterad${o} por outra pessoa enquanto você editava. Feche, abra de novo e refaça as suas alterações.`,
  };
}

/** The form's schema, values and payloads: as declared, else from its contract. */
function formularioDe<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>(f: TelaCadastro<T, C, A, V>['formulario']) {
  const k = f.contrato;
  const exigir = <X,>(x: X | undefined, nome: string): X => {
    if (x === undefined) throw new Error(`formulário sem ${nome} nem contrato`);
    return x;
  };
  return {
    esquema: f.esquema ?? (esquemaDe(exigir(k, 'esquema')) as unknown as $ZodType<V>),
    vazio: f.vazio ?? (valoresVazios(exigir(k, 'vazio'), f.iniciais) as DefaultValues<V>),
    novo: f.novo ?? ((id: string, v: V) => novoDe(exigir(k, 'novo'), id, v as ValoresFormulario) as unknown as C),
    de: f.de ?? (k ? (r: T) => valoresDe(k, r) as DefaultValues<V> : undefined),
    alteracao: f.alteracao ?? (k ? (r: T, v: V) => alteracaoDe(k, r, v as ValoresFormulario) as A & { versao?: unknown } : undefined),
  };
}

function Campo<V extends FieldValues>({ c, form, contrato }: { c: CampoCadastro<V>; form: UseFormReturn<V>; contrato?: ContratoFormulario }) {
  const { control } = form;
  switch (c.tipo) {
    case 'texto': {
      // Reais are shown formatted once typed (1.234,56).
      const reais = !c.aoSair && contrato && tipoDe(contrato, c.nome) === 'centavos';
      const formatar = () => {
        const t = formatarReais(String(form.getValues(c.nome) ?? ''));
        if (t !== null) form.setValue(c.nome, t as never, { shouldValidate: true });
      };
      return (
        <CampoTexto
          controle={control}
          nome={c.nome}
          nomeHtml={c.nomeHtml}
          rotulo={c.rotulo}
          max={c.max}
          placeholder={c.placeholder}
          inputMode={c.inputMode}
          ajuda={c.ajuda}
          aoSair={c.aoSair ? () => c.aoSair!(form) : reais ? formatar : undefined}
        />
      );
    }
    case 'select': {
      const opcoes = c.opcoes ?? [...(c.primeira !== undefined ? [{ value: '', label: c.primeira }] : []), ...(contrato ? opcoesDe(contrato, c.nome) : [])];
      return <CampoSelect controle={control} nome={c.nome} nomeHtml={c.nomeHtml} rotulo={c.rotulo} opcoes={opcoes} />;
    }
    case 'marcar': {
      const erro = form.getFieldState(c.nome, form.formState).error?.message;
      return (
        <>
          <CampoMarcar controle={control} nome={c.nome} nomeHtml={c.nomeHtml} rotulo={c.rotulo} />
          {erro ? (
            <p className="field-error" role="alert">
              {erro}
            </p>
          ) : null}
        </>
      );
    }
    case 'nota':
      return (
        <p className="muted" style={{ margin: 0 }}>
          {c.texto}
        </p>
      );
    default:
      return <>{c.render(form)}</>;
  }
}

const chaveDo = <V extends FieldValues>(c: CampoCadastro<V>) => (c.tipo === 'outro' || c.tipo === 'nota' ? c.chave : c.nome);

const textoDe = <A extends unknown[]>(t: string | ((...a: A) => string), ...a: A) => (typeof t === 'string' ? t : t(...a));

/** The form's message of a refusal: what the declaration says of its reason, else the server's (its fields marked). */
function recusa<V extends FieldValues>(err: Error, v: V, form: UseFormReturn<V>, f: { campo?(c: string): string; recusas?: Partial<Record<Motivo, RecusaCadastro<V>>> }): string {
  const r = err instanceof ApiError ? f.recusas?.[err.motivo as Motivo] : undefined;
  if (!r) return aplicarErrosDoServidor(err, form.setError, f.campo);
  const { mensagem, campo } = r(v);
  if (campo) form.setError(campo.nome, { type: 'servidor', message: campo.mensagem });
  return mensagem;
}

function Formulario<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>({
  tela,
  registro,
  aoFechar,
}: {
  tela: TelaCadastro<T, C, A, V>;
  registro?: T;
  aoFechar: () => void;
}) {
  const rotulos = rotulosDe(tela);
  const f = { ...tela.formulario, ...formularioDe(tela.formulario) };
  const toast = useToast();
  const [idNovo] = useState(() => novoId());
  const form = useForm<V>({
    defaultValues: registro && f.de ? f.de(registro) : f.vazio,
    resolver: resolverDe(f.esquema),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { handleSubmit } = form;
  const [erro, setErro] = useState('');
  const raiz = useRef<HTMLFormElement>(null);
  const guardada = () => toast(MENSAGEM_GUARDADA, { duration: 4000, position: 'bottom' });
  const salvar = useSalvarEntidade(tela.entidade, {
    onSuccess: (r) => {
      if (r.pendente || !r.registro) guardada();
      else toast(registro ? rotulos.salva : rotulos.criada(r.registro), { duration: 2500, position: 'bottom', color: 'success' });
      aoFechar();
    },
    onError: (err) => {
      setErro(registro && temMotivo(err, Motivo.VersaoDesatualizada) && rotulos.conflito ? rotulos.conflito : recusa(err, form.getValues(), form, f));
      irParaPrimeiroErro(raiz.current);
    },
  });
  const excluir = useExcluirConfirmado(tela, { excluida: aoFechar, recusada: (err) => setErro(mensagemDeErro(err)) });
  const enviar = handleSubmit(
    (v) => {
      setErro('');
      if (!registro || !f.alteracao) return salvar.mutate({ novo: f.novo(idNovo, v) });
      const { versao: _versao, ...mudancas } = f.alteracao(registro, v);
      void _versao;
      salvar.mutate({ registro, mudancas: mudancas as A });
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );
  return (
    <form ref={raiz} className="form-stack cartao" onSubmit={(e) => void enviar(e)} noValidate data-testid={tela.idFormulario}>
      <h3 style={{ margin: 0 }}>{registro ? rotulos.tituloEditar(registro) : rotulos.tituloNova}</h3>
      {f.campos.map((c) =>
        'tipo' in c ? (
          <Campo key={chaveDo(c)} c={c} form={form} contrato={f.contrato} />
        ) : (
          <div className="row-2" key={c.map(chaveDo).join('+')}>
            <Campo c={c[0]} form={form} contrato={f.contrato} />
            <Campo c={c[1]} form={form} contrato={f.contrato} />
          </div>
        ),
      )}
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      <div className="acoes">
        <IonButton type="submit" disabled={salvar.isPending}>
          {salvar.isPending ? <IonSpinner name="dots" /> : registro ? rotulos.salvar : rotulos.criar}
        </IonButton>
        <IonButton type="button" fill="clear" onClick={aoFechar}>
          Cancelar
        </IonButton>
        {registro ? (
          <IonButton
            type="button"
            fill="outline"
            color="danger"
            disabled={excluir.pendente}
            onClick={() => excluir.pedir(registro)}
          >
            Excluir
          </IonButton>
        ) : null}
      </div>
    </form>
  );
}

/** Deletes a record after the confirmation, through the outbox, and says so (or that it waits on the device). */
function useExcluirConfirmado<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>(
  tela: TelaCadastro<T, C, A, V>,
  quando: { excluida?: () => void; recusada: (err: Error) => void },
) {
  const rotulos = rotulosDe(tela);
  const toast = useToast();
  const confirm = useConfirm();
  const excluir = useExcluirEntidade(tela.entidade, {
    onSuccess: (x) => {
      if (x.pendente || !x.registro) toast(MENSAGEM_GUARDADA, { duration: 4000, position: 'bottom' });
      else toast(textoDe(rotulos.excluida, x.registro), { duration: 2500, position: 'bottom' });
      quando.excluida?.();
    },
    onError: quando.recusada,
  });
  return {
    pendente: excluir.isPending,
    pedir: (r: T) => void confirm({ header: rotulos.excluir.titulo, message: rotulos.excluir.mensagem(r) }).then((ok) => ok && excluir.mutate(r)),
  };
}

/** A row of an entity the server does not update: its columns and its delete button. */
function LinhaSoExcluir<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>({ tela, r }: { tela: TelaCadastro<T, C, A, V>; r: T }) {
  const { colunas } = tela;
  const rotulos = rotulosDe(tela);
  const toast = useToast();
  const excluir = useExcluirConfirmado(tela, { recusada: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }) });
  return (
    <>
      <div className="catalogo-linha">
        <strong>
          {colunas.titulo(r)}
          {colunas.inativo?.(r) ? <span className="selo-inativo">{rotulos.inativo}</span> : null}
        </strong>
        <button
          type="button"
          className="chip"
          disabled={excluir.pendente}
          onClick={() => excluir.pedir(r)}
        >
          Excluir
        </button>
      </div>
      <small>{colunas.resumo(r)}</small>
    </>
  );
}

function Importacao({ importacao: i, aoConcluir }: { importacao: ImportacaoCadastro; aoConcluir: () => void }) {
  const [aberta, setAberta] = useState(false);
  return (
    <>
      <IonButton fill="clear" size="small" onClick={() => setAberta((v) => !v)} aria-expanded={aberta}>
        {aberta ? 'Fechar importação' : i.rotulo}
      </IonButton>
      {aberta ? (
        <section className="cartao" aria-label={i.declaracao.titulo}>
          <ImportarCsv declaracao={i.declaracao} importar={i.importar} aoConcluir={aoConcluir} />
        </section>
      ) : null}
    </>
  );
}

function Cadastro<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>({ tela }: { tela: TelaCadastro<T, C, A, V> }) {
  const [filtros, setFiltros] = useState<Readonly<Record<string, string>>>({});
  const q = useListaEntidade(tela.entidade, filtros);
  const qc = useQueryClient();
  const [editando, setEditando] = useState<T | 'nova' | null>(null);
  const registros = useMemo(() => tela.entidade.registros(q.data?.pages), [q.data, tela.entidade]);
  const { colunas } = tela;
  const rotulos = rotulosDe(tela);
  const alteravel = Boolean(tela.entidade.alterar);
  return (
    <Page title={tela.titulo ?? maiuscula(tela.entidade.declaracao.especie.varios)} backHref={tela.voltar ?? '/crm-home'}>
      <div className="narrow form-stack">
        {tela.descricao ? (
          <p className="muted" style={{ margin: 0 }}>
            {tela.descricao}
          </p>
        ) : null}
        {editando ? (
          <Formulario
            key={editando === 'nova' ? 'nova' : `${editando.id}:${editando.versao}`}
            tela={tela}
            registro={editando === 'nova' ? undefined : editando}
            aoFechar={() => setEditando(null)}
          />
        ) : (
          <IonButton onClick={() => setEditando('nova')}>{rotulos.nova}</IonButton>
        )}
        {tela.importacao ? <Importacao importacao={tela.importacao} aoConcluir={() => void qc.invalidateQueries({ queryKey: tela.entidade.chave })} /> : null}
        {filtrosDaTela(tela).map((f) => (
          <SelectField key={f.nome} label={f.rotulo} name={f.nomeHtml} value={filtros[f.nome] ?? ''} onValue={(v) => setFiltros((x) => ({ ...x, [f.nome]: v }))} options={[...f.opcoes]} />
        ))}
        {q.isPending ? (
          <PageLoading />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : registros.length === 0 ? (
          <EmptyState>{textoDe(rotulos.vazia, filtros)}</EmptyState>
        ) : (
          <ul className="catalogo-lista" data-testid={tela.idLista}>
            {registros.map((r) => (
              <li key={r.id}>
                {alteravel ? (
                  <button type="button" className="catalogo-item" onClick={() => setEditando(r)} style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}>
                    <div className="catalogo-linha">
                      <strong>
                        {colunas.titulo(r)}
                        {colunas.inativo?.(r) ? <span className="selo-inativo">{rotulos.inativo}</span> : null}
                      </strong>
                    </div>
                    <small>{colunas.resumo(r)}</small>
                  </button>
                ) : (
                  <LinhaSoExcluir tela={tela} r={r} />
                )}
              </li>
            ))}
          </ul>
        )}
        <MaisPaginas consulta={q} />
      </div>
    </Page>
  );
}

/** The screen of a declared entity (a page of the router). */
export function PaginaCadastro<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>({ tela }: { tela: TelaCadastro<T, C, A, V> }) {
  return (
    <QueryBoundary>
      <Cadastro tela={tela} />
    </QueryBoundary>
  );
}
