import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client';
import type { CriarPedidoPedido, Pedido } from '../../lib/api/types';
import { apagarBancoInteiro } from '../../lib/device-db';
import { clearOnLogout, storeOperatorProfile } from '../../lib/storage';
import { enviarSaida, executar, pararAgendamento, situacaoSaida } from '../../lib/sync/saida';
import { corpoDoPedido, pedidoDaPrevia, precificarRascunho, rascunhoVazio } from './previa';
import { apagarRascunho, guardarRascunho, lerRascunho } from './rascunho';
import { CLIENTE, DADOS, PRODUTOS } from './teste.fixture';

/** A fake orders API: creation idempotent by client id, a switch for no connection. */
const servidor = vi.hoisted(() => ({
  pedidos: new Map<string, Record<string, unknown>>(),
  chamadas: [] as string[],
  offline: false,
  perderResposta: false,
  numero: 100,
  /** The status the next send leads to. */
  aoEnviar: 'enviado',
  precosAlterados: false,
}));

vi.mock('./api', () => {
  const rede = () => new ApiError(0, null);
  const responder = <T,>(f: () => T): T => {
    if (servidor.offline) throw rede();
    const r = f();
    if (servidor.perderResposta) {
      servidor.perderResposta = false;
      throw rede();
    }
    return r;
  };
  return {
    alteracoesPedidos: async () => ({ alteracoes: [], cursor: '', mais: false }),
    criarPedido: async (c: CriarPedidoPedido) =>
      responder(() => {
        servidor.chamadas.push(`criar ${c.id}`);
        const atual = servidor.pedidos.get(c.id!);
        if (atual) return atual;
        const p = { id: c.id, numero: String(++servidor.numero), status: c.enviar ? servidor.aoEnviar : 'orcamento', versao: '1', cliente: { nome: 'Mercado Bom Preço' }, criado_em: new Date().toISOString(), alterado_em: new Date().toISOString() };
        servidor.pedidos.set(c.id!, p);
        return p;
      }),
    acaoPedido: async (id: string, acao: string) =>
      responder(() => {
        servidor.chamadas.push(`${acao} ${id}`);
        const p = servidor.pedidos.get(id)!;
        if (acao === 'enviar' && servidor.precosAlterados) {
          servidor.pedidos.set(id, { ...p, versao: String(Number(p.versao) + 1), precos_alterados: [{ mensagem: 'Preço de Café 500g mudou de R$ 9,00 para R$ 10,00.' }] });
          throw new ApiError(409, { mensagem: 'Preços mudaram.', motivo: 'PRECOS_ALTERADOS' });
        }
        if (acao === 'enviar' && p.status !== 'orcamento') throw new ApiError(409, { mensagem: 'Não permitido.', motivo: 'TRANSICAO_NAO_PERMITIDA' });
        const n = { ...p, status: acao === 'enviar' ? servidor.aoEnviar : p.status, versao: String(Number(p.versao) + 1) };
        servidor.pedidos.set(id, n);
        return n;
      }),
    obterPedido: async (id: string) => responder(() => servidor.pedidos.get(id)),
    alterarStatusPedido: async (id: string, b: { versao?: string; status: string; nota_fiscal?: { numero: string } }) =>
      responder(() => {
        servidor.chamadas.push(`status ${id} ${b.status}${b.nota_fiscal ? ` nf ${b.nota_fiscal.numero}` : ''} v${b.versao}`);
        const p = servidor.pedidos.get(id)!;
        if (p.status === b.status && !b.nota_fiscal) throw new ApiError(409, { mensagem: 'Não permitido.', motivo: 'TRANSICAO_NAO_PERMITIDA' });
        const n = { ...p, status: b.status, versao: String(Number(p.versao) + 1) };
        servidor.pedidos.set(id, n);
        return n;
      }),
    atualizarPedido: async (id: string, b: { versao?: string; itens: unknown[]; enviar: boolean }) =>
      responder(() => {
        servidor.chamadas.push(`atualizar ${id} v${b.versao}`);
        const p = servidor.pedidos.get(id)!;
        if (b.versao !== p.versao) throw new ApiError(409, { mensagem: 'Versão desatualizada.', motivo: 'VERSAO_DESATUALIZADA' });
        const n = { ...p, itens: b.itens, status: b.enviar ? servidor.aoEnviar : 'orcamento', versao: String(Number(p.versao) + 1) };
        servidor.pedidos.set(id, n);
        return n;
      }),
    cancelarPedido: async () => undefined,
    duplicarPedido: async (id: string, b: { novo_id: string }) =>
      responder(() => {
        servidor.chamadas.push(`duplicar ${id} ${b.novo_id}`);
        const p = { ...servidor.pedidos.get(id)!, id: b.novo_id, numero: String(++servidor.numero), status: 'orcamento', versao: '1' };
        servidor.pedidos.set(b.novo_id, p);
        return p;
      }),
  };
});

const { alterarStatusPedidoOp, atualizarPedidoOp, criarPedidoOp, duplicarPedidoOp, enviarPedidoOp, previaDuplicada } = await import('./operacoes');
const { colecaoPedidos } = await import('./colecao');

function pedidoNovo(id: string, enviar: boolean) {
  const r = { ...rascunhoVazio(id, 'c1'), itens: [{ produto_id: 'p1', quantidade: 2, desconto_percentual: 0, bonificacao: false }] };
  const previa = precificarRascunho(DADOS, 'v1', CLIENTE, null, r);
  return { corpo: corpoDoPedido(r, previa, enviar), previa: pedidoDaPrevia(r, previa, { cliente: CLIENTE, condicao: undefined, produto: (x) => PRODUTOS.find((p) => p.id === x), vendedorId: 'v1' }), rascunho: r };
}

describe('orders through the outbox', () => {
  beforeEach(async () => {
    pararAgendamento();
    await apagarBancoInteiro();
    clearOnLogout();
    storeOperatorProfile({ empresa: 'demo', id: 'v1', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false }, { uid: 'u1', email: 'ana@demo.example.com', displayName: 'Ana' });
    servidor.numero = 100;
    servidor.pedidos.clear();
    servidor.chamadas = [];
    servidor.offline = false;
    servidor.perderResposta = false;
    servidor.aoEnviar = 'enviado';
    servidor.precosAlterados = false;
  });

  it('an order entered offline shows at once as "a enviar" and is sent once when the connection returns', async () => {
    servidor.offline = true;
    expect(await executar(criarPedidoOp, pedidoNovo('o1', true))).toEqual({ pendente: true });
    const local = await colecaoPedidos.um('o1');
    expect(local).toMatchObject({ numero: '0', _pendente: true, total_centavos: '2000' });
    servidor.offline = false;
    expect(await enviarSaida()).toBe(1);
    expect(await enviarSaida()).toBe(0);
    expect(servidor.chamadas).toEqual(['criar o1']);
    expect(await colecaoPedidos.um('o1')).toMatchObject({ numero: '101', status: 'enviado' });
    expect((await colecaoPedidos.um('o1'))?._pendente).toBeFalsy();
    expect(situacaoSaida().total).toBe(0);
  });

  it('a replay whose answer was lost returns the first order (same id, same number)', async () => {
    servidor.perderResposta = true;
    expect(await executar(criarPedidoOp, pedidoNovo('o2', false))).toEqual({ pendente: true });
    await enviarSaida();
    expect(servidor.chamadas).toEqual(['criar o2', 'criar o2']);
    expect(servidor.pedidos.size).toBe(1);
    expect(await colecaoPedidos.um('o2')).toMatchObject({ numero: '101', status: 'orcamento' });
  });

  it('a send after an offline creation waits behind it; a send whose answer was lost is recognised', async () => {
    servidor.offline = true;
    await executar(criarPedidoOp, pedidoNovo('o3', false));
    await executar(enviarPedidoOp, { id: 'o3', rotulo: 'a enviar' });
    servidor.offline = false;
    servidor.aoEnviar = 'aguardando_aprovacao';
    await enviarSaida();
    expect(servidor.chamadas).toEqual(['criar o3', 'enviar o3']);
    expect(await colecaoPedidos.um('o3')).toMatchObject({ status: 'aguardando_aprovacao', numero: '101' });

    servidor.pedidos.set('o3', { ...servidor.pedidos.get('o3')!, status: 'orcamento' });
    servidor.perderResposta = true;
    await executar(enviarPedidoOp, { id: 'o3', rotulo: 'Nº 101' });
    await enviarSaida();
    expect(situacaoSaida()).toMatchObject({ total: 0, recusadas: 0 });
  });

  it('a send refused because prices changed brings the re-priced draft with the changes to the device', async () => {
    await executar(criarPedidoOp, pedidoNovo('o4', false));
    servidor.precosAlterados = true;
    const r = await executar<unknown, Pedido>(enviarPedidoOp, { id: 'o4', rotulo: 'Nº 101' });
    expect(r.registro?.status).toBe('orcamento');
    expect((await colecaoPedidos.um('o4'))?.precos_alterados).toEqual([{ mensagem: 'Preço de Café 500g mudou de R$ 9,00 para R$ 10,00.' }]);
  });

  it('a duplicate shows at once as a new draft and is made once', async () => {
    await executar(criarPedidoOp, pedidoNovo('o5', true));
    const original = (await colecaoPedidos.um('o5'))!;
    servidor.offline = true;
    await executar(duplicarPedidoOp, { id: 'o5', novo_id: 'o6', cliente_id: '', previa: previaDuplicada(original, 'o6'), rotulo: 'Nº 101' });
    expect(await colecaoPedidos.um('o6')).toMatchObject({ numero: '0', status: 'orcamento', _pendente: true });
    servidor.offline = false;
    await enviarSaida();
    expect(servidor.chamadas.filter((c) => c.startsWith('duplicar'))).toEqual(['duplicar o5 o6']);
    expect(await colecaoPedidos.um('o6')).toMatchObject({ numero: '102' });
  });

  it('a saved quote edited offline keeps its number on the device and is sent once, on the versao it was edited on', async () => {
    await executar(criarPedidoOp, pedidoNovo('o7', false));
    const salvo = (await colecaoPedidos.um('o7'))!;
    expect(salvo).toMatchObject({ numero: '101', versao: '1' });
    servidor.offline = true;
    const editado = pedidoNovo('o7', true);
    editado.rascunho.itens[0].quantidade = 6;
    editado.corpo.itens![0].quantidade = '6';
    expect(await executar(atualizarPedidoOp, editado, { base: Number(salvo.versao) })).toEqual({ pendente: true });
    expect(await colecaoPedidos.um('o7')).toMatchObject({ numero: '101', _pendente: true });
    servidor.offline = false;
    await enviarSaida();
    expect(servidor.chamadas.filter((c) => c.startsWith('atualizar'))).toEqual(['atualizar o7 v1']);
    expect(await colecaoPedidos.um('o7')).toMatchObject({ numero: '101', status: 'enviado', versao: '2' });
    // Edited again on a stale versao (someone changed it meanwhile): refused with the reason.
    servidor.pedidos.set('o7', { ...servidor.pedidos.get('o7')!, status: 'orcamento', versao: '5' });
    await expect(executar(atualizarPedidoOp, editado, { base: 2 })).rejects.toMatchObject({ status: 409 });
    expect(servidor.pedidos.get('o7')).toMatchObject({ versao: '5' });
  });

  it("the ADMIN's status changes go through the outbox on the order's versao; a lost answer is recognised", async () => {
    await executar(criarPedidoOp, pedidoNovo('o8', true));
    servidor.offline = true;
    await executar(alterarStatusPedidoOp, { id: 'o8', status: 'em_separacao', rotulo: 'Nº 101' });
    expect(await colecaoPedidos.um('o8')).toMatchObject({ status: 'em_separacao', _pendente: true });
    await executar(alterarStatusPedidoOp, { id: 'o8', status: 'faturado', nota_fiscal: { numero: '123', valor_centavos: '2000' }, rotulo: 'Nº 101' });
    servidor.offline = false;
    await enviarSaida();
    expect(servidor.chamadas.filter((c) => c.startsWith('status'))).toEqual(['status o8 em_separacao v1', 'status o8 faturado nf 123 v2']);
    expect(await colecaoPedidos.um('o8')).toMatchObject({ status: 'faturado', versao: '3' });
    servidor.perderResposta = true;
    await executar(alterarStatusPedidoOp, { id: 'o8', status: 'entregue', rotulo: 'Nº 101' });
    await enviarSaida();
    // The replay met 409 (already entregue) and was recognised as done, not left as a refusal.
    expect(servidor.chamadas.filter((c) => c.startsWith('status o8 entregue'))).toHaveLength(2);
    expect(situacaoSaida()).toMatchObject({ total: 0, recusadas: 0 });
    expect(servidor.pedidos.get('o8')).toMatchObject({ status: 'entregue' });
  });

  it('the draft being typed survives a restart of the app (kept on the device)', async () => {
    const r = { ...rascunhoVazio('r1', 'c1'), observacoes: 'Entregar cedo' };
    await guardarRascunho(r);
    expect(await lerRascunho()).toEqual(r);
    await apagarRascunho();
    expect(await lerRascunho()).toBeNull();
  });
});
