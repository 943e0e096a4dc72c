// A product photo chosen on the device: a big one (a phone camera's 4000 px, 6 MB) is shrunk on
// the device with a canvas to at most 1600 px on its longest side and re-encoded as JPEG before
// the upload (the server keeps 800 px and a 200 px thumbnail, and takes at most 5 MB); a small
// JPEG, PNG or WebP goes as it is.

export const LADO_MAXIMO = 1600;
export const BYTES_MAXIMOS = 5 * 1024 * 1024;
const TIPOS_ACEITOS = ['image/jpeg', 'image/png', 'image/webp'];

/** The size that fits `max` on the longest side, keeping the proportions (never enlarged). */
export function medidasReduzidas(largura: number, altura: number, max = LADO_MAXIMO): { largura: number; altura: number } {
  const maior = Math.max(largura, altura);
  if (maior <= max) return { largura, altura };
  const f = max / maior;
  return { largura: Math.max(1, Math.round(largura * f)), altura: Math.max(1, Math.round(altura * f)) };
}

/** Whether the file must go through the canvas (too big, too heavy, or a type the server does not read). */
export function precisaReduzir(tipo: string, largura: number, altura: number, bytes: number): boolean {
  return !TIPOS_ACEITOS.includes(tipo) || Math.max(largura, altura) > LADO_MAXIMO || bytes > BYTES_MAXIMOS * 0.7;
}

function comoDataUrl(b: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('Não foi possível ler a imagem.'));
    r.readAsDataURL(b);
  });
}

async function abrirImagem(arquivo: Blob): Promise<{ fonte: CanvasImageSource; largura: number; altura: number; fechar: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bmp = await createImageBitmap(arquivo, { imageOrientation: 'from-image' });
    return { fonte: bmp, largura: bmp.width, altura: bmp.height, fechar: () => bmp.close() };
  }
  const url = URL.createObjectURL(arquivo);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { fonte: img, largura: img.naturalWidth, altura: img.naturalHeight, fechar: () => URL.revokeObjectURL(url) };
}

export class ImagemInvalida extends Error {
  constructor() {
    super('Não foi possível abrir esta imagem. Escolha uma foto JPEG, PNG ou WebP.');
    this.name = 'ImagemInvalida';
  }
}

/** The chosen file as the data URL to upload, shrunk when needed. */
export async function prepararFoto(arquivo: File): Promise<{ dataUrl: string; largura: number; altura: number; reduzida: boolean }> {
  let img: Awaited<ReturnType<typeof abrirImagem>>;
  try {
    img = await abrirImagem(arquivo);
  } catch {
    throw new ImagemInvalida();
  }
  try {
    if (!precisaReduzir(arquivo.type, img.largura, img.altura, arquivo.size)) return { dataUrl: await comoDataUrl(arquivo), largura: img.largura, altura: img.altura, reduzida: false };
    const m = medidasReduzidas(img.largura, img.altura);
    const canvas = document.createElement('canvas');
    canvas.width = m.largura;
    canvas.height = m.altura;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ImagemInvalida();
    // JPEG has no transparency: a white background instead of black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, m.largura, m.altura);
    ctx.drawImage(img.fonte, 0, 0, m.largura, m.altura);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) throw new ImagemInvalida();
    return { dataUrl: await comoDataUrl(blob), largura: m.largura, altura: m.altura, reduzida: true };
  } finally {
    img.fechar();
  }
}
