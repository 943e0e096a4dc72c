import { describe, expect, it } from 'vitest';
import { lerCsv } from '../../../lib/csv';
import { prepararImportacao } from '../../../lib/importacao';
import { COLUNAS_IMPORTACAO, IMPORTACAO_CLIENTES, modeloCsv } from './importacao';

describe('the customers import (a declaration over lib/importacao)', () => {
  it('the template has the columns of ImportarClientesRequest', () => {
    const [cab, exemplo] = lerCsv(modeloCsv()).map((r) => r.campos);
    expect(cab).toEqual([...COLUNAS_IMPORTACAO]);
    expect(exemplo).toHaveLength(COLUNAS_IMPORTACAO.length);
  });

  it('its own columns are known; others are named as ignored', () => {
    const prep = prepararImportacao('documento;nome;cor\n1000;Cliente;azul\n', IMPORTACAO_CLIENTES.formato);
    expect(prep.desconhecidas).toEqual(['cor']);
    expect(prep.total).toBe(1);
  });

  it("the server's other names for a column are known (ie, inscricao_suframa, cnpj)", () => {
    const prep = prepararImportacao('cnpj;razao_social;ie;inscricao_suframa\n11222333000181;Cliente;ISENTO;210140267\n', IMPORTACAO_CLIENTES.formato);
    expect(prep.desconhecidas).toEqual([]);
  });
});
