import { useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SelectField } from '../../../components/ui/SelectField';
import { useToast } from '../../../components/ui/useToast';
import { NOMES_PERFIL } from '../../../components/navigation';
import { CampoMarcar, CampoSelect, CampoTexto } from '../../../components/form/campos';
import { resolverDe } from '../../../components/form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { Motivo, temMotivo } from '../../../lib/api/client';
import type { PoliticaComercial } from '../../../lib/api/types';
import { useOperadoresDaEmpresa } from '../api/opcoes';
import { useDefinirPolitica, usePolitica } from '../api/politica';
import { UFS } from '../utils/comum';
import {
  campoDaPolitica,
  daPolitica,
  esquemaPolitica,
  MOTIVOS_APROVACAO,
  novaPromocao,
  novoLimite,
  novoVendedor,
  novoVolume,
  pedidoDaPolitica,
  type MotivoAprovacao,
  type ValoresPolitica,
} from '../utils/politica';
import { SeletorProduto } from './Seletores';
import './catalogo.css';

const ALVOS_PROMOCAO = [
  { value: 'grupo', label: 'Um grupo' },
  { value: 'produto', label: 'Um produto' },
];
const ALVOS_VOLUME = [{ value: 'todos', label: 'Todos os produtos' }, ...ALVOS_PROMOCAO];

function Remover({ onClick, rotulo }: { onClick: () => void; rotulo: string }) {
  return (
    <button type="button" className="chip" onClick={onClick} aria-label={rotulo}>
      Remover
    </button>
  );
}

function Vendedores({ control }: { control: Control<ValoresPolitica> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'vendedores', keyName: 'chave' });
  const ops = useOperadoresDaEmpresa();
  const nomes = useMemo(() => new Map((ops.data ?? []).map((o) => [o.id, `${o.nome_operador} (${NOMES_PERFIL[o.perfil_app] ?? o.perfil_app})`])), [ops.data]);
  const usados = new Set(fields.map((f) => f.id));
  const candidatos = (ops.data ?? []).filter((o) => o.ativo && o.perfil_app !== 'ADMIN' && !usados.has(o.id)).sort((a, b) => a.nome_operador.localeCompare(b.nome_operador, 'pt-BR'));
  return (
    <section className="secao" aria-label="Por vendedor">
      <h3>Por vendedor</h3>
      <p className="muted" style={{ marginTop: 0 }}>
        Desconto máximo por linha, verba flex, pedido mínimo e verba mensal de bonificação de cada um. Quem não está aqui usa o desconto máximo padrão.
      </p>
      {fields.map((f, i) => (
        <div key={f.chave} className="catalogo-sub" data-testid="linha-vendedor">
          <div className="catalogo-linha">
            <strong>{nomes.get(f.id) ?? f.id}</strong>
            <Remover onClick={() => remove(i)} rotulo={`Remover ${nomes.get(f.id) ?? f.id}`} />
          </div>
          <div className="row-3 campos-vendedor">
            <CampoTexto controle={control} nome={`vendedores.${i}.desconto`} nomeHtml="desconto_maximo_percentual" rotulo="Desconto máx. (%)" inputMode="decimal" />
            <CampoTexto controle={control} nome={`vendedores.${i}.saldoFlex`} nomeHtml="saldo_flex" rotulo="Verba flex (R$)" inputMode="decimal" />
            <CampoTexto controle={control} nome={`vendedores.${i}.pedidoMinimo`} nomeHtml="pedido_minimo" rotulo="Pedido mín. (R$)" inputMode="decimal" />
            <CampoTexto controle={control} nome={`vendedores.${i}.verbaBonificacao`} nomeHtml="verba_bonificacao" rotulo="Verba bonif./mês (R$)" inputMode="decimal" />
          </div>
          <Controller control={control} name={`vendedores.${i}.id`} render={({ fieldState }) => (fieldState.error ? <p className="field-error">{fieldState.error.message}</p> : <></>)} />
        </div>
      ))}
      {candidatos.length ? (
        <SelectField
          label="Incluir vendedor"
          name="incluir-vendedor"
          value=""
          onValue={(id) => id && append(novoVendedor(id))}
          options={[{ value: '', label: 'Escolha um operador' }, ...candidatos.map((o) => ({ value: o.id, label: `${o.nome_operador} (${NOMES_PERFIL[o.perfil_app] ?? o.perfil_app})` }))]}
        />
      ) : ops.isPending ? (
        <p className="muted">Carregando operadores…</p>
      ) : null}
    </section>
  );
}

function LimitesGrupo({ control }: { control: Control<ValoresPolitica> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'limitesGrupo', keyName: 'chave' });
  return (
    <section className="secao" aria-label="Limites por grupo">
      <h3>Limites por grupo</h3>
      <p className="muted" style={{ marginTop: 0 }}>
        Um teto menor para o desconto do vendedor nos produtos de um grupo.
      </p>
      {fields.map((f, i) => (
        <div key={f.chave} className="catalogo-sub">
          <div className="row-3">
            <CampoTexto controle={control} nome={`limitesGrupo.${i}.grupo`} nomeHtml="grupo" rotulo="Grupo" />
            <CampoTexto controle={control} nome={`limitesGrupo.${i}.desconto`} nomeHtml="desconto_maximo_percentual" rotulo="Desconto máx. (%)" inputMode="decimal" />
          </div>
          <Remover onClick={() => remove(i)} rotulo="Remover limite" />
        </div>
      ))}
      <button type="button" className="chip" onClick={() => append(novoLimite())}>
        + Limite de grupo
      </button>
    </section>
  );
}

function Alvo({ control, nome, i, alvo }: { control: Control<ValoresPolitica>; nome: 'promocoes' | 'descontosVolume'; i: number; alvo: string }) {
  if (alvo === 'grupo') return <CampoTexto controle={control} nome={`${nome}.${i}.grupo`} nomeHtml="grupo" rotulo="Grupo" />;
  if (alvo === 'produto')
    return (
      <Controller
        control={control}
        name={`${nome}.${i}.produtoId`}
        render={({ field, fieldState }) => <SeletorProduto rotulo="Produto" nome={`${nome}-${i}`} valor={field.value} aoMudar={field.onChange} erro={fieldState.error?.message} />}
      />
    );
  return null;
}

function Promocoes({ control, watch }: { control: Control<ValoresPolitica>; watch: (n: `promocoes.${number}.alvo`) => string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'promocoes', keyName: 'chave' });
  return (
    <section className="secao" aria-label="Promoções">
      <h3>Promoções</h3>
      <p className="muted" style={{ marginTop: 0 }}>
        Desconto com datas, de um produto ou de um grupo. Vale a maior promoção vigente.
      </p>
      {fields.map((f, i) => (
        <div key={f.chave} className="catalogo-sub" data-testid="linha-promocao">
          <div className="row-2">
            <CampoSelect controle={control} nome={`promocoes.${i}.alvo`} rotulo="Vale para" opcoes={ALVOS_PROMOCAO} />
            <CampoTexto controle={control} nome={`promocoes.${i}.percentual`} nomeHtml="percentual" rotulo="Desconto (%)" inputMode="decimal" />
          </div>
          <Alvo control={control} nome="promocoes" i={i} alvo={watch(`promocoes.${i}.alvo`)} />
          <div className="row-2">
            <CampoTexto controle={control} nome={`promocoes.${i}.inicio`} nomeHtml="inicio" rotulo="De" type="date" />
            <CampoTexto controle={control} nome={`promocoes.${i}.fim`} nomeHtml="fim" rotulo="Até" type="date" />
          </div>
          <Remover onClick={() => remove(i)} rotulo="Remover promoção" />
        </div>
      ))}
      <button type="button" className="chip" onClick={() => append(novaPromocao())}>
        + Promoção
      </button>
    </section>
  );
}

function Volumes({ control, watch }: { control: Control<ValoresPolitica>; watch: (n: `descontosVolume.${number}.alvo`) => string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'descontosVolume', keyName: 'chave' });
  return (
    <section className="secao" aria-label="Descontos por volume">
      <h3>Descontos por volume</h3>
      <p className="muted" style={{ marginTop: 0 }}>
        A partir de N unidades na linha do pedido, X% de desconto. Vale a maior faixa alcançada.
      </p>
      {fields.map((f, i) => (
        <div key={f.chave} className="catalogo-sub" data-testid="linha-volume">
          <CampoSelect controle={control} nome={`descontosVolume.${i}.alvo`} rotulo="Vale para" opcoes={ALVOS_VOLUME} />
          <Alvo control={control} nome="descontosVolume" i={i} alvo={watch(`descontosVolume.${i}.alvo`)} />
          <div className="row-2">
            <CampoTexto controle={control} nome={`descontosVolume.${i}.quantidade`} nomeHtml="quantidade_minima" rotulo="A partir de (unidades)" inputMode="numeric" />
            <CampoTexto controle={control} nome={`descontosVolume.${i}.percentual`} nomeHtml="percentual" rotulo="Desconto (%)" inputMode="decimal" />
          </div>
          <Remover onClick={() => remove(i)} rotulo="Remover desconto por volume" />
        </div>
      ))}
      <button type="button" className="chip" onClick={() => append(novoVolume())}>
        + Desconto por volume
      </button>
    </section>
  );
}

function Formulario({ politica, aoRecarregar }: { politica: PoliticaComercial; aoRecarregar: () => void }) {
  const toast = useToast();
  const form = useForm<ValoresPolitica>({ defaultValues: daPolitica(politica), resolver: resolverDe(esquemaPolitica), mode: 'onTouched', shouldFocusError: false });
  const { control, handleSubmit, setError, watch, formState } = form;
  const [erro, setErro] = useState('');
  const [versao, setVersao] = useState(false);
  const raiz = useRef<HTMLFormElement>(null);
  const definir = useDefinirPolitica({
    onSuccess: () => toast('Política comercial salva.', { duration: 2500, position: 'bottom', color: 'success' }),
    onError: (err) => {
      if (temMotivo(err, Motivo.VersaoDesatualizada)) {
        setVersao(true);
        setErro('A política foi alterada por outra pessoa enquanto você editava. Recarregue para ver a versão atual e refaça as suas alterações.');
      } else setErro(aplicarErrosDoServidor(err, setError, campoDaPolitica));
      irParaPrimeiroErro(raiz.current);
    },
  });
  const enviar = handleSubmit(
    (v) => {
      setErro('');
      setVersao(false);
      definir.mutate(pedidoDaPolitica(v, politica.versao));
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );
  return (
    <form ref={raiz} className="narrow form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-politica">
      <section className="secao cartao" aria-label="Geral">
        <div className="row-2">
          <CampoSelect controle={control} nome="ufOrigem" nomeHtml="uf_origem" rotulo="UF de origem" opcoes={[{ value: '', label: 'Não informada' }, ...UFS.map((u) => ({ value: u, label: u }))]} />
          <CampoTexto controle={control} nome="descontoPadrao" nomeHtml="desconto_maximo_padrao_percentual" rotulo="Desconto máximo padrão (%)" inputMode="decimal" />
        </div>
        <CampoMarcar controle={control} nome="flex" nomeHtml="flex_permitido" rotulo="Usa verba flex (desconto acima do limite debita a verba do vendedor)" />
        <CampoMarcar
          controle={control}
          nome="simplesNacional"
          nomeHtml="simples_nacional"
          rotulo="Empresa optante pelo Simples Nacional (na ST entre estados usa a MVA original, nunca a ajustada)"
        />
      </section>
      <Vendedores control={control} />
      <section className="secao" aria-label="Bloqueios">
        <h3>Bloquear em vez de pedir aprovação</h3>
        <p className="muted" style={{ marginTop: 0 }}>
          Um pedido com um destes motivos não é enviado (o vendedor vê o motivo). Os demais motivos mandam o pedido para a aprovação do supervisor.
        </p>
        {(Object.keys(MOTIVOS_APROVACAO) as MotivoAprovacao[]).map((m) => (
          <CampoMarcar key={m} controle={control} nome={`bloqueios.${m}`} nomeHtml={m} rotulo={MOTIVOS_APROVACAO[m]} />
        ))}
      </section>
      <LimitesGrupo control={control} />
      <Promocoes control={control} watch={(n) => watch(n)} />
      <Volumes control={control} watch={(n) => watch(n)} />
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      {versao ? (
        <IonButton fill="outline" onClick={aoRecarregar}>
          Recarregar política
        </IonButton>
      ) : null}
      <IonButton type="submit" expand="block" disabled={definir.isPending || !formState.isDirty}>
        {definir.isPending ? <IonSpinner name="dots" /> : 'Salvar política'}
      </IonButton>
      {formState.isDirty ? (
        <IonButton type="button" fill="clear" onClick={() => form.reset(daPolitica(politica))}>
          Descartar alterações
        </IonButton>
      ) : null}
      <div style={{ height: 40 }} />
    </form>
  );
}

function Politica() {
  const q = usePolitica();
  if (q.isPending) return <PageLoading />;
  return (
    <Page title="Política comercial" backHref="/crm-home" className="tela-larga">
      {q.data ? (
        <Formulario key={q.data.versao} politica={q.data} aoRecarregar={() => void q.refetch()} />
      ) : (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      )}
    </Page>
  );
}

export default function PoliticaPage() {
  return (
    <QueryBoundary>
      <Politica />
    </QueryBoundary>
  );
}
