import { useNavigate } from 'react-router-dom';
import { temHistorico } from '../../../lib/history';
import type { PedidoEscolha } from '../../../lib/escolha';

/** Back to the screen that asked (its history entry), or to its path when opened directly. */
export function useVoltar() {
  const navigate = useNavigate();
  return (p: PedidoEscolha | null) => {
    if (temHistorico()) navigate(-1);
    else navigate(p?.voltarPara || '/crm-home', { replace: true });
  };
}
