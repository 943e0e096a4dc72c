import { describe, expect, it } from 'vitest';
import { localDoAcesso } from './local';

describe('place of an access', () => {
  it.each([
    ['coordinates → map link, no raw numbers', { localizacao: '-23.55052, -46.63331', latitude: -23.55052, longitude: -46.63331 }, { texto: '', mapa: 'https://www.google.com/maps/search/?api=1&query=-23.550520,-46.633310' }],
    ['unknown', { localizacao: 'desconhecida', latitude: null, longitude: null }, { texto: 'desconhecido', mapa: null }],
    ['empty', {}, { texto: 'desconhecido', mapa: null }],
    ['coordinates text without the numbers stored → unknown', { localizacao: '-23.5, -46.6' }, { texto: 'desconhecido', mapa: null }],
    ['a place named in text stays', { localizacao: 'Escritório', latitude: 1, longitude: 2 }, { texto: 'Escritório', mapa: 'https://www.google.com/maps/search/?api=1&query=1.000000,2.000000' }],
    ['out of range → no link', { localizacao: 'x', latitude: 100, longitude: 0 }, { texto: 'x', mapa: null }],
  ])('%s', (_n, a, esperado) => {
    expect(localDoAcesso(a)).toEqual(esperado);
  });
});
