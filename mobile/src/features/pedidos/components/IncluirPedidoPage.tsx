import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useToast } from '../../../components/ui/useToast';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import { buscarClientes } from '../../../entities/cliente/busca';
import { useCondicoesDoAparelho } from '../../../entities/preco/colecoes';
import { useDadosComerciais } from '../../../entities/preco/hooks';
import { useProdutosDoAparelho } from '../../../entities/produto/colecao';
import { atualizarPedidoOp, criarPedidoOp } from '../../../entities/pedido/operacoes';
import { corpoDoPedido, pedidoDaPrevia, rascunhoDoPedido, TIPOS_PEDIDO, type RascunhoPedido } from '../../../entities/pedido/previa';
import { tituloPedido } from '../../../entities/pedido/status';
import type { ResultadoLinha } from '../../../entities/preco/calcular';
import { apagarRascunho } from '../../../entities/pedido/rascunho';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Pedido, Produto } from '../../../lib/api/types';
import { centavosParaReais, formatarMoeda, reaisParaCentavos } from '../../../lib/format/money';
import { useSession } from '../../../lib/session';
import { buscarNaLista } from '../../../lib/sync/busca';
import { corrigirItem, executar, MENSAGEM_GUARDADA } from '../../../lib/sync/saida';
import { MAX_BUSCA_CARACTERES } from '../../../lib/texto';
import { lerCodigoComCamera, MSG_FALHA_LEITURA, podeLerComCamera } from '../../../lib/codigo-de-barras';
import { usePrecificacao, useRascunhoPedido } from '../hooks/useRascunhoPedido';
import { usePedido } from '../hooks/usePedido';
import { formatarData } from '../../../lib/format/date';
import { obterPosicao, type Posicao } from '../../../lib/geo';
import { usePedidosDoAparelho } from '../../../entities/pedido/colecao';
import { repetirPedido, adicionarProduto, ajustarAoMultiplo, aprovacaoDaLinha, errosPorLinha, lerPercentual, mudarLinha, multiploDe, podeEnviar, indiceDeCodigos, removerLinha } from '../utils/rascunho';
import { rotuloStatusPedido } from '../utils/espelho';
import { DetalhePreco } from '../../../components/preco/DetalhePreco';
import { condicaoElegivel } from '../../../lib/contratos/pedidos.gen';
import './pedidos.css';

interface PropsLinha {
  i: number;
  linha: RascunhoPedido['itens'][number];
  produto: Produto | undefined;
  res: ResultadoLinha | undefined;
  bonificacao: boolean;
  aprovacao: string;
  flex: boolean;
  erro: string;
  aberta: boolean;
  mudar: (f: (r: RascunhoPedido) => RascunhoPedido) => void;
  alternar: (f: (a: number | null) => number | null) => void;
}

/** What a line shows of its pricing: when these are the same, the line does not render again. */
const mesmoPreco = (a?: ResultadoLinha, b?: ResultadoLinha) =>
  a === b || (!!a && !!b && a.total_centavos === b.total_centavos && a.preco_unitario_centavos === b.preco_unitario_centavos);

/**
 * A line of the order. Memoized: adding an item or typing a quantity renders only the lines whose
 * figures changed (every line's Ionic buttons rendering again was a good part of each change's
 * cost on a slow phone, bench:pedido). Its actions are native buttons: 20 lines of Ionic buttons
 * (shadow DOM and ripple each) cost style, paint and layerizing on every change of the page.
 */
const LinhaDoPedido = memo(
  function LinhaDoPedido({ i, linha: l, produto: p, res, bonificacao, aprovacao, flex, erro, aberta, mudar, alternar }: PropsLinha) {
    const m = multiploDe(p);
    return (
      <div className="pedido-linha" data-testid="linha-pedido" data-produto={p?.codigo}>
        <div className="pedido-linha-topo">
          <span>
            <strong>{p?.descricao ?? 'Produto fora do catálogo'}</strong> <small className="muted">{p?.codigo}</small>
          </span>
          <strong data-testid="total-linha">{res ? formatarMoeda(res.total_centavos) : '—'}</strong>
        </div>
        <div className="pedido-linha-campos">
          <TextField
            label={m > 1 ? `Quantidade (múltiplo ${m})` : 'Quantidade'}
            type="number"
            inputMode="numeric"
            min={m}
            step={m}
            name={`quantidade-${i}`}
            value={String(l.quantidade || '')}
            onValue={(v) => mudar((x) => mudarLinha(x, i, { quantidade: Math.max(0, Math.floor(Number(v) || 0)) }))}
            onBlur={() => mudar((x) => mudarLinha(x, i, { quantidade: ajustarAoMultiplo(x.itens[i]?.quantidade ?? m, m) }))}
          />
          <TextField
            label="Desconto %"
            inputMode="decimal"
            name={`desconto-${i}`}
            value={String(l.desconto_percentual || '').replace('.', ',')}
            onValue={(v) => {
              const n = lerPercentual(v);
              if (!Number.isNaN(n) && n <= 100) mudar((x) => mudarLinha(x, i, { desconto_percentual: n }));
            }}
          />
          <label>
            <input type="checkbox" checked={l.bonificacao} onChange={(e) => mudar((x) => mudarLinha(x, i, { bonificacao: e.target.checked }))} /> Bonificação
          </label>
        </div>
        {erro ? (
          <p className="field-error" role="alert">
            {erro}
          </p>
        ) : null}
        {aprovacao ? (
          <p className="pedido-aprovacao" data-testid="vai-para-aprovacao">
            Vai para aprovação: {aprovacao}
          </p>
        ) : flex ? (
          <p className="muted" data-testid="usa-flex">
            Acima do seu limite de desconto: usa a verba flex.
          </p>
        ) : null}
        <div className="pedido-linha-topo">
          <small className="muted">{res ? `${formatarMoeda(res.preco_unitario_centavos)} / ${p?.unidade ?? 'un'}` : ''}</small>
          <span>
            {res ? (
              <button type="button" className="pedido-linha-acao" aria-expanded={aberta} onClick={() => alternar((a) => (a === i ? null : i))}>
                Por que este preço?
              </button>
            ) : null}
            <button type="button" className="pedido-linha-acao perigo" onClick={() => mudar((x) => removerLinha(x, i))}>
              Remover
            </button>
          </span>
        </div>
        {aberta && res ? <DetalhePreco linha={res} unidade={p?.unidade} bonificacao={bonificacao} /> : null}
      </div>
    );
  },
  (a, b) =>
    a.i === b.i &&
    a.linha === b.linha &&
    a.produto === b.produto &&
    a.bonificacao === b.bonificacao &&
    a.aprovacao === b.aprovacao &&
    a.flex === b.flex &&
    a.erro === b.erro &&
    a.aberta === b.aberta &&
    a.mudar === b.mudar &&
    a.alternar === b.alternar &&
    (a.aberta ? a.res === b.res : mesmoPreco(a.res, b.res)),
);

/**
 * A tap on a suggestion leaves the focus in the search field: the seller types the next code at
 * once, and the page is spared a focus change (blur, focus styles) on every product added.
 */
const manterFocoNaBusca = (e: React.MouseEvent) => e.preventDefault();

const NOMES_TIPO: Record<string, string> = { venda: 'Venda', bonificacao: 'Bonificação', troca: 'Troca', orcamento: 'Orçamento (não é enviado)' };

/**
 * `crm-vendas-pedidos-incluir`: a new order, entirely on the device (offline too). The customer
 * (or ?cliente= from their file), products by search or barcode, quantities in the sales multiple,
 * discount per line (over the cap allowed, flagged "vai para aprovação"), bonificação, the term,
 * freight, notes and delivery date; the live total with IPI and ST and each line's "why this
 * price". "Salvar orçamento" or "Enviar" go through the outbox, with the device's unit prices.
 */
export default function IncluirPedidoPage() {
  // A quote being edited is read through the API as well as the device (usePedido).
  return (
    <QueryBoundary>
      <IncluirPedido />
    </QueryBoundary>
  );
}

function IncluirPedido() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { profile } = useSession();
  const operador = profile?.operador ?? '';
  const pendenciaTexto = params.get('pendencia');
  const pendencia = pendenciaTexto ? Number(pendenciaTexto) : null;
  // ?editar=<id>: a stored quote (status orcamento) edited here and saved with PATCH.
  const editarId = params.get('editar') ?? '';
  const { pedido: emEdicao, carregando: carregandoEdicao } = usePedido(editarId);
  const editavel = !editarId || emEdicao?.status === 'orcamento';
  const rascunhoEditado = useMemo(
    () => (!editarId ? undefined : emEdicao && emEdicao.status === 'orcamento' ? rascunhoDoPedido(emEdicao) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per order and version
    [editarId, emEdicao?.id, emEdicao?.versao, emEdicao?.status],
  );
  const { rascunho, mudar, novo } = useRascunhoPedido(params.get('cliente') ?? '', pendencia, rascunhoEditado);
  const clientes = useClientesDoAparelho();
  const produtos = useProdutosDoAparelho();
  const condicoes = useCondicoesDoAparelho();
  const dados = useDadosComerciais();
  const [buscaCliente, setBuscaCliente] = useState('');
  const [buscaProduto, setBuscaProduto] = useState('');
  const [codigo, setCodigo] = useState('');
  const [erroCodigo, setErroCodigo] = useState('');
  const [freteTexto, setFreteTexto] = useState<string | null>(null);
  const [aberta, setAberta] = useState<number | null>(null);
  const [salvando, setSalvando] = useState(false);
  const [erro, setErro] = useState('');
  const camera = useMemo(podeLerComCamera, []);
  const pedidosDoAparelho = usePedidosDoAparelho();
  // The items "Repetir último pedido" left out (no longer sellable), named on the screen.
  const [foraDaRepeticao, setForaDaRepeticao] = useState<string[]>([]);
  // Where the order is placed, when the seller allows the position: asked for when the screen
  // opens, so that saving never waits for it (at most a moment when it is still on its way).
  const posicao = useRef<Promise<Posicao | null>>(Promise.resolve(null));
  useEffect(() => {
    posicao.current = obterPosicao(20_000);
  }, []);

  const cliente = rascunho?.cliente_id && clientes ? clientes.find((c) => c.id === rascunho.cliente_id) : undefined;
  const condicoesDoCliente = useMemo(
    () => (condicoes ?? []).filter((c) => condicaoElegivel(c.ativo, c.clientes, cliente?.id)),
    [condicoes, cliente],
  );
  const condicao = condicoesDoCliente.find((c) => c.id === rascunho?.condicao_id) ?? null;
  const preco = usePrecificacao(dados, operador, cliente, condicao, rascunho);
  const errosLinha = useMemo(() => errosPorLinha(preco?.campos ?? []), [preco]);
  const sugestoesCliente = useMemo(() => (clientes && buscaCliente.trim() ? buscarClientes(clientes, buscaCliente, 8).itens.filter((c) => c.status !== 'inativo') : []), [clientes, buscaCliente]);
  const ativos = useMemo(() => (produtos ?? []).filter((p) => p.ativo), [produtos]);
  const porCodigo = useMemo(() => indiceDeCodigos(ativos), [ativos]);
  const sugestoesProduto = useMemo(() => (buscaProduto.trim() ? buscarNaLista(ativos, buscaProduto, 8).itens : []), [ativos, buscaProduto]);

  if (editarId && !carregandoEdicao && !editavel) {
    return (
      <Page title="Alterar pedido" backHref={`/crm-vendas-pedidos?id=${encodeURIComponent(editarId)}`}>
        <p className="narrow field-error" role="alert">
          {emEdicao ? `Este pedido está ${rotuloStatusPedido(emEdicao.status).toLowerCase()}: só um orçamento é alterado.` : 'Pedido não encontrado neste aparelho.'}
        </p>
      </Page>
    );
  }
  if (!rascunho || !clientes || !produtos) return <PageLoading />;
  const r = rascunho;
  const previa = preco?.previa;
  // The customer's last order (device copy, 90 days), offered as the start of an empty new order.
  const ultimo =
    r.cliente_id && r.itens.length === 0 && !emEdicao && pendencia === null
      ? (pedidosDoAparelho ?? []).find((p) => p.cliente_id === r.cliente_id && p.id !== r.id && p.status !== 'cancelado' && p.itens.length > 0)
      : undefined;

  const repetirUltimo = () => {
    if (!ultimo) return;
    const porId = new Map(produtos.map((p) => [p.id, p]));
    const rep = repetirPedido(r, ultimo, (id) => porId.get(id));
    mudar(() => rep.rascunho);
    setForaDaRepeticao(rep.fora);
  };

  const adicionarPorCodigo = (lido = codigo) => {
    const p = porCodigo(lido);
    if (!p) {
      setCodigo(lido);
      setErroCodigo(`Nenhum produto ativo com o código de barras ${lido.trim()}.`);
      return;
    }
    mudar((x) => adicionarProduto(x, p));
    setCodigo('');
    setErroCodigo('');
  };

  const lerComCamera = async () => {
    setErroCodigo('');
    try {
      const lido = await lerCodigoComCamera();
      if (lido) adicionarPorCodigo(lido);
    } catch (e) {
      setErroCodigo(e instanceof Error ? e.message : MSG_FALHA_LEITURA);
    }
  };

  async function gravar(enviar: boolean) {
    setErro('');
    if (!r.cliente_id) return setErro('Escolha o cliente.');
    if (r.itens.length === 0) return setErro('Inclua ao menos um produto.');
    if (preco?.erro) return setErro(preco.erro);
    const pos = await Promise.race([posicao.current, new Promise<null>((ok) => setTimeout(() => ok(null), 1500))]);
    const corpo = { ...corpoDoPedido(r, previa ?? null, enviar), ...(pos ? { latitude: pos.latitude, longitude: pos.longitude } : {}) };
    const dadosOp = {
      corpo,
      rascunho: r,
      previa: pedidoDaPrevia(r, previa ?? null, { cliente, condicao: condicao ?? undefined, produto: (id) => dados?.produto(id), vendedorId: operador }),
    };
    setSalvando(true);
    try {
      const res =
        pendencia !== null
          ? await corrigirItem<typeof dadosOp, Pedido>(pendencia, dadosOp)
          : emEdicao
            ? await executar(atualizarPedidoOp, dadosOp, { base: Number(emEdicao.versao) || 0 })
            : await executar(criarPedidoOp, dadosOp);
      if (pendencia === null && !emEdicao) await apagarRascunho().catch(() => undefined);
      const p = res.registro;
      if (res.pendente) toast(MENSAGEM_GUARDADA, { duration: 4000, position: 'bottom', color: 'warning' });
      else if (p?.precos_alterados?.length) toast('Preços mudaram no servidor: o pedido ficou em orçamento para revisão.', { duration: 5000, position: 'bottom', color: 'warning' });
      else if (p) toast(`Pedido Nº ${p.numero}: ${rotuloStatusPedido(p.status)}.`, { duration: 3000, position: 'bottom', color: 'success' });
      if (!emEdicao) novo();
      navigate(`/crm-vendas-pedidos?id=${encodeURIComponent(r.id)}`, { replace: true });
    } catch (e) {
      setErro(mensagemDeErro(e));
    } finally {
      setSalvando(false);
    }
  }

  return (
    <Page
      title={pendencia !== null ? 'Corrigir pedido' : emEdicao ? `Alterar pedido ${tituloPedido(emEdicao)}` : 'Novo pedido'}
      backHref={emEdicao ? `/crm-vendas-pedidos?id=${encodeURIComponent(emEdicao.id)}` : '/crm-vendas-pedidos'}
    >
      <div className="narrow form-stack" data-testid="form-pedido">
        {cliente ? (
          <div className="pedido-linha-topo" data-testid="cliente-escolhido">
            <span>
              <strong>{cliente.nome}</strong>
              <br />
              <small className="muted">{cliente._linha}</small>
            </span>
            <IonButton fill="clear" size="small" onClick={() => mudar((x) => ({ ...x, cliente_id: '', condicao_id: '' }))}>
              Trocar
            </IonButton>
          </div>
        ) : (
          <>
            <TextField label="Cliente" value={buscaCliente} onValue={setBuscaCliente} type="search" autoComplete="off" placeholder="Nome, fantasia ou CNPJ/CPF" maxLength={MAX_BUSCA_CARACTERES} name="busca-cliente" />
            {sugestoesCliente.length ? (
              <ul className="pedido-sugestoes" aria-label="Clientes encontrados">
                {sugestoesCliente.map((c) => (
                  <li key={c.id}>
                    <button type="button" onClick={() => (mudar((x) => ({ ...x, cliente_id: c.id, condicao_id: '' })), setBuscaCliente(''))}>
                      <strong>{c.nome}</strong>
                      <br />
                      <small className="muted">{c._linha}</small>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}

        <div className="row-2">
          <SelectField label="Tipo" value={r.tipo} onValue={(v) => mudar((x) => ({ ...x, tipo: v }))} options={TIPOS_PEDIDO.map((t) => ({ value: t, label: NOMES_TIPO[t] }))} />
          <SelectField
            label="Condição de pagamento"
            value={r.condicao_id}
            onValue={(v) => mudar((x) => ({ ...x, condicao_id: v }))}
            options={[{ value: '', label: 'Sem condição' }, ...condicoesDoCliente.map((c) => ({ value: c.id, label: c.nome }))]}
          />
        </div>

        <h2>Produtos</h2>
        {ultimo ? (
          <IonButton fill="outline" size="small" onClick={repetirUltimo} data-testid="repetir-ultimo">
            Repetir último pedido ({tituloPedido(ultimo)}, {formatarData(ultimo.criado_em)})
          </IonButton>
        ) : null}
        {foraDaRepeticao.length ? (
          <p className="aviso-copia" role="status" data-testid="fora-da-repeticao">
            Ficaram de fora do último pedido (não se vendem mais): {foraDaRepeticao.join('; ')}.
          </p>
        ) : null}
        <div className="pedido-busca-produto">
        <div className="row-2">
          <TextField
            label="Buscar produto"
            value={buscaProduto}
            onValue={setBuscaProduto}
            type="search"
            autoComplete="off"
            placeholder="Código, descrição ou marca"
            maxLength={MAX_BUSCA_CARACTERES}
            name="busca-produto"
            aria-controls="sugestoes-produto"
            onKeyDown={(e) => {
              if (e.key === 'Escape') setBuscaProduto('');
            }}
          />
          <TextField
            label="Código de barras (EAN)"
            value={codigo}
            onValue={setCodigo}
            inputMode="numeric"
            name="ean"
            error={erroCodigo}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                adicionarPorCodigo();
              }
            }}
          />
        </div>
        {camera ? (
          <IonButton fill="outline" size="small" onClick={() => void lerComCamera()} data-testid="ler-camera">
            Ler código com a câmera
          </IonButton>
        ) : null}
        {sugestoesProduto.length ? (
          <ul id="sugestoes-produto" className="pedido-sugestoes flutuante" aria-label="Produtos encontrados" onMouseDown={manterFocoNaBusca}>
            {sugestoesProduto.map((p) => (
              <li key={p.id}>
                <button type="button" data-codigo={p.codigo} onClick={() => (mudar((x) => adicionarProduto(x, p)), setBuscaProduto(''))}>
                  <strong>{p.descricao}</strong> <small className="muted">{p.codigo} · {p.unidade}{multiploDe(p) > 1 ? ` · múltiplo ${multiploDe(p)}` : ''}</small>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        </div>

        {r.itens.length === 0 ? <p className="muted">Nenhum produto no pedido.</p> : null}
        {r.itens.map((l, i) => {
          const res = previa?.itens[i];
          const { aprovacao, flex } = previa && res && !previa.bonificacao[i] ? aprovacaoDaLinha(previa.avisos, res) : { aprovacao: [], flex: false };
          return (
            <LinhaDoPedido
              key={`${l.produto_id}-${i}`}
              i={i}
              linha={l}
              produto={dados?.produto(l.produto_id)}
              res={res}
              bonificacao={!!previa?.bonificacao[i]}
              aprovacao={aprovacao.join(' ')}
              flex={flex}
              erro={errosLinha.get(i) ?? ''}
              aberta={aberta === i}
              mudar={mudar}
              alternar={setAberta}
            />
          );
        })}

        <div className="row-2">
          <TextField
            label="Frete (R$)"
            inputMode="decimal"
            name="frete"
            value={freteTexto ?? (r.frete_centavos ? centavosParaReais(r.frete_centavos) : '')}
            onValue={(v) => {
              setFreteTexto(v);
              const c = reaisParaCentavos(v);
              if (c !== null && Number(c) >= 0) mudar((x) => ({ ...x, frete_centavos: Number(c) }));
            }}
            onBlur={() => setFreteTexto(null)}
          />
          <TextField label="Data de entrega" type="date" name="data_entrega" value={r.data_entrega} onValue={(v) => mudar((x) => ({ ...x, data_entrega: v }))} />
        </div>
        <TextField label="Observações (para o cliente)" name="observacoes" value={r.observacoes} onValue={(v) => mudar((x) => ({ ...x, observacoes: v }))} maxLength={1000} />
        <TextField label="Observações internas" name="observacoes_internas" value={r.observacoes_internas} onValue={(v) => mudar((x) => ({ ...x, observacoes_internas: v }))} maxLength={1000} />

        <dl className="pedido-totais" data-testid="totais-pedido">
          <dt>Produtos</dt>
          <dd>{previa ? formatarMoeda(previa.total_produtos_centavos) : '—'}</dd>
          <dt>IPI</dt>
          <dd>{previa ? formatarMoeda(previa.total_ipi_centavos) : '—'}</dd>
          <dt>ICMS-ST</dt>
          <dd>{previa ? formatarMoeda(previa.total_st_centavos) : '—'}</dd>
          <dt>Frete</dt>
          <dd>{formatarMoeda(r.frete_centavos)}</dd>
          {previa?.bonificacao_centavos ? (
            <>
              <dt>Bonificação (preço de tabela)</dt>
              <dd>{formatarMoeda(previa.bonificacao_centavos)}</dd>
            </>
          ) : null}
          <dt className="total">Total</dt>
          <dd className="total" data-testid="total-pedido">
            {previa ? formatarMoeda(previa.total_centavos) : '—'}
          </dd>
        </dl>
        {previa?.avisos.length ? (
          <div className="pedido-aprovacao" data-testid="avisos-aprovacao">
            <p>Este pedido vai para aprovação:</p>
            <ul>
              {previa.avisos.map((a, k) => (
                <li key={k}>{a.mensagem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {!dados ? <p className="muted">Carregando o catálogo do aparelho…</p> : null}
        {erro ? (
          <p className="aviso-copia aviso-erro" role="alert">
            {erro}
          </p>
        ) : null}
        <IonButton expand="block" fill="outline" disabled={salvando} onClick={() => void gravar(false)}>
          Salvar orçamento
        </IonButton>
        <IonButton expand="block" disabled={salvando || !podeEnviar(r)} onClick={() => void gravar(true)}>
          Enviar
        </IonButton>
        {pendencia === null && (r.itens.length > 0 || r.cliente_id) ? (
          <IonButton expand="block" fill="clear" color="medium" onClick={() => (novo(), void apagarRascunho())}>
            Descartar e começar outro
          </IonButton>
        ) : null}
      </div>
    </Page>
  );
}
