import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { CampoMarcar, CampoTexto } from '../../../components/form/campos';
import { resolverDe } from '../../../components/form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { ImportarCsv } from '../../../components/importacao/ImportarCsv';
import { Motivo, mensagemDeErro, temMotivo } from '../../../lib/api/client';
import type { TabelaPreco } from '../../../lib/api/types';
import { novoId } from '../../../lib/uuid';
import { useRegioes } from '../api/opcoes';
import { importarPrecos, useAposImportarPrecos } from '../api/precos';
import { useExcluirTabela, useSalvarTabela, useTabela } from '../api/tabelas';
import { UFS } from '../utils/comum';
import { IMPORTACAO_PRECOS } from '../utils/importacoes';
import { alteracaoDaTabela, aQuemSeAplica, campoDaTabela, daTabela, esquemaTabela, novaTabela, TABELA_VAZIA, vigencia, type ValoresTabela } from '../utils/tabela';
import { Chips, SeletorClientes } from './Seletores';
import { PrecosDaTabela } from './PrecosDaTabela';
import { formatarPercentual } from '../../../lib/format/percentual';
import './catalogo.css';

const MSG_VERSAO = 'Esta tabela foi alterada por outra pessoa enquanto você editava. Recarregue para ver a versão atual e refaça as suas alterações.';

function Formulario({ tabela, aoRecarregar }: { tabela?: TabelaPreco; aoRecarregar?: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const [idNovo] = useState(() => novoId());
  const regioes = useRegioes();
  const form = useForm<ValoresTabela>({
    defaultValues: tabela ? daTabela(tabela) : TABELA_VAZIA,
    resolver: resolverDe(esquemaTabela),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, formState } = form;
  const [erro, setErro] = useState('');
  const [versao, setVersao] = useState(false);
  const raiz = useRef<HTMLFormElement>(null);

  const salvar = useSalvarTabela({
    onSuccess: (t) => {
      toast(tabela ? 'Tabela salva.' : 'Tabela criada. Agora defina os preços.', { duration: 2500, position: 'bottom', color: 'success' });
      if (!tabela) navigate(`/admin/tabelas-preco/${encodeURIComponent(t.id)}`, { replace: true });
    },
    onError: (err) => {
      if (temMotivo(err, Motivo.VersaoDesatualizada)) {
        setErro(MSG_VERSAO);
        setVersao(true);
      } else setErro(aplicarErrosDoServidor(err, setError, campoDaTabela));
      irParaPrimeiroErro(raiz.current);
    },
  });
  const excluir = useExcluirTabela({
    onSuccess: () => {
      toast('Tabela excluída.', { duration: 2500, position: 'bottom' });
      navigate('/admin/tabelas-preco', { replace: true });
    },
    onError: (err) => setErro(temMotivo(err, Motivo.VersaoDesatualizada) ? MSG_VERSAO : mensagemDeErro(err)),
  });

  const enviar = handleSubmit(
    (v) => {
      setErro('');
      setVersao(false);
      salvar.mutate(tabela ? { id: tabela.id, alteracao: alteracaoDaTabela(tabela, v) } : { novo: novaTabela(idNovo, v) });
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );

  const opcoesRegioes = useMemo(() => (regioes.data ?? []).map((r) => ({ valor: r.id, rotulo: r.nome })), [regioes.data]);
  const opcoesUfs = useMemo(() => UFS.map((u) => ({ valor: u, rotulo: u })), []);

  return (
    <form ref={raiz} className="form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-tabela">
      <CampoTexto controle={control} nome="nome" rotulo="Nome" max={120} />
      <CampoMarcar controle={control} nome="padrao" rotulo="Tabela padrão da empresa (vale quando nenhuma outra vale)" />
      <div className="row-2">
        <CampoTexto controle={control} nome="inicio" nomeHtml="validade_inicio" rotulo="Válida de" type="date" />
        <CampoTexto controle={control} nome="fim" nomeHtml="validade_fim" rotulo="Válida até" type="date" ajuda="Vazio: sem fim" />
      </div>
      <CampoTexto
        controle={control}
        nome="desconto"
        nomeHtml="desconto_percentual"
        rotulo="Desconto sobre todos os preços (%)"
        inputMode="decimal"
        ajuda="Negativo é acréscimo: -2 aumenta 2%."
      />
      <Controller
        control={control}
        name="clientes"
        render={({ field }) => <SeletorClientes rotulo="Clientes desta tabela" nome="clientes" valores={field.value} aoMudar={field.onChange} vazio="Nenhum cliente." />}
      />
      <Controller
        control={control}
        name="regioes"
        render={({ field }) => (
          <Chips rotulo="Regiões" nome="regioes" opcoes={opcoesRegioes} valores={field.value} aoMudar={field.onChange} vazio={regioes.isPending ? 'Carregando regiões…' : 'Nenhuma região cadastrada.'} />
        )}
      />
      <Controller control={control} name="ufs" render={({ field }) => <Chips rotulo="UFs" nome="ufs" opcoes={opcoesUfs} valores={field.value} aoMudar={field.onChange} />} />
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      {versao && aoRecarregar ? (
        <IonButton fill="outline" onClick={aoRecarregar}>
          Recarregar tabela
        </IonButton>
      ) : null}
      <IonButton type="submit" expand="block" disabled={salvar.isPending || (!!tabela && !formState.isDirty)}>
        {salvar.isPending ? <IonSpinner name="dots" /> : tabela ? 'Salvar tabela' : 'Criar tabela'}
      </IonButton>
      {tabela ? (
        <IonButton
          type="button"
          fill="outline"
          color="danger"
          disabled={excluir.isPending}
          onClick={() =>
            void confirm({ header: 'Excluir tabela', message: `Excluir a tabela ${tabela.nome}? Os clientes dela passam a usar a próxima tabela que vale para eles.` }).then(
              (ok) => ok && excluir.mutate(tabela),
            )
          }
        >
          Excluir tabela
        </IonButton>
      ) : null}
    </form>
  );
}

function Editar({ id }: { id: string }) {
  const q = useTabela(id);
  const [importando, setImportando] = useState(false);
  const aposImportar = useAposImportarPrecos(id);
  if (q.isPending) return <PageLoading />;
  if (!q.data)
    return (
      <Page title="Tabela de preço" backHref="/admin/tabelas-preco">
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      </Page>
    );
  const t = q.data;
  return (
    <Page title={t.nome} backHref="/admin/tabelas-preco" className="tela-larga">
      <div className="narrow">
        <details className="secao cartao" data-testid="dados-tabela">
          <summary>
            <strong>Dados da tabela</strong>
            <br />
            <small className="muted">
              {aQuemSeAplica(t)} · {vigencia(t)}
              {t.desconto_percentual ? ` · desconto de ${formatarPercentual(t.desconto_percentual)}` : ''}
            </small>
          </summary>
          <Formulario key={`${t.id}:${t.versao}`} tabela={t} aoRecarregar={() => void q.refetch()} />
        </details>
        <section className="secao" aria-label="Preços">
          <h3>Preços</h3>
          <IonButton fill="clear" size="small" onClick={() => setImportando((v) => !v)} aria-expanded={importando}>
            {importando ? 'Fechar importação' : 'Importar preços (CSV)'}
          </IonButton>
          {importando ? (
            <div className="cartao">
              <ImportarCsv declaracao={IMPORTACAO_PRECOS} importar={(csv, validar) => importarPrecos(t.id, csv, validar)} aoConcluir={aposImportar} />
            </div>
          ) : null}
          <PrecosDaTabela tabelaId={t.id} />
        </section>
      </div>
    </Page>
  );
}

export default function TabelaPrecoPage() {
  const { id = '' } = useParams();
  return (
    <QueryBoundary>
      {id === 'nova' ? (
        <Page title="Nova tabela de preço" backHref="/admin/tabelas-preco">
          <div className="narrow cartao">
            <Formulario />
          </div>
        </Page>
      ) : (
        <Editar id={id} />
      )}
    </QueryBoundary>
  );
}
