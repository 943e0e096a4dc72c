// The goals' CSV import, declared over the shared one (lib/importacao and
// components/importacao/ImportarCsv). The server keys rows by month, seller, kind and cut, so
// running a file again updates instead of duplicating.
import type { DeclaracaoImportacao } from '../../../components/importacao/ImportarCsv';
import { modeloDoFormato, type FormatoCsv } from '../../../lib/importacao';

/** services/sales/internal/app/importar_metas.go ColunasMetas and its aliases. */
export const FORMATO_METAS: FormatoCsv = {
  colunas: ['mes', 'vendedor_id', 'tipo', 'alvo', 'grupo', 'regiao_id', 'cliente_id'],
  aliases: {
    mes_ano: 'mes',
    competencia: 'mes',
    periodo: 'mes',
    vendedor: 'vendedor_id',
    operador: 'vendedor_id',
    id_vendedor: 'vendedor_id',
    tipo_meta: 'tipo',
    meta: 'alvo',
    valor_meta: 'alvo',
    objetivo: 'alvo',
    grupo_produto: 'grupo',
    regiao: 'regiao_id',
    cliente: 'cliente_id',
    id_cliente: 'cliente_id',
  },
};

export const IMPORTACAO_METAS: DeclaracaoImportacao = {
  testId: 'importar-metas',
  item: 'meta',
  feminino: true,
  titulo: 'Importar metas',
  ajuda:
    'Colunas mes (AAAA-MM), vendedor_id, tipo (valor, quantidade, peso, positivacao ou visitas) e alvo: valor em reais, quantidade em unidades, peso em kg, positivação em %, visitas em número de visitas. grupo, regiao_id ou cliente_id (um só) restringem a meta; a de visitas aceita só cliente_id.',
  formato: FORMATO_METAS,
  modelo: {
    arquivo: 'modelo-importacao-metas.csv',
    csv: () =>
      modeloDoFormato(FORMATO_METAS, [
        ['2026-03', 'id-do-vendedor', 'valor', '50.000,00', '', '', ''],
        ['2026-03', 'id-do-vendedor', 'quantidade', '300', 'Bebidas', '', ''],
        ['2026-03', 'id-do-vendedor', 'positivacao', '60', '', '', ''],
        ['2026-03', 'id-do-vendedor', 'peso', '1.250,5', '', 'id-da-regiao', ''],
        ['2026-03', 'id-do-vendedor', 'visitas', '40', '', '', ''],
      ]),
  },
  rotuloChave: 'Meta',
};
