import type { Origem, ResultadoLinha } from '../../entities/preco/calcular';
import { formatarMoeda } from '../../lib/format/money';
import { formatarPercentual } from '../../lib/format/percentual';

export const NOMES_ORIGEM: Record<Origem, string> = {
  tabela: 'Desconto da tabela',
  promocao: 'Promoção',
  volume: 'Desconto por volume',
  vendedor: 'Desconto do vendedor',
  flex: 'Desconto com verba flex',
  condicao: 'Condição de pagamento',
};

/**
 * "Why this price": the list price, each discount in the order it applied, taxes and total (the
 * product screen of `listas` and each line of an order). A given (bonificação) line says it costs
 * the customer nothing. Given the product's unit, each per-unit figure names it ("R$ 6,49 por
 * CX") and so does the quantity ("12 CX").
 */
export function DetalhePreco({ linha, unidade, bonificacao }: { linha: ResultadoLinha; unidade?: string; bonificacao?: boolean }) {
  const un = unidade?.trim();
  const porUnidade = (c: number) => (un ? `${formatarMoeda(c)} por ${un}` : formatarMoeda(c));
  const linhas: [string, string][] = [['Preço de tabela', porUnidade(linha.preco_lista_centavos)]];
  if (bonificacao) linhas.push(['Bonificação: sem custo para o cliente', formatarMoeda(0)]);
  for (const d of linha.descontos) {
    // A negative discount is a surcharge (a term's interest, selling above the table).
    const nome = NOMES_ORIGEM[d.origem] ?? d.origem;
    linhas.push([d.percentual < 0 ? `${nome} (acréscimo)` : nome, formatarPercentual(-d.percentual)]);
  }
  linhas.push(['Preço unitário', porUnidade(linha.preco_unitario_centavos)]);
  if (linha.quantidade !== 1) linhas.push([un ? `${linha.quantidade} ${un}` : `${linha.quantidade} unidades`, formatarMoeda(linha.valor_centavos)]);
  if (linha.ipi_centavos) linhas.push(['IPI', formatarMoeda(linha.ipi_centavos)]);
  if (linha.st_centavos) linhas.push(['ICMS-ST', formatarMoeda(linha.st_centavos)]);
  linhas.push(['Total com impostos', formatarMoeda(linha.total_centavos)]);
  return (
    <dl className="detalhe-preco" data-testid="detalhe-preco">
      {linhas.map(([k, v], i) => (
        <div key={i} className={i === linhas.length - 1 ? 'total' : undefined}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
