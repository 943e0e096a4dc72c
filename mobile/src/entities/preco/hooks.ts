// The device's catalogue and commercial rules for a screen that prices (null while any of them
// loads), kept current as the collections sync.
import { useMemo } from 'react';
import { colecaoProdutos, useProdutosDoAparelho } from '../produto/colecao';
import { colecaoPrecos, idDoPreco, usePoliticaDoAparelho, usePrecosDoAparelho, useRegrasSTDoAparelho, useTabelasDoAparelho } from './colecoes';
import type { DadosComerciais } from './noAparelho';

export function useDadosComerciais(): DadosComerciais | null {
  const produtos = useProdutosDoAparelho();
  const precos = usePrecosDoAparelho();
  const tabelas = useTabelasDoAparelho();
  const politica = usePoliticaDoAparelho();
  const regras = useRegrasSTDoAparelho();
  return useMemo(() => {
    if (!produtos || !precos || !tabelas || !regras) return null;
    return {
      produto: (id) => colecaoProdutos.emMemoriaPorId(id),
      preco: (t, p) => colecaoPrecos.emMemoriaPorId(idDoPreco(t, p)),
      tabelas,
      politica,
      regrasST: regras,
    };
  }, [produtos, precos, tabelas, politica, regras]);
}
