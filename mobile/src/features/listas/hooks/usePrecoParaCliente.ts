// What a product costs the chosen customer, priced on the device as an order line of one sales
// multiple with no seller discount and no payment term: the table's price after the table's own
// discount, the promotion and the volume discount, with IPI and ST. Each product is priced once
// per change of the device's data (the list prices only the rows on screen).
import { useMemo } from 'react';
import type { Cliente } from '../../../lib/api/types';
import { ErroPreco, type ResultadoLinha } from '../../../entities/preco/calcular';
import { precificarNoAparelho, type DadosComerciais } from '../../../entities/preco/noAparelho';
import { mensagemDeErro } from '../../../lib/api/client';

export type PrecoParaCliente = { linha: ResultadoLinha; erro?: undefined } | { linha?: undefined; erro: string };

export function usePrecoParaCliente(
  dados: DadosComerciais | null,
  operadorId: string,
  cliente: (Pick<Cliente, 'id' | 'uf' | 'regiao_id' | 'contribuinte_icms'> & { suframa?: string }) | undefined,
): ((produtoId: string) => PrecoParaCliente) | null {
  return useMemo(() => {
    if (!dados || !cliente) return null;
    const feitos = new Map<string, PrecoParaCliente>();
    return (produtoId: string) => {
      let r = feitos.get(produtoId);
      if (!r) {
        const p = dados.produto(produtoId);
        try {
          const res = precificarNoAparelho(dados, operadorId, cliente, null, [{ produto_id: produtoId, quantidade: Math.max(Number(p?.multiplo_venda) || 1, 1) }]);
          r = { linha: res.itens[0] };
        } catch (e) {
          r = { erro: e instanceof ErroPreco ? e.message : mensagemDeErro(e) };
        }
        feitos.set(produtoId, r);
      }
      return r;
    };
  }, [dados, operadorId, cliente]);
}
