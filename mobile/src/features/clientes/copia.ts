import { useEffect, useState } from 'react';
import { aoMudarCopia, copiaEmMemoria, lerCopia } from '../../lib/clientes/copia';
import type { ClienteLocal } from '../../lib/clientes/busca';
import { carregarSituacaoSalva } from '../../lib/clientes/sync';
import { temBancoNoAparelho } from '../../lib/device-db';

/** The device copy of the portfolio (null while it loads), kept current as syncs land. */
export function useCopia(): ClienteLocal[] | null {
  const [lista, setLista] = useState<ClienteLocal[] | null>(() => copiaEmMemoria());
  useEffect(() => {
    if (!temBancoNoAparelho()) {
      setLista([]);
      return;
    }
    let vivo = true;
    const ler = () =>
      lerCopia().then(
        (l) => vivo && setLista(l),
        () => vivo && setLista([]),
      );
    void ler();
    void carregarSituacaoSalva();
    const off = aoMudarCopia(() => void ler());
    return () => {
      vivo = false;
      off();
    };
  }, []);
  return lista;
}
