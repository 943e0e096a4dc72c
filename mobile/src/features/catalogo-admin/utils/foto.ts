// A product photo chosen on the device: a big one (a phone camera's 4000 px, 6 MB) is shrunk on
// the device with a canvas (lib/imagem) to at most 1600 px on its longest side and re-encoded as
// JPEG before the upload (the server keeps 800 px and a 200 px thumbnail, and takes at most 5 MB);
// a small JPEG, PNG or WebP goes as it is.
import { abrirImagem, comoDataUrl, ImagemInvalida, medidasReduzidas as reduzidas, reduzirParaJpeg } from '../../../lib/imagem';

export { ImagemInvalida };

export const LADO_MAXIMO = 1600;
export const BYTES_MAXIMOS = 5 * 1024 * 1024;
const TIPOS_ACEITOS = ['image/jpeg', 'image/png', 'image/webp'];

/** The size that fits `max` on the longest side, keeping the proportions (never enlarged). */
export function medidasReduzidas(largura: number, altura: number, max = LADO_MAXIMO): { largura: number; altura: number } {
  return reduzidas(largura, altura, max);
}

/** Whether the file must go through the canvas (too big, too heavy, or a type the server does not read). */
export function precisaReduzir(tipo: string, largura: number, altura: number, bytes: number): boolean {
  return !TIPOS_ACEITOS.includes(tipo) || Math.max(largura, altura) > LADO_MAXIMO || bytes > BYTES_MAXIMOS * 0.7;
}

/** The chosen file as the data URL to upload, shrunk when needed. */
export async function prepararFoto(arquivo: File): Promise<{ dataUrl: string; largura: number; altura: number; reduzida: boolean }> {
  const img = await abrirImagem(arquivo);
  try {
    if (!precisaReduzir(arquivo.type, img.largura, img.altura, arquivo.size)) return { dataUrl: await comoDataUrl(arquivo), largura: img.largura, altura: img.altura, reduzida: false };
    const r = await reduzirParaJpeg(img, LADO_MAXIMO, 0.85);
    return { dataUrl: await comoDataUrl(r.blob), largura: r.largura, altura: r.altura, reduzida: true };
  } finally {
    img.fechar();
  }
}
