// The sign-out warning counts what waits in the outbox in pt-BR: every operation any entity
// declares says what it changes, singular and plural, with the right gender.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import '.';
import { operacoesDeclaradas, resumoPendentes, type ItemSaida } from '../lib/sync/saida';

const M = (um: string, varios: string) => [`1 ${um} ainda não foi enviado`, `2 ${varios} ainda não foram enviados`];
const F = (um: string, varios: string) => [`1 ${um} ainda não foi enviada`, `2 ${varios} ainda não foram enviadas`];

const ESPERADO: Record<string, string[]> = {
  'clientes.criar': M('cliente', 'clientes'),
  'clientes.alterar': M('cliente', 'clientes'),
  'clientes.excluir': M('cliente', 'clientes'),
  'clientes.salvar-contato': M('cliente', 'clientes'),
  'clientes.remover-contato': M('cliente', 'clientes'),
  'clientes.salvar-endereco': M('cliente', 'clientes'),
  'clientes.remover-endereco': M('cliente', 'clientes'),
  'pedidos.criar': M('pedido', 'pedidos'),
  'pedidos.atualizar': M('pedido', 'pedidos'),
  'pedidos.enviar': M('pedido', 'pedidos'),
  'pedidos.aprovar': M('pedido', 'pedidos'),
  'pedidos.reprovar': M('pedido', 'pedidos'),
  'pedidos.reabrir': M('pedido', 'pedidos'),
  'pedidos.cancelar': M('pedido', 'pedidos'),
  'pedidos.duplicar': M('pedido', 'pedidos'),
  'pedidos.status': M('pedido', 'pedidos'),
  'pesquisas.responder': F('resposta de pesquisa', 'respostas de pesquisa'),
  'carteira.transferir': F('transferência de carteira', 'transferências de carteira'),
  'carteira.atribuir': F('atribuição de clientes', 'atribuições de clientes'),
  'condicoes.criar': F('condição de pagamento', 'condições de pagamento'),
  'condicoes.alterar': F('condição de pagamento', 'condições de pagamento'),
  'condicoes.excluir': F('condição de pagamento', 'condições de pagamento'),
  'regras-st.criar': F('regra de ST', 'regras de ST'),
  'regras-st.excluir': F('regra de ST', 'regras de ST'),
  'visitas.checkin': M('check-in', 'check-ins'),
  'visitas.checkout': M('check-out', 'check-outs'),
  'visitas.foto': F('foto de visita', 'fotos de visita'),
  'visitas.excluirFoto': F('exclusão de foto', 'exclusões de foto'),
  'tarefas.criar': F('tarefa', 'tarefas'),
  'tarefas.alterar': F('tarefa', 'tarefas'),
  'tarefas.excluir': F('tarefa', 'tarefas'),
};

let seq = 0;
/** An outbox item of `op` on record `alvo` (`resposta`: the survey answer's id). */
function item(op: string, alvo: string, resposta = alvo): ItemSaida {
  seq++;
  return { seq, id: `i${seq}`, op, colecao: '', alvo, dados: { id: alvo, novo_id: alvo, clienteId: alvo, corpo: { id: resposta } }, base: 0, criadoEm: '', tentativas: 0 };
}

describe('what waits, in pt-BR (the sign-out warning)', () => {
  it('every operation an entity declares has its words here', () => {
    expect(operacoesDeclaradas().sort()).toEqual(Object.keys(ESPERADO).sort());
  });

  it.each(Object.entries(ESPERADO))('%s: one and two', (op, [um, dois]) => {
    expect(resumoPendentes([item(op, 'a')])).toBe(um);
    // Two changes to the same record count once (except two survey answers of one customer).
    if (op !== 'pesquisas.responder') expect(resumoPendentes([item(op, 'a'), item(op, 'a')])).toBe(um);
    expect(resumoPendentes([item(op, 'a'), item(op, 'b')])).toBe(dois);
  });

  it('two survey answers for one customer are two answers', () => {
    expect(resumoPendentes([item('pesquisas.responder', 'c1', 'r1'), item('pesquisas.responder', 'c1', 'r2')])).toBe('2 respostas de pesquisa ainda não foram enviadas');
  });

  it('several kinds, in the order they were made; masculine unless all are feminine', () => {
    // An order created and then sent is one order.
    const pedidos = [item('pedidos.criar', 'p1'), item('clientes.alterar', 'c1'), item('pedidos.enviar', 'p1'), item('pedidos.criar', 'p2')];
    expect(resumoPendentes(pedidos)).toBe('2 pedidos e 1 cliente ainda não foram enviados');
    expect(resumoPendentes([...pedidos, item('pesquisas.responder', 'c1', 'r1')])).toBe('2 pedidos, 1 cliente e 1 resposta de pesquisa ainda não foram enviados');
    expect(resumoPendentes([item('pesquisas.responder', 'c1', 'r1'), item('carteira.transferir', 't1')])).toBe(
      '1 resposta de pesquisa e 1 transferência de carteira ainda não foram enviadas',
    );
    expect(resumoPendentes([item('clientes.criar', 'c1'), item('carteira.atribuir', 't1')])).toBe('1 cliente e 1 atribuição de clientes ainda não foram enviados');
  });

  it('an item of an operation this version does not know is an "alteração"; nothing waiting says nothing', () => {
    expect(resumoPendentes([item('antiga.operacao', 'x')])).toBe('1 alteração ainda não foi enviada');
    expect(resumoPendentes([item('antiga.operacao', 'x'), item('antiga.operacao', 'x')])).toBe('2 alterações ainda não foram enviadas');
    expect(resumoPendentes([])).toBe('');
  });

  it('large counts with the pt-BR thousands separator', () => {
    const muitos = Array.from({ length: 1200 }, (_, i) => item('clientes.alterar', `c${i}`));
    expect(resumoPendentes(muitos)).toBe('1.200 clientes ainda não foram enviados');
  });
});
