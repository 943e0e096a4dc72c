import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api/client';
import { apagarBancoInteiro, apagarDadosDoAparelho } from './device-db';
import { daRedeOuDoAparelho, lerResposta } from './respostaNoAparelho';

const em = new Date('2026-11-20T13:05:00Z');

describe('the last answer kept on the device', () => {
  afterEach(() => apagarBancoInteiro());

  it('keeps the server answer and gives it back, with its time, when the server cannot be reached', async () => {
    const r = await daRedeOuDoAparelho('q1', async () => ({ n: 1 }), () => em);
    expect(r).toEqual({ dados: { n: 1 }, em: em.toISOString(), daCopia: false });
    const offline = await daRedeOuDoAparelho('q1', () => Promise.reject(new ApiError(0, null)));
    expect(offline).toEqual({ dados: { n: 1 }, em: em.toISOString(), daCopia: true });
    // A 5xx is the server unreachable too.
    expect((await daRedeOuDoAparelho('q1', () => Promise.reject(new ApiError(503, null)))).daCopia).toBe(true);
  });

  it('each query keeps its own answer; without one the failure stands', async () => {
    await daRedeOuDoAparelho('q1', async () => 'um');
    const falha = new ApiError(0, null);
    await expect(daRedeOuDoAparelho('q2', () => Promise.reject(falha))).rejects.toBe(falha);
    expect((await lerResposta<string>('q1'))?.dados).toBe('um');
  });

  it("an error the server gives (bad input, no permission) is shown, never hidden behind the copy", async () => {
    await daRedeOuDoAparelho('q1', async () => 'um');
    const recusa = new ApiError(403, { mensagem: 'Fora do escopo.' } as never);
    await expect(daRedeOuDoAparelho('q1', () => Promise.reject(recusa))).rejects.toBe(recusa);
  });

  it('sign-out forgets the answers', async () => {
    await daRedeOuDoAparelho('q1', async () => 'um');
    await apagarDadosDoAparelho();
    expect(await lerResposta('q1')).toBeNull();
  });
});
