import { memo, useState } from 'react';
import { TextField } from '../../../../components/ui/TextField';
import { DetalhePreco } from '../../../../components/preco/DetalhePreco';
import type { ResultadoLinha } from '../../../../entities/preco/calcular';
import type { RascunhoPedido } from '../../../../entities/pedido/previa';
import type { Produto } from '../../../../lib/api/types';
import { formatarMoeda } from '../../../../lib/format/money';
import { ajustarAoMultiplo, lerPercentual, mudarLinha, multiploDe, notaDoArredondamento, removerLinha } from '../../utils/rascunho';

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
export const LinhaDoPedido = memo(
  function LinhaDoPedido({ i, linha: l, produto: p, res, bonificacao, aprovacao, flex, erro, aberta, mudar, alternar }: PropsLinha) {
    const m = multiploDe(p);
    // The quantity leaving the field rounded up to the multiple, said at the field while it stands.
    const [arredondada, setArredondada] = useState<{ para: number; nota: string } | null>(null);
    const nota = arredondada && arredondada.para === l.quantidade ? arredondada.nota : '';
    const idNota = `arredondado-${i}`;
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
            aria-describedby={nota ? idNota : undefined}
            onValue={(v) => {
              setArredondada(null);
              mudar((x) => mudarLinha(x, i, { quantidade: Math.max(0, Math.floor(Number(v) || 0)) }));
            }}
            onBlur={() => {
              const para = ajustarAoMultiplo(l.quantidade, m);
              setArredondada({ para, nota: notaDoArredondamento(l.quantidade, para, m) });
              mudar((x) => mudarLinha(x, i, { quantidade: ajustarAoMultiplo(x.itens[i]?.quantidade ?? m, m) }));
            }}
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
        {nota ? (
          <p className="muted" id={idNota} role="status" data-testid="arredondado">
            {nota}
          </p>
        ) : null}
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
