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

export function abrirMapa(endereco: string): void {
  window.open(linkMapa(endereco), '_blank', 'noopener');
}
