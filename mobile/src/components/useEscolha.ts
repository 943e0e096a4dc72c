import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { criarPedido, rotaDaEscolha, tomarResultado, type PedidoEscolha, type ResultadoEscolha } from '../lib/escolha';

/**
 * A screen's side of a chooser: `abrir` stores the request and goes to the chooser; when the
 * screen mounts again with an answer for `finalidade`, `aoEscolher` gets it (once).
 */
export function useEscolha(finalidade: string, aoEscolher: (r: ResultadoEscolha) => void) {
  const navigate = useNavigate();
  const cb = useRef(aoEscolher);
  cb.current = aoEscolher;
  useEffect(() => {
    const r = tomarResultado(finalidade);
    if (r) cb.current(r);
  }, [finalidade]);
  return useCallback(
    (p: Omit<PedidoEscolha, 'id' | 'finalidade' | 'voltarPara'> & { voltarPara?: string }) => {
      const pedido = criarPedido({ ...p, finalidade, voltarPara: p.voltarPara ?? window.location.pathname + window.location.search });
      navigate(rotaDaEscolha(pedido));
    },
    [finalidade, navigate],
  );
}
