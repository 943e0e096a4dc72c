// The ADMIN screen of a simple entity (lib/entidade): the server's list, page by page, and one
// form to create, edit and delete a record, from a declaration — the list's columns, the form's
// fields and zod schema, the labels. Writes go through the outbox: accepted, the list reloads;
// refused, the server's field errors land on the form; without a connection, they wait on the
// device and are sent when it returns.
import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../ionic/IonText';
import { Page } from '../ui/Page';
import { MaisPaginas } from '../ui/MaisPaginas';
import { QueryBoundary } from '../QueryBoundary';
import { EmptyState, ErrorState } from '../ui/ErrorState';
import { PageLoading } from '../ui/PageLoading';
import { useConfirm } from '../ui/useConfirm';
import { useToast } from '../ui/useToast';
import { CampoMarcar, CampoSelect, CampoTexto } from '../form/campos';
import { resolverDe } from '../form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../form/erros';
import { Motivo, mensagemDeErro, temMotivo } from '../../lib/api/client';
import { useExcluirEntidade, useListaEntidade, useSalvarEntidade, type Entidade, type RegistroEntidade } from '../../lib/entidade/entidade';
import { MENSAGEM_GUARDADA } from '../../lib/sync/saida';
import { novoId } from '../../lib/uuid';

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
  | { tipo: 'select'; nome: FieldPath<V>; rotulo: string; nomeHtml?: string; opcoes: readonly { value: string; label: string }[] }
  | { tipo: 'marcar'; nome: FieldPath<V>; rotulo: string; nomeHtml?: string }
  | { tipo: 'outro'; chave: string; render: (form: UseFormReturn<V>) => ReactNode };

export interface TelaCadastro<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues> {
  entidade: Entidade<T, C, A>;
  titulo: string;
  voltar: string;
  /** The list's and the form's data-testid. */
  idLista: string;
  idFormulario: string;
  /** The list's columns: a title, a tag when inactive, a summary line. */
  colunas: { titulo(r: T): string; inativo?(r: T): boolean; resumo(r: T): string };
  rotulos: {
    vazia: string;
    inativo: string;
    /** The button that opens a new record's form. */
    nova: string;
    tituloNova: string;
    tituloEditar(r: T): string;
    criar: string;
    salvar: string;
    criada(r: T): string;
    salva: string;
    excluida: string;
    /** A 409 VERSAO_DESATUALIZADA while editing. */
    conflito: string;
    excluir: { titulo: string; mensagem(r: T): string };
  };
  formulario: {
    esquema: $ZodType<V>;
    vazio: DefaultValues<V>;
    de(r: T): DefaultValues<V>;
    novo(id: string, v: V): C;
    /** What changed (a versao in it is dropped: the outbox sends the one the form was opened on). */
    alteracao(r: T, v: V): A & { versao?: unknown };
    /** The form's field of a field the server names (default: the same). */
    campo?(campoDaApi: string): string;
    campos: (CampoCadastro<V> | readonly [CampoCadastro<V>, CampoCadastro<V>])[];
  };
}

function Campo<V extends FieldValues>({ c, form }: { c: CampoCadastro<V>; form: UseFormReturn<V> }) {
  const { control } = form;
  switch (c.tipo) {
    case 'texto':
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
          aoSair={c.aoSair ? () => c.aoSair!(form) : undefined}
        />
      );
    case 'select':
      return <CampoSelect controle={control} nome={c.nome} nomeHtml={c.nomeHtml} rotulo={c.rotulo} opcoes={c.opcoes} />;
    case 'marcar':
      return <CampoMarcar controle={control} nome={c.nome} nomeHtml={c.nomeHtml} rotulo={c.rotulo} />;
    default:
      return <>{c.render(form)}</>;
  }
}

const chaveDo = <V extends FieldValues>(c: CampoCadastro<V>) => (c.tipo === 'outro' ? c.chave : c.nome);

function Formulario<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>({
  tela,
  registro,
  aoFechar,
}: {
  tela: TelaCadastro<T, C, A, V>;
  registro?: T;
  aoFechar: () => void;
}) {
  const { rotulos, formulario: f } = tela;
  const toast = useToast();
  const confirm = useConfirm();
  const [idNovo] = useState(() => novoId());
  const form = useForm<V>({
    defaultValues: registro ? f.de(registro) : f.vazio,
    resolver: resolverDe(f.esquema),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { handleSubmit, setError } = form;
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
      setErro(temMotivo(err, Motivo.VersaoDesatualizada) ? rotulos.conflito : aplicarErrosDoServidor(err, setError, f.campo));
      irParaPrimeiroErro(raiz.current);
    },
  });
  const excluir = useExcluirEntidade(tela.entidade, {
    onSuccess: (r) => {
      if (r.pendente) guardada();
      else toast(rotulos.excluida, { duration: 2500, position: 'bottom' });
      aoFechar();
    },
    onError: (err) => setErro(mensagemDeErro(err)),
  });
  const enviar = handleSubmit(
    (v) => {
      setErro('');
      if (!registro) return salvar.mutate({ novo: f.novo(idNovo, v) });
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
          <Campo key={chaveDo(c)} c={c} form={form} />
        ) : (
          <div className="row-2" key={c.map(chaveDo).join('+')}>
            <Campo c={c[0]} form={form} />
            <Campo c={c[1]} form={form} />
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
            disabled={excluir.isPending}
            onClick={() => void confirm({ header: rotulos.excluir.titulo, message: rotulos.excluir.mensagem(registro) }).then((ok) => ok && excluir.mutate(registro))}
          >
            Excluir
          </IonButton>
        ) : null}
      </div>
    </form>
  );
}

function Cadastro<T extends RegistroEntidade, C extends { id?: string }, A, V extends FieldValues>({ tela }: { tela: TelaCadastro<T, C, A, V> }) {
  const q = useListaEntidade(tela.entidade);
  const [editando, setEditando] = useState<T | 'nova' | null>(null);
  const registros = useMemo(() => tela.entidade.registros(q.data?.pages), [q.data, tela.entidade]);
  const { colunas, rotulos } = tela;
  return (
    <Page title={tela.titulo} backHref={tela.voltar}>
      <div className="narrow form-stack">
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
        {q.isPending ? (
          <PageLoading />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : registros.length === 0 ? (
          <EmptyState>{rotulos.vazia}</EmptyState>
        ) : (
          <ul className="catalogo-lista" data-testid={tela.idLista}>
            {registros.map((r) => (
              <li key={r.id}>
                <button type="button" className="catalogo-item" onClick={() => setEditando(r)} style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}>
                  <div className="catalogo-linha">
                    <strong>
                      {colunas.titulo(r)}
                      {colunas.inativo?.(r) ? <span className="selo-inativo">{rotulos.inativo}</span> : null}
                    </strong>
                  </div>
                  <small>{colunas.resumo(r)}</small>
                </button>
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
