// The company's visit settings form (ADMIN): the whole settings read, edited and sent back in one
// PUT /crm/configuracao-visitas, checked here with the server's rules and pt-BR messages
// (services/field/internal/domain/configuracao.go, Normalizar) at each field.
import * as z from 'zod/mini';
import type { ConfiguracaoVisitas } from '../../../lib/api/types';

export interface LinhaMotivo {
  /** '' for a new reason: the server makes its id from the name. */
  id: string;
  nome: string;
  exige_foto: boolean;
}

/** The form's values, by the API's field names (numbers as typed). */
export interface ValoresConfiguracao {
  raio_metros: string;
  fora_do_raio: string;
  precisao_maxima_metros: string;
  idade_maxima_posicao_segundos: string;
  checkout_automatico_minutos: string;
  motivos_sem_venda: LinhaMotivo[];
}

export const OPCOES_FORA_DO_RAIO = [
  { value: 'avisar', label: 'Avisar (o check-in é aceito com o aviso)' },
  { value: 'bloquear', label: 'Bloquear (o check-in é recusado)' },
];

/** The server's ranges (domain.Configuracao.Normalizar), each with its name and unit as the message says. */
export const FAIXAS = {
  raio_metros: { nome: 'O raio', min: 10, max: 50_000, unidade: 'metros' },
  precisao_maxima_metros: { nome: 'A precisão máxima', min: 5, max: 10_000, unidade: 'metros' },
  idade_maxima_posicao_segundos: { nome: 'A idade máxima da posição', min: 10, max: 86_400, unidade: 'segundos' },
  checkout_automatico_minutos: { nome: 'O check-out automático', min: 15, max: 24 * 60, unidade: 'minutos' },
} as const;
export const MAX_MOTIVOS = 50;
export const MAX_NOME_MOTIVO = 80;

type CampoFaixa = keyof typeof FAIXAS;
const CAMPOS_FAIXA = Object.keys(FAIXAS) as CampoFaixa[];

const espacos = (s: string) => s.trim().split(/\s+/).filter(Boolean).join(' ');

export function daConfiguracao(c: ConfiguracaoVisitas): ValoresConfiguracao {
  return {
    raio_metros: String(c.raio_metros),
    fora_do_raio: c.fora_do_raio,
    precisao_maxima_metros: String(c.precisao_maxima_metros),
    idade_maxima_posicao_segundos: String(c.idade_maxima_posicao_segundos),
    checkout_automatico_minutos: String(c.checkout_automatico_minutos),
    motivos_sem_venda: c.motivos_sem_venda.map((m) => ({ id: m.id, nome: m.nome, exige_foto: m.exige_foto })),
  };
}

/** Each field's pt-BR error (by its form path: "raio_metros", "motivos_sem_venda.2.nome"). */
export function validarConfiguracao(v: ValoresConfiguracao): Record<string, string> {
  const erros: Record<string, string> = {};
  for (const campo of CAMPOS_FAIXA) {
    const f = FAIXAS[campo];
    const texto = v[campo].trim();
    const n = Number(texto);
    if (!/^\d+$/.test(texto) || n < f.min || n > f.max) erros[campo] = `${f.nome} deve ficar entre ${f.min} e ${f.max} ${f.unidade}.`;
  }
  if (v.fora_do_raio !== 'avisar' && v.fora_do_raio !== 'bloquear') erros.fora_do_raio = 'Fora do raio deve ser avisar ou bloquear.';
  if (v.motivos_sem_venda.length > MAX_MOTIVOS) erros.motivos_sem_venda = `Informe no máximo ${MAX_MOTIVOS} motivos.`;
  const nomes = new Set<string>();
  v.motivos_sem_venda.forEach((m, i) => {
    const nome = espacos(m.nome);
    const campo = `motivos_sem_venda.${i}.nome`;
    if (!nome) erros[campo] = 'Cada motivo precisa de um nome.';
    else if ([...nome].length > MAX_NOME_MOTIVO) erros[campo] = `O nome de um motivo tem no máximo ${MAX_NOME_MOTIVO} caracteres.`;
    else if (nomes.has(nome.toLowerCase())) erros[campo] = `O motivo "${nome}" está repetido.`;
    nomes.add(nome.toLowerCase());
  });
  return erros;
}

export const esquemaConfiguracao = z.custom<ValoresConfiguracao>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarConfiguracao(v))) ctx.addIssue({ code: 'custom', path: campo.split('.'), message });
  }),
);

/** The PUT's body from the form (already validated). */
export function pedidoDaConfiguracao(v: ValoresConfiguracao) {
  return {
    raio_metros: Number(v.raio_metros),
    fora_do_raio: v.fora_do_raio,
    precisao_maxima_metros: Number(v.precisao_maxima_metros),
    idade_maxima_posicao_segundos: Number(v.idade_maxima_posicao_segundos),
    checkout_automatico_minutos: Number(v.checkout_automatico_minutos),
    motivos_sem_venda: v.motivos_sem_venda.map((m) => ({ id: m.id, nome: espacos(m.nome), exige_foto: m.exige_foto })),
  };
}
