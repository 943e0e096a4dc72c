// A device collection's first copy, said on every screen that reads it: "Baixando a carteira:
// 1.200 de 2.000 clientes" while it is under way, and, when it cannot go on (no connection, the
// server out of reach), that the copy is incomplete — never an empty result ("Nenhum cliente")
// for a list the device has not finished receiving. The words come from the collection's
// declaration (rotulos); the numbers from its sync state (received records, the server's total).
import { IonIcon, IonSpinner } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useOnline } from '../useOnline';
import { copiaParada, useSituacaoColecao, type RotulosColecao, type SituacaoSync } from '../../lib/sync/colecao';

const numero = (n: number) => n.toLocaleString('pt-BR');

/** What a screen needs of a collection to show its first copy. */
export interface ColecaoComProgresso {
  rotulos: RotulosColecao;
  assinarSituacao(l: () => void): () => void;
  situacaoAtual(): SituacaoSync;
}

export interface ProgressoDaCopia {
  /** The first copy has not finished: the device's list is not the whole list. */
  incompleta: boolean;
  /** It cannot go on now (offline, or the last try failed): only the server has the rest. */
  parada: boolean;
  /** The sentence to show (null when the copy is complete or not read yet). */
  texto: string | null;
}

/** The sentence for a collection's first copy (pure: for the hook and its tests). */
export function progressoDaCopia(r: RotulosColecao, s: SituacaoSync, online: boolean): ProgressoDaCopia {
  if (s.primeiraCopia !== true) return { incompleta: false, parada: false, texto: null };
  const parada = copiaParada(s, online);
  if (parada) return { incompleta: true, parada, texto: `${r.incompleta}: conecte-se para buscar ${r.feminino ? 'todas as' : 'todos os'} ${r.itens}.` };
  const quanto = s.total ? `${numero(Math.min(s.recebidos, s.total))} de ${numero(s.total)} ${r.itens}` : s.recebidos > 0 ? `${numero(s.recebidos)} ${r.itens} até agora` : '';
  return { incompleta: true, parada, texto: quanto ? `Baixando ${r.copia}: ${quanto}` : `Baixando ${r.copia}…` };
}

/** A collection's first-copy progress for a screen, kept current. */
export function useProgressoCopia(c: ColecaoComProgresso): ProgressoDaCopia {
  const s = useSituacaoColecao(c);
  const online = useOnline();
  return progressoDaCopia(c.rotulos, s, online);
}

/** The sentence as a status line; nothing once the copy is complete. */
export function ProgressoCopia({ colecao, className }: { colecao: ColecaoComProgresso; className?: string }) {
  const p = useProgressoCopia(colecao);
  if (!p.texto) return null;
  return (
    <div className={`aviso-copia${className ? ` ${className}` : ''}`} role="status" data-testid="progresso-copia" data-parada={p.parada ? 'true' : undefined}>
      {p.parada ? <IonIcon icon={cloudOfflineOutline} aria-hidden="true" /> : <IonSpinner name="dots" aria-hidden="true" />}
      <span>{p.texto}</span>
    </div>
  );
}
