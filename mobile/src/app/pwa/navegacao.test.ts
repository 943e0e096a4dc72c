import { describe, expect, it } from 'vitest';
import { caminhoDaApi, navegacaoDoApp } from './navegacao';
import { ROTAS_CONSTRUIDAS, ROTAS_FUTURAS } from '../routes';

describe('service worker navigation fallback', () => {
  it('answers every app route with the app, with or without a query', () => {
    for (const r of [...ROTAS_CONSTRUIDAS, ...ROTAS_FUTURAS]) {
      const p = `/${r.replace(':id', 'f3c1e2d4-0000-4000-8000-000000000000')}`;
      expect(navegacaoDoApp(p), p).toBe(true);
      expect(navegacaoDoApp(`${p}?id=abc&cliente=x.y`), p).toBe(true);
    }
    expect(navegacaoDoApp('/')).toBe(true);
    expect(navegacaoDoApp('/rota-que-nao-existe')).toBe(true);
    // The e-mail link carries URLs (with dots and slashes) in its query.
    expect(navegacaoDoApp('/auth-links?mode=signIn&oobCode=X&continueUrl=https://app.example.com/auth-links')).toBe(true);
  });

  it('leaves the API and the server’s own paths to the network', () => {
    for (const p of [
      '/crm',
      '/crm/',
      '/crm/clientes',
      '/crm/clientes/alteracoes?cursor=1',
      '/crm?x=1',
      '/healthz',
      '/readyz',
      '/metrics',
      '/.well-known/assetlinks.json',
      '/debug/pprof/',
      '/__/auth/handler',
      '/sw.js',
      '/assets/nao-existe-123.js',
      '/manifest.webmanifest',
    ]) {
      expect(navegacaoDoApp(p), p).toBe(false);
    }
  });

  it('uses the path of a configured API base as well', () => {
    expect(caminhoDaApi(undefined)).toBe('/crm');
    expect(caminhoDaApi('/crm/')).toBe('/crm');
    expect(caminhoDaApi('https://crm.empresa.com.br/api/v1/')).toBe('/api/v1');
    expect(caminhoDaApi('https://crm.empresa.com.br')).toBe('/crm');
    expect(navegacaoDoApp('/api/v1/clientes', 'https://crm.empresa.com.br/api/v1')).toBe(false);
    expect(navegacaoDoApp('/crm/clientes', 'https://crm.empresa.com.br/api/v1')).toBe(false);
    expect(navegacaoDoApp('/api-ajuda', 'https://crm.empresa.com.br/api')).toBe(true);
  });
});
