// The active survey forms on the device (a company has a handful: each sync reads them all), so
// a seller answers a survey at a customer with no connection.
import type { Pesquisa } from '../../lib/api/types';
import { definirColecao, useColecao, type Indexado } from '../../lib/sync/colecao';
import { dobrar } from '../../lib/texto';
import { listarPesquisas } from '../cliente/api';

export type PesquisaLocal = Pesquisa & Indexado;

export const colecaoPesquisas = definirColecao<Pesquisa, PesquisaLocal>({
  nome: 'pesquisas',
  completa: true,
  async buscar() {
    const r = await listarPesquisas(false);
    return { mudancas: r.pesquisas.map((p) => ({ id: p.id, removido: !p.ativa, registro: p })), cursor: '', mais: false };
  },
  versao: (p) => Number(p.versao) || 0,
  indexar: (p) => ({ ...p, _busca: dobrar(p.titulo), _ordem: `${dobrar(p.titulo)}\u0000${p.id}` }),
});

/** The active forms kept on the device (null while they load). */
export function usePesquisasDoAparelho(): PesquisaLocal[] | null {
  return useColecao(colecaoPesquisas);
}
