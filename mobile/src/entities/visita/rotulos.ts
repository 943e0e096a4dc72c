// How a visit's verdict, status and result read in pt-BR.
import type { Visita } from '../../lib/api/types';

const VEREDITOS: Record<string, string> = {
  verificado: 'Verificada',
  fora_do_raio: 'Fora do raio',
  precisao_insuficiente: 'Precisão insuficiente',
  localizacao_antiga: 'Localização antiga',
  sem_localizacao: 'Sem localização',
  endereco_sem_coordenadas: 'Endereço sem coordenadas',
};

const RESULTADOS: Record<string, string> = { pedido: 'Pedido', sem_venda: 'Sem venda', outro: 'Outro' };

export const rotuloVeredito = (v: string) => VEREDITOS[v] ?? v;
export const rotuloResultado = (r: string) => RESULTADOS[r] ?? r;

/** "850 m", "12,4 km". */
export function formatarDistancia(m: number | null | undefined): string {
  if (m === null || m === undefined) return '';
  return m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1).replace('.', ',')} km`;
}

/** The visit's result line: "Sem venda: Cliente com estoque cheio · 25 min". */
export function resumoCheckout(v: Pick<Visita, 'status' | 'resultado' | 'motivo_nome' | 'duracao_minutos' | 'checkout_automatico'>): string {
  if (v.status !== 'concluida') return 'Em andamento';
  const r = rotuloResultado(v.resultado) + (v.motivo_nome ? `: ${v.motivo_nome}` : '');
  return `${r} · ${v.duracao_minutos} min${v.checkout_automatico ? ' (check-out automático)' : ''}`;
}
