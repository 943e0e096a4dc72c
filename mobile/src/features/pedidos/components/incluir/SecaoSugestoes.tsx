import { IonButton } from '@ionic/react';
import { detalheSugestao, itensQueCostumaComprar } from '../../../../entities/cliente/sugestoes';
import type { EstadoIncluirPedido } from '../../hooks/useIncluirPedido';

/**
 * "Sugestão: N itens que este cliente costuma comprar": once the customer is chosen, what they
 * stopped buying, each a tap away from a line of the usual quantity, or all at once. Nothing
 * when there is nothing to suggest (or offline: the suggestions come from the server).
 */
export function SecaoSugestoes({ s }: { s: EstadoIncluirPedido }) {
  const { sugeridos, adicionarSugerido, adicionarTodosSugeridos } = s;
  if (!sugeridos.length) return null;
  return (
    <section className="cartao pedido-sugestoes-cliente" aria-label="Sugestões para este cliente" data-testid="sugestoes-pedido">
      <p style={{ margin: '0 0 8px' }}>
        <strong>Sugestão:</strong> {itensQueCostumaComprar(sugeridos.length)}
      </p>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sugeridos.map((x) => (
          <li key={x.produto_id} className="pedido-linha-topo" data-testid="sugestao" data-produto={x.produto_id}>
            <span>
              <strong>{x.descricao}</strong>
              <br />
              <small className="muted">{detalheSugestao(x)}</small>
            </span>
            <IonButton fill="outline" size="small" onClick={() => adicionarSugerido(x)} aria-label={`Adicionar ${x.descricao}`}>
              Adicionar
            </IonButton>
          </li>
        ))}
      </ul>
      {sugeridos.length > 1 ? (
        <IonButton size="small" onClick={adicionarTodosSugeridos} data-testid="adicionar-todas-sugestoes">
          Adicionar todos
        </IonButton>
      ) : null}
    </section>
  );
}
