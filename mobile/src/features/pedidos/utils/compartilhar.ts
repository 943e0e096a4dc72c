// Hands a file (the order's PDF) to the system: the share sheet where the browser can share
// files (Android's Chrome and WebView, Safari), a download elsewhere. No Capacitor plugin yet.

export type ResultadoCompartilhar = 'compartilhado' | 'baixado' | 'cancelado';

/**
 * 'compartilhado' when the share sheet took the file, 'cancelado' when the user closed it,
 * 'baixado' when the browser cannot share files (or refused, e.g. the tap's activation ran out
 * while the PDF was made) and the file was downloaded instead.
 */
export async function compartilharPdf(blob: Blob, nome: string): Promise<ResultadoCompartilhar> {
  const arquivo = new File([blob], nome, { type: blob.type || 'application/pdf' });
  if (typeof navigator !== 'undefined' && navigator.canShare?.({ files: [arquivo] })) {
    try {
      await navigator.share({ files: [arquivo], title: nome });
      return 'compartilhado';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelado';
      // NotAllowedError and the like: download it instead.
    }
  }
  baixar(blob, nome);
  return 'baixado';
}

function baixar(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Revoked later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
