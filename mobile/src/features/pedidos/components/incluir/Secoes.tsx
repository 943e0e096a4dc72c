// The sections of the order entry screen, top to bottom: the customer, the type and term, the
// products (search, barcode, camera, "Repetir último pedido") and their lines, delivery and notes,
// the totals with the approval reasons, and the actions. Each renders from the screen's state
// (useIncluirPedido) and the draft it is given.
import { useMemo } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { ProgressoCopia } from '../../../../components/sync/ProgressoCopia';
import { colecaoClientes } from '../../../../entities/cliente/colecao';
import { colecaoProdutos } from '../../../../entities/produto/colecao';
import { colecaoPrecos } from '../../../../entities/preco/colecoes';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';
import { TIPOS_PEDIDO, type RascunhoPedido } from '../../../../entities/pedido/previa';
import { tituloPedido } from '../../../../entities/pedido/status';
import { centavosParaReais, formatarMoeda, reaisParaCentavos } from '../../../../lib/format/money';
import { formatarData } from '../../../../lib/format/date';
import { MAX_BUSCA_CARACTERES } from '../../../../lib/texto';
import { doServidor } from '../../../../lib/sync/buscaDuranteACopia';
import { aprovacaoDaLinha, multiploDe, podeEnviar } from '../../utils/rascunho';
import type { EstadoIncluirPedido } from '../../hooks/useIncluirPedido';
import { LinhaDoPedido } from './LinhaDoPedido';
import { precoParaOCliente, saldoFlex } from '../../../../entities/preco/noAparelho';
import { useSession } from '../../../../lib/session';
import { VerbaFlex } from '../VerbaFlex';

interface Props {
  s: EstadoIncluirPedido;
  r: RascunhoPedido;
}

/** " · estoque 120 CX" when the company has told the product's stock. */
function estoqueDe(p: { estoque?: string | number; estoque_em?: string; unidade?: string }): string {
  if (!p.estoque_em || p.estoque_em.startsWith('0001')) return '';
  return ` · estoque ${Number(p.estoque ?? 0).toLocaleString('pt-BR')} ${p.unidade ?? ''}`.trimEnd();
}

/**
 * A tap on a suggestion leaves the focus in the search field: the seller types the next code at
 * once, and the page is spared a focus change (blur, focus styles) on every product added.
 */
const manterFocoNaBusca = (e: React.MouseEvent) => e.preventDefault();

const NOMES_TIPO: Record<string, string> = { venda: 'Venda', bonificacao: 'Bonificação', troca: 'Troca', orcamento: 'Orçamento (não é enviado)' };

/** The customer chosen (with "Trocar"), or the search among the device's customers. */
export function SecaoCliente({ s }: Props) {
  const { cliente, mudar, buscaCliente, setBuscaCliente, sugestoesCliente, escolherCliente, buscaNoServidor } = s;
  if (cliente) {
    return (
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
    );
  }
  return (
    <>
      <TextField label="Cliente" value={buscaCliente} onValue={setBuscaCliente} type="search" autoComplete="off" placeholder="Nome, fantasia ou CNPJ/CPF" maxLength={MAX_BUSCA_CARACTERES} name="busca-cliente" />
      <ProgressoCopia colecao={colecaoClientes} />
      {sugestoesCliente.length ? (
        <ul className="pedido-sugestoes" aria-label="Clientes encontrados">
          {sugestoesCliente.map((c) => (
            <li key={c.id} data-origem={doServidor(c) ? 'servidor' : 'aparelho'}>
              <button type="button" onClick={() => escolherCliente(c)}>
                <strong>{c.nome}</strong>
                {doServidor(c) ? <span className="selo">do servidor</span> : null}
                <br />
                <small className="muted">{c._linha}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {buscaNoServidor.buscando ? (
        <p className="muted" role="status">
          <IonSpinner name="dots" aria-hidden="true" /> Buscando no servidor…
        </p>
      ) : null}
    </>
  );
}

/** The order's type and payment term (the terms this customer may use). */
export function SecaoCondicoes({ s, r }: Props) {
  const { mudar, condicoesDoCliente } = s;
  return (
    <div className="row-2">
      <SelectField label="Tipo" value={r.tipo} onValue={(v) => mudar((x) => ({ ...x, tipo: v }))} options={TIPOS_PEDIDO.map((t) => ({ value: t, label: NOMES_TIPO[t] }))} />
      <SelectField
        label="Condição de pagamento"
        value={r.condicao_id}
        onValue={(v) => mudar((x) => ({ ...x, condicao_id: v }))}
        options={[{ value: '', label: 'Sem condição' }, ...condicoesDoCliente.map((c) => ({ value: c.id, label: c.nome }))]}
      />
    </div>
  );
}

/** Adding products: "Repetir último pedido", the search, the barcode typed or read with the camera. */
export function SecaoProdutos({ s }: Props) {
  const { ultimo, repetirUltimo, foraDaRepeticao, buscaProduto, setBuscaProduto, codigo, setCodigo, erroCodigo, adicionarPorCodigo, camera, lerComCamera, sugestoesProduto, produtosNoServidor, escolherProduto, dados, cliente } = s;
  const { profile } = useSession();
  const operador = profile?.operador ?? '';
  // Items with the same description in several sizes are told apart by this customer's price and the stock.
  const precos = useMemo(
    () => new Map(sugestoesProduto.map((p) => [p.id, dados && cliente ? precoParaOCliente(dados, operador, cliente, p.id) : null])),
    [sugestoesProduto, dados, cliente, operador],
  );
  return (
    <>
      <h2>Produtos</h2>
      <ProgressoCopia colecao={colecaoProdutos} />
      <ProgressoCopia colecao={colecaoPrecos} />
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
            aria-controls={sugestoesProduto.length ? 'sugestoes-produto' : undefined}
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
              <li key={p.id} data-origem={doServidor(p) ? 'servidor' : 'aparelho'}>
                <button type="button" data-codigo={p.codigo} onClick={() => escolherProduto(p)}>
                  <strong>{p.descricao}</strong>
                  {doServidor(p) ? <span className="selo">do servidor</span> : null}{' '}
                  <small className="muted">
                    {p.codigo} · {p.unidade}
                    {multiploDe(p) > 1 ? ` · múltiplo ${multiploDe(p)}` : ''}
                  </small>{' '}
                  <small className="sugestao-preco">
                    {precos.get(p.id) != null ? (
                      <span className="nowrap">
                        {formatarMoeda(precos.get(p.id)!)} / {p.unidade}
                      </span>
                    ) : cliente ? (
                      'sem preço para este cliente'
                    ) : null}
                    {estoqueDe(p)}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {produtosNoServidor.buscando ? (
          <p className="muted" role="status">
            <IonSpinner name="dots" aria-hidden="true" /> Buscando no servidor…
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The order's lines, each with its pricing and whether it goes to approval or uses the flex budget. */
export function SecaoLinhas({ s, r }: Props) {
  const { previa, dados, errosLinha, aberta, mudar, setAberta } = s;
  if (r.itens.length === 0) return <p className="muted">Nenhum produto no pedido.</p>;
  return (
    <>
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
    </>
  );
}

/** Freight, delivery date and notes. */
export function SecaoEntrega({ s, r }: Props) {
  const { freteTexto, setFreteTexto, mudar } = s;
  return (
    <>
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
    </>
  );
}

/** The totals (products, IPI, ST, freight, bonificação, total) and the reasons for approval. */
export function SecaoTotais({ s, r }: Props) {
  const { previa, dados } = s;
  const { profile } = useSession();
  return (
    <>
      <VerbaFlex saldo={dados ? saldoFlex(dados.politica, profile?.operador ?? '') : null} pedido={previa?.flex_centavos} />
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
    </>
  );
}

/** The error of the last attempt, and saving, sending or discarding the draft. */
export function SecaoAcoes({ s, r }: Props) {
  const { dados, erro, salvando, gravar, pendencia, descartar } = s;
  return (
    <>
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
        <IonButton expand="block" fill="clear" color="medium" onClick={descartar}>
          Descartar e começar outro
        </IonButton>
      ) : null}
    </>
  );
}
