// How a payment term reads in the list (its form's rules are contracts/formularios.json's).
import type { CondicaoPagamento } from '../../../lib/api/types';
import { FORMULARIO_CONDICAO_PAGAMENTO } from '../../../lib/contratos/formularios.gen';
import { opcoesDe } from '../../../lib/entidade/formulario';
import { formatarMoeda } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';

const FORMAS = opcoesDe(FORMULARIO_CONDICAO_PAGAMENTO, 'forma');

/** "28/35/42 dias", "À vista". */
export function descreverParcelas(dias: readonly number[]): string {
  if (!dias?.length || (dias.length === 1 && dias[0] === 0)) return 'À vista';
  return `${dias.join('/')} dias`;
}

/** "28/35/42 dias · Boleto · acréscimo de 1,5% · mínimo R$ 300,00". */
export function resumoCondicao(c: CondicaoPagamento): string {
  const partes = [descreverParcelas(c.parcelas_dias), FORMAS.find((x) => x.value === c.forma)?.label ?? c.forma];
  if (c.acrescimo_percentual > 0) partes.push(`acréscimo de ${formatarPercentual(c.acrescimo_percentual)}`);
  if (c.acrescimo_percentual < 0) partes.push(`desconto de ${formatarPercentual(-c.acrescimo_percentual)}`);
  if (c.valor_minimo_centavos && c.valor_minimo_centavos !== '0') partes.push(`mínimo ${formatarMoeda(c.valor_minimo_centavos)}`);
  if (c.clientes?.length) partes.push(`${c.clientes.length} cliente(s)`);
  return partes.join(' · ');
}
