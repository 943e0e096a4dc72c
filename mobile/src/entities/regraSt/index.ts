// ICMS-ST rules (regras de ST), a simple entity of the sales service without a feed nor an update:
// on the device (the pricing reads them offline) as the whole list, read again at each sync;
// created and deleted by ADMIN through the outbox.
import type { CriarRegraSTPedido, RegraST } from '../../lib/api/types';
import { definirEntidade } from '../../lib/entidade/entidade';
import { dobrar } from '../../lib/texto';

export const regrasSt = definirEntidade<RegraST, CriarRegraSTPedido, never>({
  colecao: 'regras-st',
  campoLista: 'regras',
  campoAlteracao: 'regra',
  operacoes: 'regras-st',
  especie: { um: 'regra de ST', varios: 'regras de ST', feminino: true },
  nome: (r) => `${r.uf ?? ''} · NCM ${r.ncm ?? ''}`,
  ordem: (r) => `${r.uf}\u0000${r.ncm}`,
  busca: (r) => `${r.ncm} ${dobrar(r.uf)}`,
  tamanhoPagina: 200,
  tamanhoPaginaLista: 200,
  semFeed: true,
  semAlteracao: true,
});
