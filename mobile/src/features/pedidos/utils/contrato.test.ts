// The order screens decide with contracts/pedidos.json's sets (lib/contratos/pedidos.gen), the
// server's StatusPedido methods: the labels, the customer's open total, and what an order offers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emAbertoDoCliente, rotuloStatusPedido } from '../../../entities/pedido/status';
import { acoesDoPedido, passaNoFiltro } from './acoes';
import { figurasDoAparelho } from './vendas';
import type { Pedido } from '../../../lib/api/types';
import type { Motivo } from '../../../lib/api/client';
import type { MotivoErro } from '../../../entities/preco/calcular';

interface Contrato {
  status: { valor: string; rotulo: string }[];
  conjuntos: { nome: string; status: string[] }[];
}

const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/pedidos.json'), 'utf8')) as Contrato;
const conjunto = (nome: string) => contrato.conjuntos.find((c) => c.nome === nome)!.status;
const todos = contrato.status.map((s) => s.valor);

describe('the order screens decide as contracts/pedidos.json says', () => {
  it('labels: the contract’s, capitalized; an unknown status as it came', () => {
    for (const s of contrato.status) expect(rotuloStatusPedido(s.valor)).toBe(s.rotulo.charAt(0).toUpperCase() + s.rotulo.slice(1));
    expect(rotuloStatusPedido('desconhecido')).toBe('desconhecido');
  });

  it('the customer’s open total sums EmAberto; the figures count ContaNosResumos', () => {
    const pedidos = todos.map((status, i) => ({ cliente_id: 'c1', status, total_centavos: String(10 ** i), total_produtos_centavos: String(10 ** i), enviado_em: '2026-11-10T15:00:00Z', criado_em: '2026-11-10T15:00:00Z' }));
    const soma = (ss: string[]) => pedidos.filter((p) => ss.includes(p.status)).reduce((t, p) => t + Number(p.total_centavos), 0);
    expect(emAbertoDoCliente(pedidos, 'c1')).toEqual({ pedidos: conjunto('EmAberto').length, total: soma(conjunto('EmAberto')) });
    const f = figurasDoAparelho(pedidos as unknown as Pedido[], '2026-11');
    expect(f.pedidos).toBe(conjunto('ContaNosResumos').length);
    expect(f.total_centavos).toBe(soma(conjunto('ContaNosResumos')));
  });

  it('what an order offers: edit in Editavel, cancel in PodeCancelar, reopen in PodeReabrir', () => {
    for (const status of todos) {
      const acoes = acoesDoPedido({ status, numero: '1', tipo: 'venda' }, 'ADMIN');
      expect(acoes.includes('alterar'), `alterar em ${status}`).toBe(conjunto('Editavel').includes(status));
      expect(acoes.includes('cancelar'), `cancelar em ${status}`).toBe(conjunto('PodeCancelar').includes(status));
      expect(acoes.includes('reabrir'), `reabrir em ${status}`).toBe(conjunto('PodeReabrir').includes(status));
    }
  });

  it('each step of the flow in its set (PodeEnviar, PodeDecidir, PodeSeparar, PodeFaturar, PodeEntregar); the Enviados filter is Enviado', () => {
    for (const status of todos) {
      const acoes = acoesDoPedido({ status, numero: '1', tipo: 'venda' }, 'ADMIN');
      expect(acoes.includes('enviar'), `enviar em ${status}`).toBe(conjunto('PodeEnviar').includes(status));
      expect(acoes.includes('aprovar'), `aprovar em ${status}`).toBe(conjunto('PodeDecidir').includes(status));
      expect(acoes.includes('separar'), `separar em ${status}`).toBe(conjunto('PodeSeparar').includes(status));
      expect(acoes.includes('faturar'), `faturar em ${status}`).toBe(conjunto('PodeFaturar').includes(status));
      expect(acoes.includes('entregar'), `entregar em ${status}`).toBe(conjunto('PodeEntregar').includes(status));
      expect(passaNoFiltro({ status, numero: '1' }, 'enviado'), `filtro Enviados em ${status}`).toBe(conjunto('Enviado').includes(status));
    }
  });

  it('the pricing mirror throws registered reasons only (contracts/motivos.json)', () => {
    // A compile-time check: a MotivoErro that is not a Motivo does not type-check here.
    const doPreco: readonly MotivoErro[] = ['SEM_TABELA_DE_PRECO', 'CONDICAO_NAO_PERMITIDA'];
    const registrados: readonly Motivo[] = doPreco;
    expect(registrados).toEqual(doPreco);
  });
});
