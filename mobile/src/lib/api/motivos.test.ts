// The app's reasons are the registry's (contracts/motivos.json, generated into ./motivos.gen), and
// the client is typed against them: a reason the registry does not have does not compile.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, Motivo, ehMotivo, temMotivo } from './client';
import { STATUS_HTTP_DO_MOTIVO } from './motivos.gen';

const registro = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/motivos.json'), 'utf8')) as {
  motivos: { motivo: string; nome: string; grpc: string }[];
};
const HTTP: Record<string, number> = {
  INVALID_ARGUMENT: 400, UNAUTHENTICATED: 401, PERMISSION_DENIED: 403, NOT_FOUND: 404,
  ALREADY_EXISTS: 409, RESOURCE_EXHAUSTED: 429, INTERNAL: 500, UNAVAILABLE: 503,
};

describe('error reasons (contracts/motivos.json)', () => {
  it('every reason of the registry, by its name, with its HTTP status', () => {
    expect(Object.entries(Motivo)).toEqual(registro.motivos.map((m) => [m.nome, m.motivo]));
    for (const m of registro.motivos) expect(STATUS_HTTP_DO_MOTIVO[m.motivo as Motivo], m.motivo).toBe(HTTP[m.grpc]);
    expect(ehMotivo('PRECOS_ALTERADOS')).toBe(true);
    expect(ehMotivo('SALDO_FLEX_INSUFICIENTE')).toBe(false); // an approval warning, not an error
  });

  it('the client acts on typed reasons', () => {
    const err = new ApiError(409, { status: 409, code: 'ALREADY_EXISTS', mensagem: 'x', motivo: Motivo.CodigoDuplicado, detalhes: { produto_id: 'p1' } });
    expect(temMotivo(err, 'CODIGO_DUPLICADO')).toBe(true);
    expect(temMotivo(err, Motivo.ChaveDuplicada)).toBe(false);
    // @ts-expect-error a reason the registry does not have is not a Motivo
    expect(temMotivo(err, 'CODIGO_REPETIDO')).toBe(false);
  });
});
