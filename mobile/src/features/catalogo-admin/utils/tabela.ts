// The price table form's rules, the server's (TabelaCadastro.Normalizar), and its payloads.
import * as z from 'zod/mini';
import type { AtualizarTabelaPedido, CriarTabelaPedido, TabelaPreco } from '../../../lib/api/types';
import { lerPercentual, percentualParaTexto } from '../../../lib/format/percentual';
import { caracteres, dataBr, dataValida, erroPercentual, mesmaLista } from './comum';

export interface ValoresTabela {
  nome: string;
  padrao: boolean;
  inicio: string;
  fim: string;
  clientes: string[];
  regioes: string[];
  ufs: string[];
  desconto: string;
}

export const TABELA_VAZIA: ValoresTabela = { nome: '', padrao: false, inicio: '', fim: '', clientes: [], regioes: [], ufs: [], desconto: '0' };

export const daTabela = (t: TabelaPreco): ValoresTabela => ({
  nome: t.nome,
  padrao: t.padrao,
  inicio: t.validade_inicio,
  fim: t.validade_fim,
  clientes: t.clientes ?? [],
  regioes: t.regioes ?? [],
  ufs: t.ufs ?? [],
  desconto: percentualParaTexto(t.desconto_percentual ?? 0),
});

export function validarTabela(v: ValoresTabela): Record<string, string> {
  const e: Record<string, string> = {};
  const nome = v.nome.trim();
  if (!nome) e.nome = 'Informe o nome da tabela.';
  else if (caracteres(nome) > 120) e.nome = 'O nome da tabela deve ter no máximo 120 caracteres.';
  if (!dataValida(v.inicio)) e.inicio = 'Início da validade deve ser uma data AAAA-MM-DD.';
  if (!dataValida(v.fim)) e.fim = 'Fim da validade deve ser uma data AAAA-MM-DD.';
  else if (v.fim && v.inicio && v.fim < v.inicio) e.fim = 'Fim da validade não pode ser antes do início.';
  const d = erroPercentual(v.desconto, -100, 100, 'Desconto da tabela deve ficar entre -100% e 100%.');
  if (d) e.desconto = d;
  return e;
}

export const esquemaTabela = z.custom<ValoresTabela>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarTabela(v))) ctx.addIssue({ code: 'custom', path: [campo], message });
  }),
);

export function novaTabela(id: string, v: ValoresTabela): CriarTabelaPedido {
  return {
    id,
    nome: v.nome.trim(),
    padrao: v.padrao,
    validade_inicio: v.inicio,
    validade_fim: v.fim,
    clientes: v.clientes,
    regioes: v.regioes,
    ufs: v.ufs,
    desconto_percentual: lerPercentual(v.desconto) ?? 0,
  };
}

/** Only what changed; a list emptied is sent as limpar_* (an empty list means "unchanged"). */
export function alteracaoDaTabela(t: TabelaPreco, v: ValoresTabela): AtualizarTabelaPedido {
  const a = daTabela(t);
  const out: AtualizarTabelaPedido = { versao: t.versao };
  if (v.nome.trim() !== a.nome) out.nome = v.nome.trim();
  if (v.padrao !== a.padrao) out.padrao = v.padrao;
  if (v.inicio !== a.inicio) out.validade_inicio = v.inicio;
  if (v.fim !== a.fim) out.validade_fim = v.fim;
  const desconto = lerPercentual(v.desconto) ?? 0;
  if (desconto !== (t.desconto_percentual ?? 0)) out.desconto_percentual = desconto;
  for (const k of ['clientes', 'regioes', 'ufs'] as const) {
    if (mesmaLista(v[k], a[k])) continue;
    if (v[k].length) out[k] = v[k];
    else out[`limpar_${k}`] = true;
  }
  return out;
}

const CAMPOS: Record<string, string> = { validade_inicio: 'inicio', validade_fim: 'fim', desconto_percentual: 'desconto' };
export const campoDaTabela = (c: string) => CAMPOS[c] ?? c;

/** "01/01/2026 a 31/12/2026", "a partir de 01/01/2026", "sem prazo". */
export function vigencia(t: Pick<TabelaPreco, 'validade_inicio' | 'validade_fim'>): string {
  if (t.validade_inicio && t.validade_fim) return `${dataBr(t.validade_inicio)} a ${dataBr(t.validade_fim)}`;
  if (t.validade_inicio) return `a partir de ${dataBr(t.validade_inicio)}`;
  if (t.validade_fim) return `até ${dataBr(t.validade_fim)}`;
  return 'sem prazo';
}

/** Who the table applies to, in words. */
export function aQuemSeAplica(t: Pick<TabelaPreco, 'padrao' | 'clientes' | 'regioes' | 'ufs'>): string {
  const partes: string[] = [];
  if (t.padrao) partes.push('Padrão da empresa');
  if (t.clientes?.length) partes.push(`${t.clientes.length} cliente(s)`);
  if (t.regioes?.length) partes.push(`${t.regioes.length} região(ões)`);
  if (t.ufs?.length) partes.push(t.ufs.join(', '));
  return partes.join(' · ') || 'Nenhum cliente ainda';
}
