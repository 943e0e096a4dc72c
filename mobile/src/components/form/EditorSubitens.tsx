// One editor for the items a record holds (a customer's contacts and addresses; an order's items
// next): the list with the main one first, Editar / Remover (confirmed) per item, one form open at
// a time inline, and Incluir. What an item shows and its form are the caller's.
import { useState, type ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { add } from 'ionicons/icons';
import { EmptyState } from '../ui/ErrorState';
import { useConfirm } from '../ui/useConfirm';

export interface Subitem {
  id: string;
  principal?: boolean;
}

interface Props<T extends Subitem, V> {
  itens: readonly T[];
  /** The item's title (its name, its address line). */
  titulo: (it: T) => ReactNode;
  /** Lines under the title. */
  detalhe?: (it: T) => ReactNode;
  /** Links next to Editar / Remover (call, WhatsApp, map). */
  acoes?: (it: T) => ReactNode;
  /** Sort after the main one first (default: as given). */
  ordem?: (a: T, b: T) => number;
  vazio: string;
  rotuloIncluir: string;
  /** The confirm's text ("Remover o contato Maria?"). */
  confirmarRemocao: (it: T) => { header: string; message: string };
  /** Values of a new item (principal when it is the first one). */
  novo: (primeiro: boolean) => V;
  /** Values of an existing item. */
  deItem: (it: T) => V;
  /** The item's form; calls onFim when saved or cancelled. */
  formulario: (p: { inicial: V; novo: boolean; onFim: () => void }) => ReactNode;
  onRemover: (it: T) => void;
  removendo?: boolean;
  testId: string;
}

export function EditorSubitens<T extends Subitem, V extends { id: string }>(p: Props<T, V>) {
  const confirm = useConfirm();
  const [editando, setEditando] = useState<{ valores: V; novo: boolean } | null>(null);
  const lista = [...p.itens].sort((a, b) => Number(Boolean(b.principal)) - Number(Boolean(a.principal)) || (p.ordem?.(a, b) ?? 0));
  const fim = () => setEditando(null);
  return (
    <>
      {editando ? <div key={editando.valores.id}>{p.formulario({ inicial: editando.valores, novo: editando.novo, onFim: fim })}</div> : null}
      {lista.length === 0 && !editando ? <EmptyState>{p.vazio}</EmptyState> : null}
      <ul style={{ listStyle: 'none', padding: 0 }} data-testid={p.testId}>
        {lista.map((it) => (
          <li key={it.id} className="cartao">
            <strong>
              {p.titulo(it)}
              {it.principal ? <span className="selo">principal</span> : null}
            </strong>
            {p.detalhe ? p.detalhe(it) : null}
            <div className="acoes">
              {p.acoes ? p.acoes(it) : null}
              <button type="button" onClick={() => setEditando({ valores: p.deItem(it), novo: false })}>
                Editar
              </button>
              <button
                type="button"
                className="perigo"
                disabled={p.removendo}
                onClick={() => void confirm(p.confirmarRemocao(it)).then((ok) => ok && p.onRemover(it))}
              >
                Remover
              </button>
            </div>
          </li>
        ))}
      </ul>
      {!editando ? (
        <IonButton expand="block" onClick={() => setEditando({ valores: p.novo(p.itens.length === 0), novo: true })}>
          <IonIcon slot="start" icon={add} aria-hidden="true" />
          {p.rotuloIncluir}
        </IonButton>
      ) : null}
    </>
  );
}
