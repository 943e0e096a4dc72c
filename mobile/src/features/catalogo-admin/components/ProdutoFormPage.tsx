import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
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
import { Motivo, mensagemDeErro, temMotivo } from '../../../lib/api/client';
import type { Produto } from '../../../lib/api/types';
import { formatarDataHora } from '../../../lib/format/date';
import { novoId } from '../../../lib/uuid';
import { useExcluirProduto, useProduto, useSalvarProduto, type SalvarProduto } from '../api/produtos';
import { alteracaoDoProduto, camposDoProduto, campoDoServidor, doProduto, esquemaProduto, LIMITES_PRODUTO, PRODUTO_VAZIO, type ValoresProduto } from '../utils/produto';
import { FotoProduto } from './FotoProduto';
import './catalogo.css';

/** The pt-BR message of a 409 on a product, or '' for other errors. */
export function mensagemDeConflito(err: unknown, codigo: string): string {
  if (temMotivo(err, 'CODIGO_DUPLICADO')) return `Já existe um produto com o código ${codigo.trim()}. Use outro código ou abra o produto existente.`;
  if (temMotivo(err, Motivo.VersaoDesatualizada))
    return 'Este produto foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual e refaça as suas alterações.';
  return '';
}

export function FormularioProduto({ produto, aoRecarregar }: { produto?: Produto; aoRecarregar?: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const novo = !produto;
  // The product as the server has it now: a photo saved here changes its versao (and only that),
  // so the form's save and delete go on the new versao.
  const [base, setBase] = useState(produto);
  // One id per form: a retried create returns the same product.
  const [idNovo] = useState(() => novoId());
  const form = useForm<ValoresProduto>({
    defaultValues: produto ? doProduto(produto) : PRODUTO_VAZIO,
    resolver: resolverDe(esquemaProduto),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, getValues, formState } = form;
  const [erro, setErro] = useState('');
  const [conflito, setConflito] = useState<{ tipo: 'codigo'; produtoId: string } | { tipo: 'versao' } | null>(null);
  const raiz = useRef<HTMLFormElement>(null);

  const salvar = useSalvarProduto({
    onSuccess: (p) => {
      toast(novo ? 'Produto cadastrado.' : 'Alterações salvas.', { duration: 2500, position: 'bottom', color: 'success' });
      if (novo) navigate(`/admin/produtos/${encodeURIComponent(p.id)}`, { replace: true });
      else navigate('/admin/produtos', { replace: true });
    },
    onError: (err) => {
      const conf = mensagemDeConflito(err, getValues('codigo'));
      if (conf) {
        setErro(conf);
        if (temMotivo(err, 'CODIGO_DUPLICADO')) {
          setError('codigo', { type: 'servidor', message: 'Este código já está em uso.' });
          setConflito({ tipo: 'codigo', produtoId: err.detalhes.produto_id ?? '' });
        } else setConflito({ tipo: 'versao' });
      } else setErro(aplicarErrosDoServidor(err, setError, campoDoServidor));
      irParaPrimeiroErro(raiz.current);
    },
  });

  const excluir = useExcluirProduto({
    onSuccess: () => {
      toast('Produto excluído.', { duration: 2500, position: 'bottom' });
      navigate('/admin/produtos', { replace: true });
    },
    onError: (err) => setErro(mensagemDeConflito(err, base?.codigo ?? '') || mensagemDeErro(err)),
  });

  const enviar = handleSubmit(
    (v) => {
      setErro('');
      setConflito(null);
      const s: SalvarProduto = base ? { id: base.id, alteracao: alteracaoDoProduto(base, v) } : { novo: { id: idNovo, ...camposDoProduto(v) } };
      salvar.mutate(s);
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );

  async function confirmarExclusao() {
    if (!base) return;
    const ok = await confirm({
      header: 'Excluir produto',
      message: `Excluir ${base.codigo} — ${base.descricao}? Ele sai do catálogo e das tabelas de preço; o código continua reservado.`,
    });
    if (ok) excluir.mutate(base);
  }

  return (
    <form ref={raiz} className="narrow form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-produto">
      {base ? <FotoProduto produto={base} aoMudar={setBase} /> : <p className="muted">A foto pode ser escolhida depois de cadastrar o produto.</p>}
      <div className="row-3">
        <CampoTexto controle={control} nome="codigo" rotulo="Código" max={LIMITES_PRODUTO.codigo} autoCapitalize="characters" />
        <CampoTexto controle={control} nome="unidade" rotulo="Unidade" max={LIMITES_PRODUTO.unidade} autoCapitalize="characters" ajuda="UN, CX, FD…" />
      </div>
      <CampoTexto controle={control} nome="descricao" rotulo="Descrição" max={LIMITES_PRODUTO.descricao} />
      <div className="row-2">
        <CampoTexto controle={control} nome="grupo" rotulo="Grupo" max={LIMITES_PRODUTO.grupo} />
        <CampoTexto controle={control} nome="marca" rotulo="Marca" max={LIMITES_PRODUTO.marca} />
      </div>
      <div className="row-2">
        <CampoTexto controle={control} nome="multiplo" nomeHtml="multiplo_venda" rotulo="Múltiplo de venda" inputMode="numeric" ajuda="A quantidade do pedido é múltipla dele." />
        <CampoTexto controle={control} nome="unidadesCaixa" nomeHtml="unidades_caixa" rotulo="Unidades por caixa" inputMode="numeric" />
      </div>
      <CampoTexto controle={control} nome="ean" rotulo="Código de barras (EAN-13)" inputMode="numeric" />
      <div className="row-2">
        <CampoTexto controle={control} nome="ncm" rotulo="NCM" inputMode="numeric" ajuda="8 dígitos" />
        <CampoTexto controle={control} nome="ipi" nomeHtml="ipi_percentual" rotulo="IPI (%)" inputMode="decimal" />
      </div>
      <CampoTexto controle={control} nome="peso" nomeHtml="peso_gramas" rotulo="Peso (gramas)" inputMode="numeric" />
      <CampoMarcar controle={control} nome="ativo" rotulo="Ativo (pode ser vendido)" />
      {produto ? (
        <p className="muted" style={{ margin: 0 }} data-testid="estoque">
          Estoque: {Number(produto.estoque).toLocaleString('pt-BR')} {produto.unidade}
          {produto.estoque_em && !produto.estoque_em.startsWith('0001') ? ` em ${formatarDataHora(produto.estoque_em)}` : ' (ainda não informado)'}
        </p>
      ) : null}
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      {conflito?.tipo === 'codigo' && conflito.produtoId ? (
        <p>
          <Link to={`/admin/produtos/${encodeURIComponent(conflito.produtoId)}`} data-testid="abrir-existente">
            Abrir o produto que usa este código
          </Link>
        </p>
      ) : null}
      {conflito?.tipo === 'versao' && aoRecarregar ? (
        <IonButton fill="outline" onClick={aoRecarregar}>
          Recarregar produto
        </IonButton>
      ) : null}
      <IonButton type="submit" expand="block" disabled={salvar.isPending}>
        {salvar.isPending ? <IonSpinner name="dots" /> : novo ? 'Cadastrar produto' : 'Salvar alterações'}
      </IonButton>
      {formState.isDirty && produto ? (
        <IonButton type="button" fill="clear" onClick={() => form.reset(doProduto(produto))}>
          Descartar alterações
        </IonButton>
      ) : null}
      {produto ? (
        <IonButton type="button" fill="outline" color="danger" onClick={() => void confirmarExclusao()} disabled={excluir.isPending}>
          Excluir produto
        </IonButton>
      ) : null}
    </form>
  );
}

function Editar({ id }: { id: string }) {
  const q = useProduto(id, { staleTime: 0 });
  if (q.isPending) return <PageLoading />;
  return (
    <Page title="Produto" backHref="/admin/produtos">
      {q.data ? (
        <FormularioProduto key={`${q.data.id}:${q.data.versao}`} produto={q.data} aoRecarregar={() => void q.refetch()} />
      ) : (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      )}
    </Page>
  );
}

export default function ProdutoFormPage() {
  const { id } = useParams();
  return (
    <QueryBoundary>
      {id ? (
        <Editar id={id} />
      ) : (
        <Page title="Novo produto" backHref="/admin/produtos">
          <FormularioProduto />
        </Page>
      )}
    </QueryBoundary>
  );
}
