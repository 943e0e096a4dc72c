// The order entry screen's state and actions (crm-vendas-pedidos-incluir): which draft is on the
// screen (a new order, a refused one being corrected, a stored quote being edited), what the
// device has to build it from (customers, products, terms, commercial data), the live pricing,
// the searches, and saving through the outbox. The screen's sections only render what this gives.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/ui/useToast';
import { useClientesDoAparelho, type ClienteDoServidor } from '../../../entities/cliente/hooks';
import { colecaoClientes } from '../../../entities/cliente/colecao';
import { buscarClientes, type ClienteLocal } from '../../../entities/cliente/busca';
import { useCondicoesDoAparelho } from '../../../entities/preco/colecoes';
import { useDadosComerciais } from '../../../entities/preco/hooks';
import { colecaoProdutos, useProdutosDoAparelho, type ProdutoLocal } from '../../../entities/produto/colecao';
import { atualizarPedidoOp, criarPedidoOp } from '../../../entities/pedido/operacoes';
import { corpoDoPedido, pedidoDaPrevia, rascunhoDoPedido } from '../../../entities/pedido/previa';
import { apagarRascunho } from '../../../entities/pedido/rascunho';
import { usePedidosDoAparelho } from '../../../entities/pedido/colecao';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Pedido, Sugestao } from '../../../lib/api/types';
import { useSugestoes } from '../../../entities/cliente/sugestoes';
import { useSession } from '../../../lib/session';
import { buscarNaLista } from '../../../lib/sync/busca';
import { doServidor, juntarComOsDoServidor } from '../../../lib/sync/buscaDuranteACopia';
import { useBuscaDuranteACopia } from '../../../components/sync/useBuscaDuranteACopia';
import type { DoServidor } from '../../../lib/sync/colecao';
import { condicaoElegivel, statusEditavel } from '../../../lib/contratos/pedidos.gen';
import { corrigirItem, executar, MENSAGEM_GUARDADA } from '../../../lib/sync/saida';
import { lerCodigoComCamera, MSG_FALHA_LEITURA, podeLerComCamera } from '../../../lib/codigo-de-barras';
import { obterPosicao, type Posicao } from '../../../lib/geo';
import { adicionarProduto, errosPorLinha, indiceDeCodigos, repetirPedido } from '../utils/rascunho';
import { rotuloStatusPedido } from '../utils/espelho';
import { adicionarSugestoes, sugestoesAOferecer } from '../utils/sugestoes';
import { usePrecificacao, useRascunhoPedido } from './useRascunhoPedido';
import { usePedido } from './usePedido';

export function useIncluirPedido() {
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
  const editavel = !editarId || (!!emEdicao && statusEditavel(emEdicao.status));
  const rascunhoEditado = useMemo(
    () => (!editarId ? undefined : emEdicao && statusEditavel(emEdicao.status) ? rascunhoDoPedido(emEdicao) : null),
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

  // During the first copies the customer and product searches also ask the server; a customer or
  // product chosen from its answer is kept in the device copy and used at once.
  const buscaNoServidor = useBuscaDuranteACopia(colecaoClientes, buscaCliente, { limite: 8 });
  const produtosNoServidor = useBuscaDuranteACopia(colecaoProdutos, buscaProduto, { limite: 8, filtros: { ativo: 'true' } });
  const [escolhidoDoServidor, setEscolhidoDoServidor] = useState<ClienteDoServidor | null>(null);
  const cliente =
    (rascunho?.cliente_id && clientes ? clientes.find((c) => c.id === rascunho.cliente_id) : undefined) ??
    (escolhidoDoServidor && escolhidoDoServidor.id === rascunho?.cliente_id ? escolhidoDoServidor : undefined);
  const escolherCliente = (c: ClienteLocal | ClienteDoServidor) => {
    if (doServidor(c)) {
      setEscolhidoDoServidor(c);
      void colecaoClientes.guardarDaBusca(c).catch((err) => console.warn('Cliente do servidor não foi guardado no aparelho', err));
    }
    mudar((x) => ({ ...x, cliente_id: c.id, condicao_id: '' }));
    setBuscaCliente('');
  };
  const condicoesDoCliente = useMemo(
    () => (condicoes ?? []).filter((c) => condicaoElegivel(c.ativo, c.clientes, cliente?.id)),
    [condicoes, cliente],
  );
  const condicao = condicoesDoCliente.find((c) => c.id === rascunho?.condicao_id) ?? null;
  const preco = usePrecificacao(dados, operador, cliente, condicao, rascunho);
  const errosLinha = useMemo(() => errosPorLinha(preco?.campos ?? []), [preco]);
  const sugestoesCliente = useMemo((): (ClienteLocal | ClienteDoServidor)[] => {
    const locais = clientes && buscaCliente.trim() ? buscarClientes(clientes, buscaCliente, 8).itens.filter((c) => c.status !== 'inativo') : [];
    return juntarComOsDoServidor(locais, buscaNoServidor, (c) => c.status !== 'inativo');
  }, [clientes, buscaCliente, buscaNoServidor]);
  const ativos = useMemo(() => (produtos ?? []).filter((p) => p.ativo), [produtos]);
  const porCodigo = useMemo(() => indiceDeCodigos(ativos), [ativos]);
  const sugestoesProduto = useMemo(
    (): (ProdutoLocal | DoServidor<ProdutoLocal>)[] =>
      juntarComOsDoServidor(buscaProduto.trim() ? buscarNaLista(ativos, buscaProduto, 8).itens : [], produtosNoServidor, (p) => p.ativo),
    [ativos, buscaProduto, produtosNoServidor],
  );
  // A product from the server's answer is kept in the device copy: the order prices it from there.
  const escolherProduto = (p: ProdutoLocal | DoServidor<ProdutoLocal>) => {
    if (doServidor(p)) void colecaoProdutos.guardarDaBusca(p).catch((err) => console.warn('Produto do servidor não foi guardado no aparelho', err));
    mudar((x) => adicionarProduto(x, p));
    setBuscaProduto('');
  };

  const previa = preco?.previa;
  // The customer's last order (device copy, 90 days), offered as the start of an empty new order.
  const ultimo =
    rascunho?.cliente_id && rascunho.itens.length === 0 && !emEdicao && pendencia === null
      ? (pedidosDoAparelho ?? []).find((p) => p.cliente_id === rascunho.cliente_id && p.id !== rascunho.id && p.status !== 'cancelado' && p.itens.length > 0)
      : undefined;

  // What this customer stopped buying (from the server; none offline), offered on a new order as
  // one-tap lines of the usual quantity: each, or all at once. Once in the draft, it leaves the list.
  const sugestoes = useSugestoes(!editarId && pendencia === null ? cliente?.id : undefined);
  const produtoPorId = useMemo(() => {
    const porId = new Map((produtos ?? []).map((p) => [p.id, p]));
    return (id: string) => porId.get(id);
  }, [produtos]);
  const sugeridos = useMemo(() => (rascunho ? sugestoesAOferecer(sugestoes, rascunho, produtoPorId) : []), [sugestoes, rascunho, produtoPorId]);
  const adicionarSugerido = (x: Sugestao) => mudar((r) => adicionarSugestoes(r, [x], produtoPorId));
  const adicionarTodosSugeridos = () => mudar((r) => adicionarSugestoes(r, sugeridos, produtoPorId));

  const repetirUltimo = () => {
    if (!ultimo || !rascunho || !produtos) return;
    const porId = new Map(produtos.map((p) => [p.id, p]));
    const rep = repetirPedido(rascunho, ultimo, (id) => porId.get(id));
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
    const r = rascunho;
    if (!r) return;
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

  const descartar = () => {
    novo();
    void apagarRascunho();
  };

  return {
    editarId,
    emEdicao,
    carregandoEdicao,
    editavel,
    pendencia,
    rascunho,
    mudar,
    clientes,
    produtos,
    dados,
    cliente,
    condicoesDoCliente,
    previa,
    errosLinha,
    buscaCliente,
    setBuscaCliente,
    sugestoesCliente,
    escolherCliente,
    buscaNoServidor,
    buscaProduto,
    setBuscaProduto,
    sugestoesProduto,
    produtosNoServidor,
    escolherProduto,
    codigo,
    setCodigo,
    erroCodigo,
    adicionarPorCodigo,
    camera,
    lerComCamera,
    ultimo,
    repetirUltimo,
    foraDaRepeticao,
    sugeridos,
    adicionarSugerido,
    adicionarTodosSugeridos,
    freteTexto,
    setFreteTexto,
    aberta,
    setAberta,
    salvando,
    erro,
    gravar,
    descartar,
  };
}

/** What the order entry screen's sections read. */
export type EstadoIncluirPedido = ReturnType<typeof useIncluirPedido>;
