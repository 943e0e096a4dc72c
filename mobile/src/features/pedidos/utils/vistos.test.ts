import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { apagarDadosDoAparelho, pedido, STORE_META, transacao } from '../../../lib/device-db';
import { DIAS_SEM_REGISTRO, marcarDecisaoVista, vistosIniciais } from './vistos';
import type { Vistos } from './decisao';

const ler = (operador: string) => transacao(STORE_META, 'readonly', (tx) => pedido(tx.objectStore(STORE_META).get(`decisoes-vistas:${operador}`) as IDBRequest<Vistos | undefined>));

describe('the decisions seen, on the device per operator', () => {
  it('a first record counts the last days; an opened decision is kept, per operator; sign-out forgets', async () => {
    const agora = new Date('2026-11-27T12:00:00Z');
    expect(vistosIniciais(agora).desde).toBe(new Date(agora.getTime() - DIAS_SEM_REGISTRO * 86_400_000).toISOString());
    await marcarDecisaoVista('v1', 'p1', '2026-11-27T10:00:00Z');
    const v1 = await ler('v1');
    expect(v1?.pedidos).toEqual({ p1: '2026-11-27T10:00:00Z' });
    expect(Date.parse(v1!.desde)).toBeLessThan(Date.now() - (DIAS_SEM_REGISTRO - 1) * 86_400_000);
    expect(await ler('v2')).toBeUndefined();
    await marcarDecisaoVista('v1', 'p2', '2026-11-27T11:00:00Z');
    expect((await ler('v1'))?.pedidos).toEqual({ p1: '2026-11-27T10:00:00Z', p2: '2026-11-27T11:00:00Z' });
    await apagarDadosDoAparelho();
    expect(await ler('v1')).toBeUndefined();
    // Nothing of localStorage (its keys are the spec's).
    expect(Object.keys(localStorage).filter((k) => k.includes('vist'))).toEqual([]);
  });
});
