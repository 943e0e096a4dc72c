import { describe, expect, it } from 'vitest';
import type { Cliente } from '../../../lib/api/types';
import { lerCsv } from '../../../lib/csv';
import { CABECALHO_EXPORTACAO, csvDosClientes } from './exportar';

const cliente = (c: Partial<Cliente>) =>
  ({
    nome: 'Mercado Bom Preço',
    nome_fantasia: '',
    tipo_pessoa: 'JURIDICA',
    documento: '11222333000181',
    inscricao_estadual: '',
    status: 'ativo',
    telefone: '',
    celular: '',
    email: '',
    segmento: '',
    cidade: 'São Paulo',
    uf: 'SP',
    vendedor_id: 'v1',
    limite_credito_centavos: '123456',
    ...c,
  }) as unknown as Cliente;

describe('customers CSV', () => {
  it('one row per customer for Excel pt-BR, formatted document and money', () => {
    const [cab, linha] = lerCsv(csvDosClientes([cliente({})], () => 'Ana'));
    expect(cab.campos).toEqual([...CABECALHO_EXPORTACAO]);
    expect(linha.campos[0]).toBe('Mercado Bom Preço');
    expect(linha.campos[3]).toBe('11.222.333/0001-81');
    expect(linha.campos[13]).toBe('R$\u00a01.234,56');
  });

  it('a name, fantasy name, e-mail or segment that Excel would run as a formula is written as text', () => {
    const csv = csvDosClientes(
      [cliente({ nome: "=cmd|' /C calc'!A0", nome_fantasia: '+SOMA(1;1)', email: '@x', segmento: '-2+3', cidade: '\t=1' })],
      () => 'Ana',
    );
    const [, linha] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(linha.startsWith('"\'=cmd|\' /C calc\'!A0";"\'+SOMA(1;1)";')).toBe(true);
    const [, lida] = lerCsv(csv);
    expect(lida.campos[0]).toBe("'=cmd|' /C calc'!A0");
    expect(lida.campos[1]).toBe("'+SOMA(1;1)");
    expect(lida.campos[8]).toBe("'@x");
    expect(lida.campos[9]).toBe("'-2+3");
    expect(lida.campos[10]).toBe("'\t=1");
    // No cell of the row starts a formula any more.
    expect(lida.campos.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
  });
});
