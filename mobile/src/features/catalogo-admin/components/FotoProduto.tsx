import type { Produto } from '../../../lib/api/types';

/** The product's photo: waits for the photo API (PUT/DELETE/GET /crm/produtos/{id}/foto). */
export function FotoProduto(_: { produto: Produto }) {
  return null;
}
