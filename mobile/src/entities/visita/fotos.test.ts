// A visit's photos on the device: those still in the outbox show beside the server's, once each,
// and only for their visit; they go in the visit's line, after its check-in and before its
// check-out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ItemSaida } from '../../lib/sync/saida';
import { fotoOp, fotosDaVisita, fotosPendentes, type FotoParaEnviar } from './fotos';
import { checkinOp, checkoutOp } from './operacoes';

let seq = 0;
function foto(visitaId: string, fotoId: string): ItemSaida<FotoParaEnviar> {
  seq++;
  return {
    seq,
    id: `i${seq}`,
    op: fotoOp.nome,
    colecao: '',
    alvo: fotoId,
    dados: { visitaId, fotoId, nomeCliente: 'Mercado', corpo: { imagem_base64: `data:image/jpeg;base64,${fotoId}`, capturado_em: '2031-01-09T12:00:00Z' } },
    base: 0,
    criadoEm: '',
    tentativas: 0,
  };
}

describe('visit photos on the device', () => {
  it('the photos waiting for a visit, with their data URL and capture time', () => {
    const itens = [foto('v1', 'f1'), foto('v2', 'f2'), foto('v1', 'f3')];
    expect(fotosPendentes(itens, 'v1')).toEqual([
      { id: 'f1', capturadoEm: '2031-01-09T12:00:00Z', dataUrl: 'data:image/jpeg;base64,f1' },
      { id: 'f3', capturadoEm: '2031-01-09T12:00:00Z', dataUrl: 'data:image/jpeg;base64,f3' },
    ]);
    expect(fotosPendentes(itens, 'v3')).toEqual([]);
  });

  it("the server's photos first (no data URL: their thumbnail is fetched), then the waiting ones, once each", () => {
    const servidor = { fotos: [{ id: 'f1', capturado_em: '2031-01-09T11:00:00Z', tamanho_bytes: '1000' }] };
    // f1 was sent while its outbox item is still being removed: listed once, as the server's.
    expect(fotosDaVisita([foto('v1', 'f1'), foto('v1', 'f2')], 'v1', servidor)).toEqual([
      { id: 'f1', capturadoEm: '2031-01-09T11:00:00Z' },
      { id: 'f2', capturadoEm: '2031-01-09T12:00:00Z', dataUrl: 'data:image/jpeg;base64,f2' },
    ]);
    expect(fotosDaVisita([], 'v1', { fotos: [] })).toEqual([]);
    expect(fotosDaVisita([foto('v2', 'f9')], 'v1')).toEqual([]);
  });

  it("a photo goes in its visit's line, with the check-in and the check-out", () => {
    const d = foto('v1', 'f1').dados;
    expect(fotoOp.fila!(d)).toBe('visitas/v1');
    expect(checkinOp.fila!({ corpo: { id: 'v1', cliente_id: 'c' }, nomeCliente: 'M' })).toBe(fotoOp.fila!(d));
    expect(checkoutOp.fila!({ visitaId: 'v1', corpo: { resultado: 'outro' }, nomeCliente: 'M' })).toBe(fotoOp.fila!(d));
    expect(fotoOp.alvo(d)).toBe('f1');
  });
});
