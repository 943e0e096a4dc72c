import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { TextField } from '../../../components/ui/TextField';
import { apresentarAlerta } from '../../../components/ui/overlays';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { useOperadores } from '../../../components/useOperadores';
import { buscarClientes } from '../../../entities/cliente/busca';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import {
  alterarStatusPedidoOp,
  aprovarPedidoOp,
  cancelarPedidoOp,
  duplicarPedidoOp,
  enviarPedidoOp,
  previaDuplicada,
  reabrirPedidoOp,
  reprovarPedidoOp,
  type AcaoNoPedido,
} from '../../../entities/pedido/operacoes';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Pedido } from '../../../lib/api/types';
import { useNomeEmpresa } from '../../../lib/empresa';
import { formatarDataHora } from '../../../lib/format/date';
import { centavosParaReais, formatarMoeda, reaisParaCentavos } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';
import { useSession } from '../../../lib/session';
import { descreverItem, executar, MENSAGEM_GUARDADA, useSaida, type Operacao } from '../../../lib/sync/saida';
import { novoId } from '../../../lib/uuid';
import { usePedido } from '../hooks/usePedido';
import { acoesDoPedido, rotuloNaLista, tituloPedido } from '../utils/acoes';
import { autorDoEvento, decisaoDoPedido, decisaoParaMarcar } from '../utils/decisao';
import { marcarDecisaoVista } from '../utils/vistos';
import { FormDecisao, QuadroDecisao } from './DecisaoPedido';
import { compartilharPdf } from '../utils/compartilhar';
import { dataCurta, descontoDoItem, espelhoPdf, formatarQuantidade, nomeArquivoPdf, rotuloStatusPedido, rotuloTipoPedido } from '../utils/espelho';
import { linkWhatsAppPedido } from '../utils/whatsapp';

const ACOES_HISTORICO: Record<string, string> = {
  criado: 'Criado',
  enviado: 'Enviado',
  aprovado: 'Aprovado',
  reprovado: 'Reprovado',
  cancelado: 'Cancelado',
  reaberto: 'Reaberto',
  status: 'Status alterado',
  nota_fiscal: 'Nota fiscal',
};

/** Asks for an invoice: its number and value (R$, pre-filled with what is left to invoice); null when cancelled. */
async function pedirNotaFiscal(restanteCentavos: number): Promise<{ numero: string; valor_centavos: string } | null> {
  let nf: { numero: string; valor_centavos: string } | null = null;
  const role = await apresentarAlerta({
    header: 'Faturar pedido',
    message: 'Número e valor da nota fiscal (parcial é permitido).',
    inputs: [
      { name: 'numero', type: 'text', placeholder: 'Número da nota fiscal', attributes: { 'aria-label': 'Número da nota fiscal', maxlength: 20 } },
      { name: 'valor', type: 'text', value: restanteCentavos > 0 ? centavosParaReais(restanteCentavos) : '', placeholder: 'Valor (R$)', attributes: { 'aria-label': 'Valor da nota fiscal (R$)', inputmode: 'decimal' } },
    ],
    buttons: [
      { text: 'Voltar', role: 'cancel' },
      {
        text: 'Faturar',
        role: 'confirm',
        handler: (v: { numero?: string; valor?: string }) => {
          const numero = (v?.numero ?? '').trim();
          const c = reaisParaCentavos(v?.valor ?? '');
          if (!numero || c === null || Number(c) <= 0) return false;
          nf = { numero, valor_centavos: c };
          return true;
        },
      },
    ],
  });
  return role === 'confirm' ? nf : null;
}

/** Asks for a text (a reason, a note); null when cancelled. */
async function pedirTexto(titulo: string, rotulo: string, obrigatorio: boolean): Promise<string | null> {
  let valor = '';
  const role = await apresentarAlerta({
    header: titulo,
    inputs: [{ name: 'texto', type: 'textarea', placeholder: rotulo, attributes: { 'aria-label': rotulo } }],
    buttons: [
      { text: 'Voltar', role: 'cancel' },
      {
        text: 'Confirmar',
        role: 'confirm',
        handler: (v: { texto?: string }) => {
          valor = (v?.texto ?? '').trim();
          return !obrigatorio || valor.length > 0;
        },
      },
    ],
  });
  return role === 'confirm' ? valor : null;
}

/** An order: items, totals, reasons for approval, price changes, history, and its actions. */
export function DetalhePedido({ id }: { id: string }) {
  const { pedido, carregando, erro, daCopia } = usePedido(id);
  const { profile } = useSession();
  const { nome, nomes } = useOperadores();
  const empresa = useNomeEmpresa();
  const saida = useSaida();
  const toast = useToast();
  const confirmar = useConfirm();
  const navigate = useNavigate();
  const clientes = useClientesDoAparelho();
  const [ocupado, setOcupado] = useState(false);
  const [duplicando, setDuplicando] = useState(false);
  const [buscaCliente, setBuscaCliente] = useState('');
  const [decidindo, setDecidindo] = useState<'aprovar' | 'reprovar' | null>(null);
  const operador = profile?.operador ?? '';
  // The seller opened the order: its decision is seen (crm-vendas stops listing it).
  const vista = pedido ? decisaoParaMarcar(pedido, operador) : null;
  useEffect(() => {
    if (vista) void marcarDecisaoVista(operador, id, vista);
  }, [operador, id, vista]);
  const sugestoes = useMemo(() => (clientes && buscaCliente.trim() ? buscarClientes(clientes, buscaCliente, 6).itens : []), [clientes, buscaCliente]);
  const pendentes = saida.itens.filter((it) => it.colecao === 'pedidos' && it.alvo === id);

  if (carregando) return <PageLoading />;
  if (!pedido) return <ErrorState error={erro ?? new Error('Pedido não encontrado.')} />;
  const p: Pedido = pedido;
  const rotulo = `${tituloPedido(p)} de ${p.cliente.nome}`;

  async function rodar<D>(op: Operacao<D, Pedido>, dados: D, ok: (r: Pedido | undefined) => string) {
    setOcupado(true);
    try {
      const r = await executar(op, dados);
      if (r.pendente) toast(MENSAGEM_GUARDADA, { duration: 4000, position: 'bottom', color: 'warning' });
      else toast(ok(r.registro), { duration: 3000, position: 'bottom', color: 'success' });
      return r;
    } catch (e) {
      toast(mensagemDeErro(e), { duration: 5000, position: 'bottom', color: 'danger' });
      return null;
    } finally {
      setOcupado(false);
    }
  }
  const acao = (op: Operacao<AcaoNoPedido, Pedido>, observacao = '') =>
    rodar(op, { id: p.id, observacao, rotulo }, (r) =>
      r?.precos_alterados?.length && r.status === 'orcamento' ? 'Preços mudaram: revise o pedido antes de enviar.' : `Pedido ${tituloPedido(r ?? p)}: ${rotuloStatusPedido(r?.status ?? p.status)}.`,
    );

  async function duplicar(cliente?: { id: string; nome: string; documento: string; uf: string; suframa: string; regiao_id: string; contribuinte_icms: boolean; inscricao_estadual: string; celular: string; telefone: string }) {
    const novo = novoId();
    const outro = cliente
      ? { id: cliente.id, cliente: { nome: cliente.nome, documento: cliente.documento, inscricao_estadual: cliente.inscricao_estadual, uf: cliente.uf, suframa: cliente.suframa, regiao_id: cliente.regiao_id, contribuinte_icms: cliente.contribuinte_icms, telefone: (cliente.celular || cliente.telefone).replace(/\D/g, '') } }
      : undefined;
    const r = await rodar(duplicarPedidoOp, { id: p.id, novo_id: novo, cliente_id: cliente?.id ?? '', previa: previaDuplicada(p, novo, outro), rotulo }, (x) => `Cópia criada: pedido ${tituloPedido(x ?? { numero: '0' })}.`);
    if (r) {
      setDuplicando(false);
      navigate(`/crm-vendas-pedidos?id=${encodeURIComponent(novo)}`);
    }
  }

  async function pdf() {
    try {
      const blob = await espelhoPdf(p, { empresa, vendedor: nome(p.vendedor_id) });
      const r = await compartilharPdf(blob, nomeArquivoPdf(p));
      if (r === 'baixado') toast('PDF baixado.', { duration: 2000, position: 'bottom' });
    } catch (e) {
      toast(mensagemDeErro(e), { duration: 4000, position: 'bottom', color: 'danger' });
    }
  }

  const acoes = acoesDoPedido(p, profile?.perfil);
  const decisao = decisaoDoPedido(p, nomes);
  // The seller's rejected order: fixed in the order entry and sent again (reopening is its first step).
  const corrigivel = acoes.includes('reabrir') && p.status === 'reprovado' && p.vendedor_id === operador;
  async function corrigir() {
    // Back to orçamento (the server's Reabrir), then the order entry opens it for editing.
    const r = await acao(reabrirPedidoOp);
    if (r) navigate(`/crm-vendas-pedidos-incluir?editar=${encodeURIComponent(p.id)}`);
  }
  async function decidir(aprovar: boolean, nota: string) {
    const r = await acao(aprovar ? aprovarPedidoOp : reprovarPedidoOp, nota);
    if (r) setDecidindo(null);
  }
  return (
    <div className="narrow" data-testid="detalhe-pedido" data-status={p.status} data-numero={p.numero} data-pendente={pendentes.length ? 'sim' : 'nao'}>
      <h2>
        Pedido {tituloPedido(p)}{' '}
        <span className={`pedido-chip status-${p.status}${p.numero === '0' ? ' a-enviar' : ''}`} data-testid="status-pedido">
          {rotuloNaLista(p)}
        </span>
      </h2>
      {daCopia ? <p className="muted">Sem conexão: mostrando a cópia do aparelho.</p> : null}
      {pendentes.length ? (
        <div className="aviso-copia" data-testid="pendencias-pedido">
          {pendentes.map((it) => (
            <p key={it.seq}>
              {it.recusa ? `Recusado: ${it.recusa.mensagem}` : 'Aguardando envio:'} {descreverItem(it)}
            </p>
          ))}
        </div>
      ) : null}
      <p>
        <strong>{p.cliente.nome}</strong>
        <br />
        <small className="muted">
          {rotuloStatusPedido(p.status)} · {rotuloTipoPedido(p.tipo)} · criado em {formatarDataHora(p.criado_em)}
          {p.condicao_nome ? ` · ${p.condicao_nome}` : ''}
          {p.data_entrega ? ` · entrega ${dataCurta(p.data_entrega)}` : ''}
        </small>
      </p>

      {decisao ? <QuadroDecisao d={decisao} /> : null}
      {p.motivos_aprovacao.length ? (
        <div className="pedido-aprovacao" data-testid="motivos-aprovacao">
          <p>{p.status === 'aguardando_aprovacao' ? 'Aguardando aprovação:' : p.numero === '0' ? 'Vai para aprovação:' : decisao ? 'Por que foi para aprovação:' : 'Motivos de aprovação:'}</p>
          <ul>
            {p.motivos_aprovacao.map((m, i) => (
              <li key={i}>
                {m.mensagem}
                {m.bloqueante ? ' (bloqueia o envio)' : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {p.precos_alterados.length ? (
        <div className="aviso-copia aviso-erro" data-testid="precos-alterados">
          <p>Preços mudaram desde o aparelho; revise antes de enviar:</p>
          <ul>
            {p.precos_alterados.map((x, i) => (
              <li key={i}>{x.mensagem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {p.motivo_cancelamento ? <p>Motivo do cancelamento: {p.motivo_cancelamento}</p> : null}

      <table className="tabela-simples" data-testid="itens-pedido">
        <thead>
          <tr>
            <th>Produto</th>
            <th>Qtd</th>
            <th>Desc.</th>
            <th>Unit.</th>
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          {p.itens.map((it, i) => (
            <tr key={i}>
              <td>
                {it.descricao} <small className="muted">{it.codigo}</small>
                {it.bonificacao ? <small> · bonificação</small> : null}
              </td>
              <td>{formatarQuantidade(it.quantidade)}</td>
              <td>{formatarPercentual(descontoDoItem(it))}</td>
              <td>{formatarMoeda(it.preco_unitario_centavos)}</td>
              <td>{formatarMoeda(it.total_centavos)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="pedido-totais">
        <dt>Produtos</dt>
        <dd>{formatarMoeda(p.total_produtos_centavos)}</dd>
        <dt>IPI</dt>
        <dd>{formatarMoeda(p.total_ipi_centavos)}</dd>
        <dt>ICMS-ST</dt>
        <dd>{formatarMoeda(p.total_st_centavos)}</dd>
        <dt>Frete</dt>
        <dd>{formatarMoeda(p.frete_centavos)}</dd>
        <dt className="total">Total</dt>
        <dd className="total" data-testid="total-pedido">
          {formatarMoeda(p.total_centavos)}
        </dd>
      </dl>
      {p.observacoes ? <p>Observações: {p.observacoes}</p> : null}
      {p.observacoes_internas ? <p className="muted">Observações internas: {p.observacoes_internas}</p> : null}

      <div className="pedido-acoes" data-testid="acoes-pedido">
        {acoes.includes('separar') ? (
          <IonButton
            disabled={ocupado}
            onClick={() =>
              void confirmar({ header: 'Em separação', message: `Marcar o pedido ${rotulo} como em separação?`, okText: 'Confirmar' }).then((ok) =>
                ok ? rodar(alterarStatusPedidoOp, { id: p.id, status: 'em_separacao', rotulo }, () => `Pedido ${tituloPedido(p)}: em separação.`) : null,
              )
            }
          >
            Em separação
          </IonButton>
        ) : null}
        {acoes.includes('faturar') ? (
          <IonButton
            disabled={ocupado}
            onClick={() =>
              void pedirNotaFiscal(Number(p.total_centavos) - Number(p.faturado_centavos)).then((nf) =>
                nf ? rodar(alterarStatusPedidoOp, { id: p.id, status: 'faturado', nota_fiscal: nf, rotulo }, () => `Pedido ${tituloPedido(p)}: nota fiscal ${nf.numero} registrada.`) : null,
              )
            }
          >
            Faturar
          </IonButton>
        ) : null}
        {acoes.includes('entregar') ? (
          <IonButton
            disabled={ocupado}
            onClick={() =>
              void confirmar({ header: 'Entregue', message: `Marcar o pedido ${rotulo} como entregue?`, okText: 'Confirmar' }).then((ok) =>
                ok ? rodar(alterarStatusPedidoOp, { id: p.id, status: 'entregue', rotulo }, () => `Pedido ${tituloPedido(p)}: entregue.`) : null,
              )
            }
          >
            Entregue
          </IonButton>
        ) : null}
        {acoes.includes('alterar') ? (
          <IonButton fill="outline" disabled={ocupado} routerLink={`/crm-vendas-pedidos-incluir?editar=${encodeURIComponent(p.id)}`}>
            Alterar
          </IonButton>
        ) : null}
        {acoes.includes('enviar') ? (
          <IonButton disabled={ocupado} onClick={() => void acao(enviarPedidoOp)}>
            Enviar
          </IonButton>
        ) : null}
        {acoes.includes('aprovar') ? (
          <IonButton color="success" fill={decidindo === 'aprovar' ? 'solid' : 'outline'} disabled={ocupado} onClick={() => setDecidindo('aprovar')}>
            Aprovar
          </IonButton>
        ) : null}
        {acoes.includes('reprovar') ? (
          <IonButton color="danger" fill={decidindo === 'reprovar' ? 'solid' : 'outline'} disabled={ocupado} onClick={() => setDecidindo('reprovar')}>
            Reprovar
          </IonButton>
        ) : null}
        {corrigivel ? (
          <IonButton disabled={ocupado} onClick={() => void corrigir()} data-testid="corrigir-reenviar">
            Corrigir e reenviar
          </IonButton>
        ) : null}
        {acoes.includes('reabrir') && !corrigivel ? (
          <IonButton fill="outline" disabled={ocupado} onClick={() => void acao(reabrirPedidoOp)}>
            Reabrir
          </IonButton>
        ) : null}
        {acoes.includes('cancelar') ? (
          <IonButton
            fill="outline"
            color="danger"
            disabled={ocupado}
            onClick={() =>
              void pedirTexto('Cancelar pedido', 'Motivo do cancelamento (obrigatório)', true).then(
                (t) => (t !== null ? rodar(cancelarPedidoOp, { id: p.id, motivo: t, rotulo }, () => `Pedido ${tituloPedido(p)} cancelado.`) : null),
              )
            }
          >
            Cancelar
          </IonButton>
        ) : null}
        <IonButton fill="outline" disabled={ocupado} onClick={() => setDuplicando(!duplicando)}>
          Duplicar
        </IonButton>
        <IonButton fill="outline" onClick={() => void pdf()}>
          Compartilhar PDF
        </IonButton>
        <IonButton fill="outline" href={linkWhatsAppPedido(p, empresa)} target="_blank" rel="noopener">
          WhatsApp
        </IonButton>
      </div>
      {decidindo && acoes.includes(decidindo) ? (
        <FormDecisao key={decidindo} aprovar={decidindo === 'aprovar'} ocupado={ocupado} onConfirmar={(t) => void decidir(decidindo === 'aprovar', t)} onVoltar={() => setDecidindo(null)} />
      ) : null}
      {duplicando ? (
        <div className="pedido-linha" data-testid="duplicar">
          <IonButton expand="block" disabled={ocupado} onClick={() => void duplicar()}>
            Duplicar para {p.cliente.nome}
          </IonButton>
          <TextField label="Ou para outro cliente" value={buscaCliente} onValue={setBuscaCliente} type="search" autoComplete="off" placeholder="Nome ou CNPJ/CPF" name="duplicar-cliente" />
          {sugestoes.length ? (
            <ul className="pedido-sugestoes">
              {sugestoes.map((c) => (
                <li key={c.id}>
                  <button type="button" disabled={ocupado} onClick={() => void duplicar(c)}>
                    <strong>{c.nome}</strong> <small className="muted">{c._linha}</small>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {p.historico.length ? (
        <>
          <h3>Histórico</h3>
          <ul data-testid="historico-pedido">
            {p.historico.map((h, i) => (
              <li key={i}>
                {formatarDataHora(h.em)} · {ACOES_HISTORICO[h.acao] ?? h.acao} ({rotuloStatusPedido(h.status)}) por {autorDoEvento(h, nomes)}
                {h.observacao ? ` — ${h.observacao}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
