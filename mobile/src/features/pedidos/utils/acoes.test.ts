import { describe, expect, it } from 'vitest';
import { acoesDoPedido, passaNoFiltro, rotuloNaLista, tituloPedido } from './acoes';

describe('what an order offers', () => {
  it('by status and role', () => {
    expect(acoesDoPedido({ status: 'orcamento', numero: '1', tipo: 'venda' }, 'VENDEDOR')).toEqual(['alterar', 'enviar', 'cancelar', 'duplicar', 'pdf', 'whatsapp']);
    expect(acoesDoPedido({ status: 'orcamento', numero: '1', tipo: 'orcamento' }, 'VENDEDOR')).not.toContain('enviar');
    expect(acoesDoPedido({ status: 'aguardando_aprovacao', numero: '1', tipo: 'venda' }, 'VENDEDOR')).toEqual(['reabrir', 'cancelar', 'duplicar', 'pdf', 'whatsapp']);
    expect(acoesDoPedido({ status: 'aguardando_aprovacao', numero: '1', tipo: 'venda' }, 'SUPERVISOR').slice(0, 2)).toEqual(['aprovar', 'reprovar']);
    expect(acoesDoPedido({ status: 'faturado', numero: '1', tipo: 'venda' }, 'VENDEDOR')).toEqual(['duplicar', 'pdf', 'whatsapp']);
  });

  it('after enviado, only an ADMIN moves the order on (separation, invoice, delivery)', () => {
    const admin = (status: string, parcial = false) => acoesDoPedido({ status, numero: '1', tipo: 'venda', faturamento_parcial: parcial }, 'ADMIN');
    expect(admin('enviado').slice(0, 2)).toEqual(['separar', 'faturar']);
    expect(admin('em_separacao')[0]).toBe('faturar');
    expect(admin('faturado')).toEqual(['entregar', 'duplicar', 'pdf', 'whatsapp']);
    expect(admin('faturado', true).slice(0, 2)).toEqual(['faturar', 'entregar']);
    expect(admin('entregue')).toEqual(['duplicar', 'pdf', 'whatsapp']);
    for (const perfil of ['VENDEDOR', 'SUPERVISOR']) {
      expect(acoesDoPedido({ status: 'enviado', numero: '1', tipo: 'venda' }, perfil)).not.toContain('separar');
      expect(acoesDoPedido({ status: 'enviado', numero: '1', tipo: 'venda' }, perfil)).not.toContain('faturar');
    }
  });

  it('labels: "A enviar" before the server numbered it', () => {
    expect(rotuloNaLista({ status: 'orcamento', numero: '0' })).toBe('A enviar');
    expect(rotuloNaLista({ status: 'aguardando_aprovacao', numero: '12' })).toBe('Aguardando aprovação');
    expect(tituloPedido({ numero: '12' })).toBe('Nº 12');
    expect(tituloPedido({ numero: '0' })).toBe('a enviar');
  });

  it('filters of the list', () => {
    expect(passaNoFiltro({ status: 'orcamento', numero: '0' }, 'a_enviar')).toBe(true);
    expect(passaNoFiltro({ status: 'enviado', numero: '3', _pendente: true }, 'a_enviar')).toBe(true);
    expect(passaNoFiltro({ status: 'enviado', numero: '3' }, 'a_enviar')).toBe(false);
    expect(passaNoFiltro({ status: 'faturado', numero: '3' }, 'enviado')).toBe(true);
    expect(passaNoFiltro({ status: 'cancelado', numero: '3' }, 'orcamento')).toBe(false);
  });
});
