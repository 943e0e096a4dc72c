// ICMS-ST rules (ADMIN): the screen of a simple entity (components/entidade) declared here — the
// list's columns, the form's fields (its rules, options, payload and the list's UF filter from
// contracts/formularios.json, FORMULARIO_REGRA_ST), the CSV import and the texts. A rule is not
// edited: it is deleted and created again.
import { PaginaCadastro, type TelaCadastro } from '../../../components/entidade/PaginaCadastro';
import { regrasSt } from '../../../entities/regraSt';
import { Motivo } from '../../../lib/api/client';
import type { CriarRegraSTPedido, RegraST } from '../../../lib/api/types';
import { FORMULARIO_REGRA_ST } from '../../../lib/contratos/formularios.gen';
import type { ValoresFormulario } from '../../../lib/entidade/formulario';
import { formatarPercentual } from '../../../lib/format/percentual';
import { importarRegrasSt } from '../api/regrasSt';
import { IMPORTACAO_REGRAS_ST } from '../utils/importacoes';
import { resumoFiscal } from '../utils/regraSt';
import './catalogo.css';

const resumoRegra = (r: RegraST) =>
  [
    `MVA ${formatarPercentual(r.mva_percentual)}`,
    `interna ${formatarPercentual(r.aliquota_interna_percentual)}`,
    `interestadual ${formatarPercentual(r.aliquota_interestadual_percentual)}`,
    ...(r.reducao_base_percentual ? [`redução ${formatarPercentual(r.reducao_base_percentual)}`] : []),
    ...resumoFiscal(r),
  ].join(' · ');

const TELA: TelaCadastro<RegraST, CriarRegraSTPedido, never, ValoresFormulario> = {
  entidade: regrasSt,
  idLista: 'lista-regras-st',
  idFormulario: 'form-regra-st',
  descricao:
    'ICMS-ST por NCM e UF do cliente, só para contribuintes do ICMS. Entre estados a MVA é ajustada pela fórmula dos protocolos, conforme a regra; empresa do Simples Nacional usa a MVA original (Convênio ICMS 142/2018).',
  colunas: { titulo: (r) => `${r.uf} · NCM ${r.ncm}`, resumo: resumoRegra },
  importacao: { declaracao: IMPORTACAO_REGRAS_ST, importar: importarRegrasSt, rotulo: 'Importar regras (CSV)' },
  rotulos: {
    curto: 'regra',
    criada: (r) => `Regra de ${r.uf} para o NCM ${r.ncm} criada.`,
    excluida: (r) => `Regra de ${r.uf} para o NCM ${r.ncm} excluída.`,
    excluir: { titulo: 'Excluir regra de ST', mensagem: (r) => `Excluir a regra de ${r.uf} para o NCM ${r.ncm}?` },
  },
  formulario: {
    contrato: FORMULARIO_REGRA_ST,
    iniciais: { reducao_base_percentual: '0', reducao_base_tipo: 'st', ajuste_mva: 'sempre' },
    recusas: {
      [Motivo.ChaveDuplicada]: (v) => ({
        mensagem: `Já existe uma regra de ST para o NCM ${String(v.ncm).trim()} em ${v.uf}. Exclua a antiga para trocar os percentuais.`,
        campo: { nome: 'ncm', mensagem: 'Já existe regra para este NCM e UF.' },
      }),
    },
    campos: [
      [
        { tipo: 'texto', nome: 'ncm', rotulo: 'NCM (ou prefixo)', inputMode: 'numeric', ajuda: '2 a 8 dígitos; vence o prefixo mais longo.' },
        { tipo: 'select', nome: 'uf', rotulo: 'UF de destino', primeira: 'Escolha' },
      ],
      [
        { tipo: 'texto', nome: 'mva_percentual', rotulo: 'MVA (%)', inputMode: 'decimal' },
        { tipo: 'texto', nome: 'reducao_base_percentual', rotulo: 'Redução da base (%)', inputMode: 'decimal' },
      ],
      [
        { tipo: 'texto', nome: 'aliquota_interna_percentual', rotulo: 'Alíquota interna (%)', inputMode: 'decimal' },
        { tipo: 'texto', nome: 'aliquota_interestadual_percentual', rotulo: 'Alíquota interestadual (%)', inputMode: 'decimal' },
      ],
      [
        { tipo: 'select', nome: 'reducao_base_tipo', rotulo: 'A redução da base vale para' },
        { tipo: 'select', nome: 'ajuste_mva', rotulo: 'MVA ajustada entre estados' },
      ],
      {
        tipo: 'marcar',
        nome: 'aliquota_intra_efetiva',
        rotulo: 'No ajuste da MVA, a alíquota interna é a carga efetiva (alíquota interna após a redução da base), como define o protocolo',
      },
      { tipo: 'nota', chave: 'simples', texto: 'Empresa do Simples Nacional usa sempre a MVA original entre estados (definido na política comercial).' },
    ],
  },
};

export default function RegrasStPage() {
  return <PaginaCadastro tela={TELA} />;
}
