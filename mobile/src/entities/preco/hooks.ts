// The device's catalogue and commercial rules for a screen that prices (null while any of them
// loads), kept current as the collections sync.
import { useMemo } from 'react';
import { useSituacaoColecao, type SituacaoSync } from '../../lib/sync/colecao';
import { colecaoProdutos, useProdutosDoAparelho } from '../produto/colecao';
import {
  colecaoPrecos,
  colecaoTabelas,
  idDoPreco,
  usePoliticaDoAparelho,
  usePrecosDoAparelho,
  useRegrasSTDoAparelho,
  useTabelasDoAparelho,
} from './colecoes';
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

/**
 * The catalogue's sync state as one (products, tables and prices): syncing while any of them is,
 * the first error, and the oldest time they caught up ('' until all have); the first copy's
 * progress is the products' (what a seller searches).
 */
export function useSituacaoCatalogo(): SituacaoSync {
  const a = useSituacaoColecao(colecaoProdutos);
  const b = useSituacaoColecao(colecaoTabelas);
  const c = useSituacaoColecao(colecaoPrecos);
  return useMemo(() => {
    const todas = [a, b, c];
    const datas = todas.map((x) => x.sincronizadoEm);
    return {
      ...a,
      sincronizando: todas.some((x) => x.sincronizando),
      erro: todas.find((x) => x.erro)?.erro ?? null,
      sincronizadoEm: datas.every(Boolean) ? datas.sort()[0] : '',
    };
  }, [a, b, c]);
}
