// contracts/pedidos.json (what the server and the app both decide about orders) against what the
// app generated from it (./pedidos.gen); the screens' uses: features/pedidos/utils/contrato.test.ts. The server runs the same
// payment-term cases (services/sales/internal/domain/pedido_contrato_test.go).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as gerado from './pedidos.gen';

interface Contrato {
  status: { valor: string; rotulo: string }[];
  conjuntos: { nome: string; status: string[] }[];
  tipos: { valor: string; rotulo: string }[];
  dias_no_aparelho: { dias: number };
  condicao_pagamento: { casos: { nome: string; ativa: boolean; clientes: string[]; cliente: string; para_o_cliente: boolean; elegivel: boolean }[] };
}

const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/pedidos.json'), 'utf8')) as Contrato;

describe('order decisions are the contract’s (contracts/pedidos.json)', () => {
  it('statuses, labels, types and the device window', () => {
    expect(gerado.STATUS_PEDIDO).toEqual(contrato.status.map((s) => s.valor));
    expect(gerado.ROTULOS_STATUS_PEDIDO).toEqual(Object.fromEntries(contrato.status.map((s) => [s.valor, s.rotulo])));
    expect(gerado.TIPOS_PEDIDO).toEqual(contrato.tipos.map((t) => t.valor));
    expect(gerado.ROTULOS_TIPO_PEDIDO).toEqual(Object.fromEntries(contrato.tipos.map((t) => [t.valor, t.rotulo])));
    expect(gerado.DIAS_NO_APARELHO).toBe(contrato.dias_no_aparelho.dias);
  });

  it('each set', () => {
    const predicados: Record<string, (s: string) => boolean> = {
      EmAberto: gerado.statusEmAberto,
      ContaNosResumos: gerado.statusContaNosResumos,
      Editavel: gerado.statusEditavel,
      PodeCancelar: gerado.statusPodeCancelar,
      PodeReabrir: gerado.statusPodeReabrir,
      PodeEnviar: gerado.statusPodeEnviar,
      PodeDecidir: gerado.statusPodeDecidir,
      PodeSeparar: gerado.statusPodeSeparar,
      PodeFaturar: gerado.statusPodeFaturar,
      PodeEntregar: gerado.statusPodeEntregar,
      Enviado: gerado.statusEnviado,
      DepoisDeEnviar: gerado.statusDepoisDeEnviar,
      DepoisDeReprovar: gerado.statusDepoisDeReprovar,
      DepoisDeReabrir: gerado.statusDepoisDeReabrir,
      DepoisDeCancelar: gerado.statusDepoisDeCancelar,
      DepoisDeSeparar: gerado.statusDepoisDeSeparar,
      DepoisDeFaturar: gerado.statusDepoisDeFaturar,
      DepoisDeEntregar: gerado.statusDepoisDeEntregar,
    };
    expect(Object.keys(predicados).sort()).toEqual(contrato.conjuntos.map((c) => c.nome).sort());
    for (const c of contrato.conjuntos) for (const s of gerado.STATUS_PEDIDO) expect(predicados[c.nome](s), `${c.nome}(${s})`).toBe(c.status.includes(s));
  });

  it('who may use a payment term: the cases the server runs too', () => {
    expect(contrato.condicao_pagamento.casos.length).toBeGreaterThanOrEqual(5);
    for (const c of contrato.condicao_pagamento.casos) {
      expect(gerado.condicaoParaOCliente(c.clientes, c.cliente), c.nome).toBe(c.para_o_cliente);
      expect(gerado.condicaoElegivel(c.ativa, c.clientes, c.cliente), c.nome).toBe(c.elegivel);
    }
    // A term with no customer chosen yet: only those for every customer.
    expect(gerado.condicaoElegivel(true, ['c1'], undefined)).toBe(false);
    expect(gerado.condicaoElegivel(true, undefined, undefined)).toBe(true);
  });
});
