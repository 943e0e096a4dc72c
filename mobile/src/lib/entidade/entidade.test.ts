// A simple entity from its declaration: the device collection reads the feed route, and the three
// outbox operations call the REST routes of services/platform/entity (POST with the client's id,
// PATCH and DELETE on the versao the screen showed), keep what waits offline and recognise a
// replay that already landed.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake sales service: records by id, each write bumping versao, and the calls it got. */
const servidor = vi.hoisted(() => ({
  registros: new Map<string, { id: string; nome: string; dias: number; versao: string; excluido: boolean }>(),
  chamadas: [] as string[],
  offline: false,
  /** The next write lands but its answer is lost. */
  perderResposta: false,
}));

vi.mock('../api/client', async (original) => {
  const real = await original<typeof import('../api/client')>();
  const falha = () => new real.ApiError(0, null);
  return {
    ...real,
    api: vi.fn(async (path: string, o: { method?: string; query?: Record<string, unknown>; body?: Record<string, unknown> } = {}) => {
      if (servidor.offline) throw falha();
      const metodo = o.method ?? 'GET';
      servidor.chamadas.push(`${metodo} ${path}${o.query?.versao ? `?versao=${o.query.versao}` : ''}${o.body ? ` ${JSON.stringify(o.body)}` : ''}`);
      const id = decodeURIComponent(path.split('/')[2] ?? '');
      const atual = servidor.registros.get(id);
      let resposta: unknown;
      if (path === '/termos/alteracoes') {
        resposta = { alteracoes: [...servidor.registros.values()].map((r) => ({ id: r.id, removido: r.excluido, termo: r.excluido ? null : r })), cursor: 'k', mais: false };
      } else if (path === '/termos' && metodo === 'GET') {
        resposta = { termos: [...servidor.registros.values()].filter((r) => !r.excluido), next_page_token: '' };
      } else if (metodo === 'POST') {
        const b = o.body as { id: string; nome: string; dias: number };
        if (!b.nome) throw new real.ApiError(400, { mensagem: 'Informe o nome do termo.', motivo: 'DADOS_INVALIDOS', campos: [{ campo: 'nome', descricao: 'Informe o nome do termo.' }] });
        resposta = servidor.registros.get(b.id) ?? { ...b, versao: '1', excluido: false };
        servidor.registros.set(b.id, resposta as never);
      } else if (!atual || atual.excluido) {
        throw new real.ApiError(404, { mensagem: 'Termo não encontrado.', motivo: real.Motivo.NaoEncontrado });
      } else if (metodo === 'GET') {
        resposta = atual;
      } else {
        const versao = String(o.body?.versao ?? o.query?.versao ?? '');
        if (versao && versao !== atual.versao) throw new real.ApiError(409, { mensagem: 'Alterado por outra pessoa.', motivo: real.Motivo.VersaoDesatualizada });
        const { versao: _v, ...mudancas } = o.body ?? {};
        void _v;
        resposta = { ...atual, ...mudancas, versao: String(Number(atual.versao) + 1), excluido: metodo === 'DELETE' };
        servidor.registros.set(id, resposta as never);
      }
      if (servidor.perderResposta) {
        servidor.perderResposta = false;
        throw falha();
      }
      return resposta;
    }),
  };
});

import { ApiError } from '../api/client';
import { apagarBancoInteiro } from '../device-db';
import { clearOnLogout, storeOperatorProfile } from '../storage';
import { enviarSaida, executar, pararAgendamento, resumoPendentes, situacaoSaida } from '../sync/saida';
import { definirEntidade } from './entidade';

interface Termo {
  id: string;
  nome: string;
  dias: number;
  versao: string;
  excluido: boolean;
}
type NovoTermo = { id: string; nome: string; dias: number };

const termos = definirEntidade<Termo, NovoTermo, { nome?: string; dias?: number }>({
  colecao: 'teste-termos',
  rota: '/termos',
  campoLista: 'termos',
  campoAlteracao: 'termo',
  operacoes: 'termos',
  especie: { um: 'termo', varios: 'termos' },
  nome: (t) => t.nome,
  local: (n) => ({ ...n, versao: '0', excluido: false }),
});

const naColecao = async () => (await termos.colecao.lista()).map((t) => `${t.id}:${t.nome}@${t.versao}${t._pendente ? '*' : ''}`);

describe('a simple entity from its declaration', () => {
  beforeEach(async () => {
    pararAgendamento();
    await apagarBancoInteiro();
    clearOnLogout();
    storeOperatorProfile(
      { empresa: 'demo', id: 'op1', nome_operador: 'Ana', perfil_app: 'ADMIN', exibir_medida: false },
      { uid: 'u1', email: 'u1@demo.example.com', displayName: 'Ana' },
    );
    servidor.registros.clear();
    servidor.chamadas = [];
    servidor.offline = false;
    servidor.perderResposta = false;
  });

  it('the device collection follows the feed route, sorted and searched by the folded name', async () => {
    servidor.registros.set('b', { id: 'b', nome: 'Ávista', dias: 0, versao: '3', excluido: false });
    servidor.registros.set('a', { id: 'a', nome: 'Boleto', dias: 28, versao: '1', excluido: false });
    servidor.registros.set('x', { id: 'x', nome: 'Velho', dias: 7, versao: '2', excluido: true });
    await termos.colecao.sincronizar();
    expect(servidor.chamadas).toEqual(['GET /termos/alteracoes']);
    expect(await naColecao()).toEqual(['b:Ávista@3', 'a:Boleto@1']);
    expect((await termos.colecao.lista())[0]._busca).toBe('avista');
  });

  it('create, update and delete go to the REST routes through the outbox, on the versao shown', async () => {
    const criado = await executar(termos.criar, { id: 't1', nome: 'Boleto 28', dias: 28 });
    expect(criado).toEqual({ pendente: false, registro: { id: 't1', nome: 'Boleto 28', dias: 28, versao: '1', excluido: false } });
    const alterado = await executar(termos.alterar!, { id: 't1', nome: 'Boleto 28', mudancas: { dias: 30 } }, { base: 1 });
    expect(alterado.registro).toMatchObject({ dias: 30, versao: '2' });
    await expect(executar(termos.alterar!, { id: 't1', nome: 'Boleto 28', mudancas: { dias: 35 } }, { base: 1 })).rejects.toMatchObject({ status: 409 });
    await executar(termos.excluir, { id: 't1', nome: 'Boleto 28' }, { base: 2 });
    expect(servidor.chamadas).toEqual([
      'POST /termos {"id":"t1","nome":"Boleto 28","dias":28}',
      'PATCH /termos/t1 {"dias":30,"versao":"1"}',
      'PATCH /termos/t1 {"dias":35,"versao":"1"}',
      // The 409 is checked against the record: not this change landing twice, so it stands.
      'GET /termos/t1',
      'DELETE /termos/t1?versao=2',
    ]);
    expect(await naColecao()).toEqual([]);
    expect(situacaoSaida().total).toBe(0);
  });

  it('a refusal is thrown with the server’s field errors and leaves nothing waiting', async () => {
    const err = await executar(termos.criar, { id: 't2', nome: '', dias: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).campos).toEqual([{ campo: 'nome', descricao: 'Informe o nome do termo.' }]);
    expect(situacaoSaida().total).toBe(0);
  });

  it('offline: kept and shown on the device, counted in pt-BR, sent in order when the connection returns', async () => {
    servidor.offline = true;
    expect(await executar(termos.criar, { id: 't3', nome: 'Pix', dias: 0 })).toEqual({ pendente: true });
    expect(await executar(termos.alterar!, { id: 't3', nome: 'Pix', mudancas: { nome: 'Pix à vista' } })).toEqual({ pendente: true });
    expect(await naColecao()).toEqual(['t3:Pix à vista@0*']);
    expect(resumoPendentes()).toBe('1 termo ainda não foi enviado');
    servidor.offline = false;
    expect(await enviarSaida()).toBe(2);
    // The update made before the create landed moved its base with it: no false conflict.
    expect(servidor.chamadas).toEqual(['POST /termos {"id":"t3","nome":"Pix","dias":0}', 'PATCH /termos/t3 {"nome":"Pix à vista","versao":"1"}']);
    expect(await naColecao()).toEqual(['t3:Pix à vista@2']);
  });

  it('a replay whose answer was lost is recognised (update: the record already as sent; delete: already gone)', async () => {
    await executar(termos.criar, { id: 't4', nome: 'Cartão', dias: 30 });
    servidor.perderResposta = true;
    expect(await executar(termos.alterar!, { id: 't4', nome: 'Cartão', mudancas: { dias: 60 } }, { base: 1 })).toEqual({ pendente: true });
    expect(await enviarSaida()).toBe(1);
    expect(situacaoSaida()).toMatchObject({ total: 0, recusadas: 0 });
    expect(await naColecao()).toEqual(['t4:Cartão@2']);
    servidor.perderResposta = true;
    expect(await executar(termos.excluir, { id: 't4', nome: 'Cartão' }, { base: 2 })).toEqual({ pendente: true });
    expect(await enviarSaida()).toBe(1);
    expect(situacaoSaida()).toMatchObject({ total: 0, recusadas: 0 });
    expect(await naColecao()).toEqual([]);
  });

  it('the server list, page by page, read from the declared field', async () => {
    servidor.registros.set('a', { id: 'a', nome: 'Boleto', dias: 28, versao: '1', excluido: false });
    const o = termos.listaQueryOptions();
    expect(o.queryKey).toEqual(['entidade', 'teste-termos']);
    const dados = await new QueryClient().fetchInfiniteQuery(o);
    expect(servidor.chamadas).toEqual(['GET /termos']);
    expect(termos.registros(dados.pages).map((t) => t.id)).toEqual(['a']);
  });
});
