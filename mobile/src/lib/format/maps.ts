// Map links (SPEC §9): addresses lowercased, stripped of special characters, spaces → '+',
// opened in a new tab.

export function normalizarEndereco(endereco: string): string {
  return endereco
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '+');
}

export function linkMapa(endereco: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${normalizarEndereco(endereco)}`;
}

/**
 * A map link for a position (degrees), shown as "Ver no mapa" instead of raw coordinates; null
 * when the position is unknown or out of range.
 */
export function linkCoordenadas(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

export function abrirMapa(endereco: string): void {
  window.open(linkMapa(endereco), '_blank', 'noopener');
}
