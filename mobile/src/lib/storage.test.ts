import { beforeEach, describe, expect, it } from 'vitest';
import { clearOnLogout, clearSessionKeys, KEYS, readProfile, storeLocation, storeOperatorProfile, TODOS_VENDEDORES } from './storage';

const user = { uid: 'uid-1', email: 'ana@demo.example.com', displayName: 'Ana Souza' };

function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i)!;
    out[k] = localStorage.getItem(k)!;
  }
  return out;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage keys after login (SPEC §3, ISSUE 3)', () => {
  it.each([
    [
      'VENDEDOR sees their own data',
      { empresa: 'demo', id: 'op-7', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: true },
      { filtro_vendedor_id: 'op-7', filtro_vendedor: 'Ana', medida: 'true' },
    ],
    [
      'SUPERVISOR starts with every seller',
      { empresa: 'demo', id: 'op-2', nome_operador: 'Bia', perfil_app: 'SUPERVISOR', exibir_medida: false },
      { filtro_vendedor_id: '', filtro_vendedor: TODOS_VENDEDORES, medida: 'false' },
    ],
    [
      'ADMIN starts with every seller',
      { empresa: 'demo', id: 'op-1', nome_operador: 'Caio', perfil_app: 'ADMIN', exibir_medida: false },
      { filtro_vendedor_id: '', filtro_vendedor: TODOS_VENDEDORES, medida: 'false' },
    ],
  ])('%s', (_n, info, extra) => {
    storeOperatorProfile(info, user);
    expect(snapshot()).toEqual({
      empresa: info.empresa,
      operador: info.id,
      nome_operador: info.nome_operador,
      perfil: info.perfil_app,
      UID: 'uid-1',
      usuario: 'Ana Souza',
      firebase_email: 'ana@demo.example.com',
      firebase_nome: 'Ana Souza',
      ...extra,
    });
  });

  it('usuario falls back to the operator name when the account has no display name', () => {
    storeOperatorProfile({ empresa: 'd', id: '1', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: false }, { ...user, displayName: null });
    expect(localStorage.getItem('usuario')).toBe('Ana');
    expect(localStorage.getItem('firebase_nome')).toBe('');
  });

  it('readProfile reads them back', () => {
    storeOperatorProfile({ empresa: 'demo', id: 'op-7', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: true }, user);
    expect(readProfile()).toMatchObject({ empresa: 'demo', operador: 'op-7', uid: 'uid-1', perfil: 'VENDEDOR', medida: true });
  });

  it('no profile without empresa, operador and UID', () => {
    expect(readProfile()).toBeNull();
  });
});

describe('storage after logout', () => {
  it.each([
    ['with a remembered e-mail', 'ana@demo.example.com', { rememberedEmail: 'ana@demo.example.com' }],
    ['without one', null, {}],
  ])('%s: only rememberedEmail is kept', (_n, remembered, expected) => {
    storeOperatorProfile({ empresa: 'demo', id: 'op-7', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: true }, user);
    storeLocation('desconhecida', null, null);
    localStorage.setItem(KEYS.emailParaLogin, 'x@y.z');
    if (remembered) localStorage.setItem(KEYS.rememberedEmail, remembered);
    sessionStorage.setItem('qualquer', '1');
    clearOnLogout();
    expect(snapshot()).toEqual(expected);
    expect(sessionStorage.length).toBe(0);
  });

  it('a stale profile is dropped without touching the remembered or pending e-mail', () => {
    storeOperatorProfile({ empresa: 'demo', id: 'op-7', nome_operador: 'Ana', perfil_app: 'VENDEDOR', exibir_medida: true }, user);
    localStorage.setItem(KEYS.rememberedEmail, 'a@b.c');
    localStorage.setItem(KEYS.emailParaLogin, 'a@b.c');
    clearSessionKeys();
    expect(snapshot()).toEqual({ rememberedEmail: 'a@b.c', emailParaLogin: 'a@b.c' });
  });
});

describe('location', () => {
  it.each([
    ['unknown', 'desconhecida', null, null, { localizacao: 'desconhecida' }],
    ['known', '-23.55052, -46.63331', -23.55052, -46.63331, { localizacao: '-23.55052, -46.63331', latitude: '-23.55052', longitude: '-46.63331' }],
  ])('%s', (_n, desc, lat, lon, expected) => {
    localStorage.setItem('latitude', '1');
    localStorage.setItem('longitude', '2');
    storeLocation(desc, lat, lon);
    expect(snapshot()).toEqual(expected);
  });
});
