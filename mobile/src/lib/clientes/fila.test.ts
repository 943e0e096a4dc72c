import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { CriarClientePedido } from '../api/types';
import { apagarDadosDoAparelho } from '../device-db';
import { clearOnLogout, storeOperatorProfile } from '../storage';
import { buscarNaLista } from './busca';
import { clienteDaCopia, lerCopia } from './copia';
import { clienteDoPedido, descartarPendencia, enfileirarCriacao, enviarPendencias, lerFila } from './fila';
import { sincronizarClientes } from './sync';

const corpo = (id: string, nome: string): CriarClientePedido => ({
  id,
  tipo_pessoa: 'PJ',
  documento: '11222333000181',
  nome,
  enderecos: [{ id: `e-${id}`, tipo: 'COBRANCA', principal: true, cep: '01310100', logradouro: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP', ibge: '3550308' }],
  contatos: [],
});

describe('offline queue of new customers', () => {
  beforeEach(async () => {
    await apagarDadosDoAparelho();
    clearOnLogout();
    storeOperatorProfile(
      { empresa: 'demo', id: 'op1', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false },
      { uid: 'u1', email: 'ana@demo.example.com', displayName: 'Ana' },
    );
  });

  it('a queued creation shows in the device copy (pending) and search finds it', async () => {
    await enfileirarCriacao(corpo('c1', 'Padaria São João Offline'));
    expect((await lerFila()).map((p) => p.id)).toEqual(['c1']);
    const c = await clienteDaCopia('c1');
    expect(c?._pendente).toBe(true);
    expect(c?.vendedor_id).toBe('op1');
    expect(c?.cidade).toBe('São Paulo');
    expect(buscarNaLista(await lerCopia(), 'sao joao offline').itens.map((x) => x.id)).toEqual(['c1']);
  });

  it('a sync keeps the pending customer; sending replaces it with the server record', async () => {
    await enfileirarCriacao(corpo('c1', 'Um'));
    await sincronizarClientes(async () => ({ alteracoes: [], cursor: 'k1', mais: false }));
    expect((await clienteDaCopia('c1'))?._pendente).toBe(true);
    const enviados: string[] = [];
    expect(await enviarPendencias(async (b) => (enviados.push(b.id!), { ...clienteDoPedido(b, 'op1'), versao: '1' }))).toBe(1);
    expect(enviados).toEqual(['c1']);
    expect(await lerFila()).toEqual([]);
    const c = await clienteDaCopia('c1');
    expect(c?._pendente).toBeUndefined();
    expect(c?.versao).toBe('1');
  });

  it('without a connection the queue waits; a refusal is kept with its message', async () => {
    await enfileirarCriacao(corpo('c1', 'Um'));
    await enfileirarCriacao(corpo('c2', 'Dois'));
    expect(await enviarPendencias(async () => Promise.reject(new ApiError(0, null)))).toBe(0);
    expect((await lerFila()).map((p) => [p.id, p.erro])).toEqual([
      ['c1', undefined],
      ['c2', undefined],
    ]);
    const recusa = new ApiError(409, { mensagem: 'Já existe um cliente com este documento: Outro.' });
    expect(await enviarPendencias(async (b) => (b.id === 'c1' ? Promise.reject(recusa) : clienteDoPedido(b, 'op1')))).toBe(1);
    expect((await lerFila()).map((p) => [p.id, p.erro])).toEqual([['c1', 'Já existe um cliente com este documento: Outro.']]);
    // Refused ones are not sent again until corrected; discarding drops it from the copy too.
    expect(await enviarPendencias(async () => Promise.reject(new Error('não deveria enviar')))).toBe(0);
    await descartarPendencia('c1');
    expect(await lerFila()).toEqual([]);
    expect(await clienteDaCopia('c1')).toBeUndefined();
  });
});
