import { Link } from 'react-router-dom';
import { useColecao } from '../../lib/sync/colecao';
import { formatarDataHora } from '../../lib/format/date';
import { colecaoTarefas } from '../../entities/tarefa';
import { nomeDaPrioridade, nomeDoStatus } from '../../entities/tarefa/esquema';

/** The customer file's tasks (the device's copy: offline ones too), open ones first, and a new one. */
export function TarefasDoCliente({ clienteId }: { clienteId: string }) {
  const todas = useColecao(colecaoTarefas);
  const doCliente = (todas ?? []).filter((t) => t.cliente_id === clienteId && !t.excluido);
  const abertas = (s: string) => (s === 'aberta' || s === 'em_andamento' ? 0 : 1);
  doCliente.sort((a, b) => abertas(a.status) - abertas(b.status) || a.vence_em.localeCompare(b.vence_em));
  const enc = encodeURIComponent(clienteId);
  const voltar = encodeURIComponent(`/crm-clientes-ficha?id=${clienteId}`);
  return (
    <section className="secao" aria-label="Tarefas">
      <h3>Tarefas</h3>
      {todas && doCliente.length === 0 ? <p className="muted">Nenhuma tarefa para este cliente.</p> : null}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="tarefas-cliente">
        {doCliente.slice(0, 10).map((t) => (
          <li key={t.id} className="cartao">
            <Link to={`/tarefa-editar?id=${encodeURIComponent(t.id)}&voltar=${voltar}`}>
              {t.titulo} · vence {formatarDataHora(t.vence_em)} · {nomeDoStatus(t.status)} · prioridade {nomeDaPrioridade(t.prioridade)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="acoes">
        <Link to={`/tarefa-editar?cliente_id=${enc}&voltar=${voltar}`} data-testid="nova-tarefa-cliente">
          Nova tarefa
        </Link>
      </div>
    </section>
  );
}
