// A picture chosen or taken on the device, shrunk there before it is sent: opened upright (a
// phone JPEG's EXIF orientation), fitted in a longest side with a canvas and re-encoded as JPEG
// (white under transparency). A product photo (catalogo-admin) and a visit's photo (visitas) use it.

/** The size that fits `max` on the longest side, keeping the proportions (never enlarged). */
export function medidasReduzidas(largura: number, altura: number, max: number): { largura: number; altura: number } {
  const maior = Math.max(largura, altura);
  if (maior <= max) return { largura, altura };
  const f = max / maior;
  return { largura: Math.max(1, Math.round(largura * f)), altura: Math.max(1, Math.round(altura * f)) };
}

export function comoDataUrl(b: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('Não foi possível ler a imagem.'));
    r.readAsDataURL(b);
  });
}

export interface ImagemAberta {
  fonte: CanvasImageSource;
  largura: number;
  altura: number;
  fechar: () => void;
}

export class ImagemInvalida extends Error {
  constructor() {
    super('Não foi possível abrir esta imagem. Escolha uma foto JPEG, PNG ou WebP.');
    this.name = 'ImagemInvalida';
  }
}

/** The picture decoded and upright (ImagemInvalida when it cannot be read). */
export async function abrirImagem(arquivo: Blob): Promise<ImagemAberta> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bmp = await createImageBitmap(arquivo, { imageOrientation: 'from-image' });
      return { fonte: bmp, largura: bmp.width, altura: bmp.height, fechar: () => bmp.close() };
    }
    const url = URL.createObjectURL(arquivo);
    const img = new Image();
    img.src = url;
    await img.decode();
    return { fonte: img, largura: img.naturalWidth, altura: img.naturalHeight, fechar: () => URL.revokeObjectURL(url) };
  } catch {
    throw new ImagemInvalida();
  }
}

/** The picture drawn at most `ladoMaximo` px on its longest side, as a JPEG of that quality. */
export async function reduzirParaJpeg(img: ImagemAberta, ladoMaximo: number, qualidade: number): Promise<{ blob: Blob; largura: number; altura: number }> {
  const m = medidasReduzidas(img.largura, img.altura, ladoMaximo);
  const canvas = document.createElement('canvas');
  canvas.width = m.largura;
  canvas.height = m.altura;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new ImagemInvalida();
  // JPEG has no transparency: a white background instead of black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, m.largura, m.altura);
  ctx.drawImage(img.fonte, 0, 0, m.largura, m.altura);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', qualidade));
  if (!blob) throw new ImagemInvalida();
  return { blob, largura: m.largura, altura: m.altura };
}

/** The qualities and sides tried, in order, until the JPEG fits the target size. */
export const TENTATIVAS_COMPRESSAO: readonly { lado: number; qualidade: number }[] = [
  { lado: 1, qualidade: 0.8 },
  { lado: 1, qualidade: 0.65 },
  { lado: 1, qualidade: 0.5 },
  { lado: 0.75, qualidade: 0.6 },
  { lado: 0.5, qualidade: 0.6 },
];

/**
 * The picture as a JPEG of at most `ladoMaximo` px on its longest side and, as far as it goes,
 * at most `bytesAlvo` bytes: the quality goes down first, then the size (TENTATIVAS_COMPRESSAO);
 * the smallest attempt is kept when none fits.
 */
export async function comprimirImagem(
  arquivo: Blob,
  ladoMaximo: number,
  bytesAlvo: number,
): Promise<{ dataUrl: string; bytes: number; largura: number; altura: number }> {
  const img = await abrirImagem(arquivo);
  try {
    let melhor: Awaited<ReturnType<typeof reduzirParaJpeg>> | null = null;
    for (const t of TENTATIVAS_COMPRESSAO) {
      const r = await reduzirParaJpeg(img, Math.max(1, Math.round(ladoMaximo * t.lado)), t.qualidade);
      if (!melhor || r.blob.size < melhor.blob.size) melhor = r;
      if (r.blob.size <= bytesAlvo) break;
    }
    const r = melhor!;
    return { dataUrl: await comoDataUrl(r.blob), bytes: r.blob.size, largura: r.largura, altura: r.altura };
  } finally {
    img.fechar();
  }
}
