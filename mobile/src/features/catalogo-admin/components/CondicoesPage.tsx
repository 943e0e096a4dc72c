import { useMemo, useRef, useState } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { Controller, useForm } from 'react-hook-form';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { CampoMarcar, CampoSelect, CampoTexto } from '../../../components/form/campos';
import { resolverDe } from '../../../components/form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { Motivo, mensagemDeErro, temMotivo } from '../../../lib/api/client';
import type { CondicaoPagamento } from '../../../lib/api/types';
import { centavosParaReais, formatarMoeda, reaisParaCentavos } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';
import { novoId } from '../../../lib/uuid';
import { useCondicoes, useExcluirCondicao, useSalvarCondicao } from '../api/condicoes';
import {
  alteracaoDaCondicao,
  campoDaCondicao,
  CONDICAO_VAZIA,
  daCondicao,
  descreverParcelas,
  esquemaCondicao,
  FORMAS,
  nomeDaForma,
  novaCondicao,
  type ValoresCondicao,
} from '../utils/condicao';
import { SeletorClientes } from './Seletores';
import './catalogo.css';

/** "28/35/42 dias · Boleto · +1,5% · mínimo R$ 300,00". */
export function resumoCondicao(c: CondicaoPagamento): string {
  const partes = [descreverParcelas(c.parcelas_dias), nomeDaForma(c.forma)];
  if (c.acrescimo_percentual > 0) partes.push(`acréscimo de ${formatarPercentual(c.acrescimo_percentual)}`);
  if (c.acrescimo_percentual < 0) partes.push(`desconto de ${formatarPercentual(-c.acrescimo_percentual)}`);
  if (c.valor_minimo_centavos && c.valor_minimo_centavos !== '0') partes.push(`mínimo ${formatarMoeda(c.valor_minimo_centavos)}`);
  if (c.clientes?.length) partes.push(`${c.clientes.length} cliente(s)`);
  return partes.join(' · ');
}

function Formulario({ condicao, aoFechar }: { condicao?: CondicaoPagamento; aoFechar: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [idNovo] = useState(() => novoId());
  const form = useForm<ValoresCondicao>({
    defaultValues: condicao ? daCondicao(condicao) : CONDICAO_VAZIA,
    resolver: resolverDe(esquemaCondicao),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, getValues } = form;
  const [erro, setErro] = useState('');
  const raiz = useRef<HTMLFormElement>(null);
  const salvar = useSalvarCondicao({
    onSuccess: (c) => {
      toast(condicao ? 'Condição salva.' : `Condição ${c.nome} criada.`, { duration: 2500, position: 'bottom', color: 'success' });
      aoFechar();
    },
    onError: (err) => {
      setErro(
        temMotivo(err, Motivo.VersaoDesatualizada)
          ? 'Esta condição foi alterada por outra pessoa enquanto você editava. Feche, abra de novo e refaça as suas alterações.'
          : aplicarErrosDoServidor(err, setError, campoDaCondicao),
      );
      irParaPrimeiroErro(raiz.current);
    },
  });
  const excluir = useExcluirCondicao({
    onSuccess: () => {
      toast('Condição excluída.', { duration: 2500, position: 'bottom' });
      aoFechar();
    },
    onError: (err) => setErro(mensagemDeErro(err)),
  });
  const enviar = handleSubmit(
    (v) => {
      setErro('');
      salvar.mutate(condicao ? { id: condicao.id, alteracao: alteracaoDaCondicao(condicao, v) } : { novo: novaCondicao(idNovo, v) });
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );
  return (
    <form ref={raiz} className="form-stack cartao" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-condicao">
      <h3 style={{ margin: 0 }}>{condicao ? `Editar ${condicao.nome}` : 'Nova condição de pagamento'}</h3>
      <CampoTexto controle={control} nome="nome" rotulo="Nome" max={120} placeholder="28/35/42 boleto" />
      <div className="row-2">
        <CampoTexto controle={control} nome="parcelas" nomeHtml="parcelas_dias" rotulo="Parcelas (dias)" inputMode="numeric" placeholder="28/35/42" ajuda="Vazio ou 0: à vista" />
        <CampoSelect controle={control} nome="forma" rotulo="Forma" opcoes={FORMAS} />
      </div>
      <div className="row-2">
        <CampoTexto controle={control} nome="acrescimo" nomeHtml="acrescimo_percentual" rotulo="Acréscimo (%)" inputMode="decimal" ajuda="Negativo é desconto: -2 para PIX." />
        <CampoTexto
          controle={control}
          nome="minimo"
          nomeHtml="valor_minimo"
          rotulo="Pedido mínimo (R$)"
          inputMode="decimal"
          placeholder="Sem mínimo"
          aoSair={() => {
            const c = reaisParaCentavos(getValues('minimo'));
            if (c !== null && c !== '0' && !c.startsWith('-')) form.setValue('minimo', centavosParaReais(c), { shouldValidate: true });
          }}
        />
      </div>
      <CampoMarcar controle={control} nome="usaLimite" nomeHtml="usa_limite_credito" rotulo="Respeita o limite de crédito do cliente" />
      <CampoMarcar controle={control} nome="ativo" rotulo="Ativa" />
      <Controller
        control={control}
        name="clientes"
        render={({ field }) => <SeletorClientes rotulo="Clientes que podem usar" nome="clientes" valores={field.value} aoMudar={field.onChange} vazio="Todos os clientes." />}
      />
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      <div className="acoes">
        <IonButton type="submit" disabled={salvar.isPending}>
          {salvar.isPending ? <IonSpinner name="dots" /> : condicao ? 'Salvar condição' : 'Criar condição'}
        </IonButton>
        <IonButton type="button" fill="clear" onClick={aoFechar}>
          Cancelar
        </IonButton>
        {condicao ? (
          <IonButton
            type="button"
            fill="outline"
            color="danger"
            disabled={excluir.isPending}
            onClick={() => void confirm({ header: 'Excluir condição', message: `Excluir a condição ${condicao.nome}? Ela deixa de ser oferecida nos pedidos.` }).then((ok) => ok && excluir.mutate(condicao))}
          >
            Excluir
          </IonButton>
        ) : null}
      </div>
    </form>
  );
}

function Condicoes() {
  const q = useCondicoes();
  const [editando, setEditando] = useState<CondicaoPagamento | 'nova' | null>(null);
  const condicoes = useMemo(() => q.data?.pages.flatMap((p) => p.condicoes) ?? [], [q.data]);
  return (
    <Page title="Condições de pagamento" backHref="/crm-home">
      <div className="narrow form-stack">
        {editando ? (
          <Formulario key={editando === 'nova' ? 'nova' : `${editando.id}:${editando.versao}`} condicao={editando === 'nova' ? undefined : editando} aoFechar={() => setEditando(null)} />
        ) : (
          <IonButton onClick={() => setEditando('nova')}>Nova condição</IonButton>
        )}
        {q.isPending ? (
          <PageLoading />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : condicoes.length === 0 ? (
          <EmptyState>Nenhuma condição de pagamento.</EmptyState>
        ) : (
          <ul className="catalogo-lista" data-testid="lista-condicoes">
            {condicoes.map((c) => (
              <li key={c.id}>
                <button type="button" className="catalogo-item" onClick={() => setEditando(c)} style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}>
                  <div className="catalogo-linha">
                    <strong>
                      {c.nome}
                      {!c.ativo ? <span className="selo-inativo">Inativa</span> : null}
                    </strong>
                  </div>
                  <small>{resumoCondicao(c)}</small>
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

export default function CondicoesPage() {
  return (
    <QueryBoundary>
      <Condicoes />
    </QueryBoundary>
  );
}
