import { beforeEach, describe, expect, it, vi } from 'vitest';

const fb = vi.hoisted(() => ({ signOut: vi.fn(async () => {}) }));
vi.mock('firebase/auth', () => fb);
vi.mock('../firebase', () => ({ auth: {} }));

import { sair } from './logout';
import { storeOperatorProfile } from '../storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('logout (SPEC §4)', () => {
  it.each([
    ['remembered e-mail kept', 'ana@demo.example.com', ['rememberedEmail']],
    ['nothing remembered: storage empty', null, []],
  ])('%s', async (_n, remembered, keys) => {
    storeOperatorProfile({ empresa: 'demo', id: 'op', nome_operador: 'Ana', perfil_app: 'ADMIN', exibir_medida: false }, { uid: 'u', email: 'a@b.c', displayName: 'Ana' });
    localStorage.setItem('localizacao', 'desconhecida');
    if (remembered) localStorage.setItem('rememberedEmail', remembered);
    sessionStorage.setItem('firebase:pendingRedirect', 'x');
    await sair();
    expect(fb.signOut).toHaveBeenCalled();
    expect(Object.keys({ ...localStorage })).toEqual(keys);
    if (remembered) expect(localStorage.getItem('rememberedEmail')).toBe(remembered);
    expect(sessionStorage.length).toBe(0);
  });
});
