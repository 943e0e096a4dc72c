// The company's visit settings form (ADMIN): the whole settings read, edited and sent back in one
// PUT /crm/configuracao-visitas. Its ranges, options, reasons' rules and pt-BR messages are the
// server's, declared once in contracts/formularios.json (ConfiguracaoVisitas; the server's
// Configuracao.Normalizar runs the same generated rules) and read here through the form kit.
import type { $ZodType } from 'zod/v4/core';
import type { ConfiguracaoVisitas, DefinirConfiguracaoVisitasPedido } from '../../../lib/api/types';
import { FORMULARIO_CONFIGURACAO_VISITAS as F } from '../../../lib/contratos/formularios.gen';
import { esquemaDe, faixaDe, lerValores, maxCaracteresDoItem, opcoesDe, validarValores, valoresDe } from '../../../lib/entidade/formulario';

export type LinhaMotivo = {
  /** '' for a new reason: the server makes its id from the name. */
  id: string;
  nome: string;
  exige_foto: boolean;
};

/** The form's values, by the API's field names (numbers as typed). */
export type ValoresConfiguracao = {
  raio_metros: string;
  fora_do_raio: string;
  precisao_maxima_metros: string;
  idade_maxima_posicao_segundos: string;
  checkout_automatico_minutos: string;
  motivos_sem_venda: LinhaMotivo[];
};

export const OPCOES_FORA_DO_RAIO = opcoesDe(F, 'fora_do_raio');
export const MAX_NOME_MOTIVO = maxCaracteresDoItem(F, 'motivos_sem_venda', 'nome');

/** A range's help text: "De 10 a 50.000 metros." */
export function ajudaFaixa(campo: keyof ValoresConfiguracao, unidade: string): string {
  const { min, max } = faixaDe(F, campo);
  return `De ${min} a ${max?.toLocaleString('pt-BR')} ${unidade}.`;
}

export const daConfiguracao = (c: ConfiguracaoVisitas) => valoresDe(F, c) as ValoresConfiguracao;

/** Each field's pt-BR error (by its form path: "raio_metros", "motivos_sem_venda.2.nome"). */
export const validarConfiguracao = (v: ValoresConfiguracao) => validarValores(F, v);

export const esquemaConfiguracao = esquemaDe(F) as unknown as $ZodType<ValoresConfiguracao>;

/** The PUT's body from the form (already validated): numbers, the reasons' names normalized. */
export const pedidoDaConfiguracao = (v: ValoresConfiguracao) => lerValores(F, v).payload as DefinirConfiguracaoVisitasPedido;
