// Tasks (tarefas), a simple entity of the field service: on the device over their feed (the
// assignee's, the team's for a supervisor), created and edited offline through the outbox and
// shown at once (local) until the server answers.
import type { AtualizarTarefaPedido, CriarTarefaPedido, Tarefa } from '../../lib/api/types';
import { definirEntidade } from '../../lib/entidade/entidade';
import { readProfile } from '../../lib/storage';

export type MudancasTarefa = Omit<AtualizarTarefaPedido, 'versao'>;

export const tarefas = definirEntidade<Tarefa, CriarTarefaPedido, MudancasTarefa>({
  colecao: 'tarefas',
  rota: '/tarefas',
  campoLista: 'tarefas',
  campoAlteracao: 'tarefa',
  operacoes: 'tarefas',
  especie: { um: 'tarefa', varios: 'tarefas', feminino: true },
  nome: (t) => t.titulo ?? '',
  // By due time, then title.
  ordem: (t) => `${t.vence_em ?? ''}\u0000${t.titulo ?? ''}`,
  local: (c) => ({
    id: c.id ?? '',
    empresa: '',
    titulo: c.titulo ?? '',
    descricao: c.descricao ?? '',
    cliente_id: c.cliente_id ?? '',
    vence_em: c.vence_em ?? '',
    prioridade: c.prioridade || 'media',
    status: c.status || 'aberta',
    responsavel_id: c.responsavel_id || readProfile()?.operador || '',
    lembrete_minutos_antes: c.lembrete_minutos_antes ?? 0,
    versao: '0',
    criado_por: '',
    criado_em: '',
    alterado_em: '',
    excluido: false,
  }),
});

export const colecaoTarefas = tarefas.colecao;
