import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { erroIE, ieValida, normalizarIE, UFS } from './ie';

interface Contrato {
  casos: { uf: string; ie: string; valida: boolean; fonte: string }[];
  mensagens: { ie: string; uf: string; mensagem: string }[];
}

// The server runs the same file (services/customer/internal/domain/ie_contrato_test.go).
const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/inscricoes-estaduais.json'), 'utf8')) as Contrato;

describe('IE by state, as the server (contracts/inscricoes-estaduais.json)', () => {
  it.each(contrato.casos.map((k) => [`${k.uf} ${k.ie} (${k.valida ? 'válida' : 'inválida'})`, k] as const))('%s', (_n, k) => {
    expect(k.fonte).not.toBe('');
    const { ie, ok } = normalizarIE(k.ie);
    expect(ok && ieValida(k.uf, ie)).toBe(k.valida);
    expect(erroIE(k.ie, k.uf) === '').toBe(k.valida);
  });
  it('has at least 3 valid and 3 invalid cases per state', () => {
    for (const uf of UFS) {
      const doUF = contrato.casos.filter((k) => k.uf === uf);
      expect(doUF.filter((k) => k.valida).length, uf).toBeGreaterThanOrEqual(3);
      expect(doUF.filter((k) => !k.valida).length, uf).toBeGreaterThanOrEqual(3);
    }
  });
  it.each(contrato.mensagens.map((m) => [`${m.ie || '(vazia)'} em ${m.uf || '(sem UF)'}`, m] as const))('message: %s', (_n, m) => {
    expect(erroIE(m.ie, m.uf)).toBe(m.mensagem);
  });
});
