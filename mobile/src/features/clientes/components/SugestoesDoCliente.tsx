import { detalheSugestao, itensQueCostumaComprar, useSugestoes } from '../../../entities/cliente/sugestoes';

/**
 * On the customer's file: what they stopped buying (bought in at least 2 of the last 6 months, not
 * in the last 45 days), the most usual first. Hidden when there is none, and offline.
 */
export function SugestoesDoCliente({ clienteId }: { clienteId: string }) {
  const sugestoes = useSugestoes(clienteId);
  if (!sugestoes.length) return null;
  return (
    <section className="secao" aria-label="Parou de comprar" data-testid="sugestoes-cliente">
      <h3>Parou de comprar</h3>
      <p className="muted">{itensQueCostumaComprar(sugestoes.length)} e não compra há mais de 45 dias.</p>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sugestoes.map((x) => (
          <li key={x.produto_id} className="cartao" data-testid="sugestao" data-produto={x.produto_id}>
            <strong>{x.descricao}</strong>
            <br />
            <small className="muted">{detalheSugestao(x)}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
