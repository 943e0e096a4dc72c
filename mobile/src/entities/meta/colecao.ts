// The goals on the device (crm-metas offline): the goals of the operator's scope (a seller their
// own, a SUPERVISOR the team's, an ADMIN the company's) over the feed GET /crm/metas/alteracoes.
// The feed carries each goal (month, seller, kind, target, cut), not its achievement, which only
// the server's summaries give: offline the screen shows the last achievement it fetched, with its
// date (features/metas/api/metas.ts).
import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema.gen';
import { definirColecao, paginaDoFeed, type Indexado } from '../../lib/sync/colecao';

export type MetaDoAparelho = components['schemas']['v1Meta'] & { id: string };
export type MetaLocal = MetaDoAparelho & Indexado;

type AlteracoesMetas = { alteracoes?: { id: string; removido: boolean; meta?: MetaDoAparelho }[]; cursor: string; mais: boolean };

export const colecaoMetas = definirColecao<MetaDoAparelho, MetaLocal>({
  nome: 'metas',
  buscar: async (desde, tamanho) => paginaDoFeed(await api<AlteracoesMetas>('/metas/alteracoes', { query: { desde, page_size: tamanho } }), (a) => a.meta),
  versao: (m) => Number(m.versao) || 0,
  excluido: (m) => Boolean(m.excluido),
  indexar: (m) => ({ ...m, _busca: '', _ordem: `${m.mes ?? ''}\u0000${m.vendedor_id ?? ''}\u0000${m.tipo ?? ''}\u0000${m.id}` }),
});
