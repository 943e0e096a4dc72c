import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lerLicenca, licencasDosModulos, pacoteDoModulo, pacotesDoServiceWorker, SemLicenca } from './licencas';

// Tests run from mobile/: the app's own node_modules.
const RAIZ = process.cwd();
const temporarios: string[] = [];
afterEach(() => {
  for (const d of temporarios.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fake node_modules/<nome> with this package.json (and licence file, when given). */
function pacote(nome: string, pkg: object, arquivos: Record<string, string> = {}): string {
  const raiz = mkdtempSync(path.join(tmpdir(), 'licencas-'));
  temporarios.push(raiz);
  const dir = path.join(raiz, 'node_modules', ...nome.split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: nome, version: '1.2.3', ...pkg }));
  for (const [f, texto] of Object.entries(arquivos)) writeFileSync(path.join(dir, f), texto);
  return raiz;
}

describe('the licences of the bundle (build)', () => {
  it.each([
    ['/app/node_modules/react/cjs/react.production.js', 'react', '/app/node_modules/react'],
    ['/app/node_modules/@firebase/auth/dist/esm/index.js?v=1', '@firebase/auth', '/app/node_modules/@firebase/auth'],
    ['/app/node_modules/a/node_modules/b/index.js', 'b', '/app/node_modules/a/node_modules/b'],
    ['C:\\app\\node_modules\\maska\\dist\\maska.js', 'maska', 'C:/app/node_modules/maska'],
    ['\0vite/preload-helper.js', 'vite', null],
    ['\0rolldown/runtime.js', 'rolldown', null],
  ])('module %s belongs to %s', (id, nome, dir) => {
    expect(pacoteDoModulo(id)).toEqual({ nome, dir });
  });

  it("the app's own code belongs to no package", () => {
    expect(pacoteDoModulo('/app/src/main.tsx')).toBeNull();
  });

  it("reads react's MIT licence, with its text, from the installed package", () => {
    const [react] = licencasDosModulos([path.join(RAIZ, 'node_modules/react/index.js')], RAIZ);
    expect(react).toMatchObject({ pacote: 'react', licenca: 'MIT' });
    expect(react.texto).toMatch(/^MIT License/);
    expect(react.versao).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a shipped package without a licence stops the build', () => {
    const raiz = pacote('sem-licenca', {});
    expect(() => licencasDosModulos([path.join(raiz, 'node_modules/sem-licenca/index.js')], raiz)).toThrow(SemLicenca);
    expect(() => lerLicenca(path.join(raiz, 'node_modules/sem-licenca'))).toThrow(/O pacote sem-licenca .* não declara licença/);
    const fechado = pacote('fechado', { license: 'UNLICENSED' });
    expect(() => lerLicenca(path.join(fechado, 'node_modules/fechado'))).toThrow(SemLicenca);
    const semArquivo = pacote('ver-arquivo', { license: 'SEE LICENSE IN LICENSE.txt' });
    expect(() => lerLicenca(path.join(semArquivo, 'node_modules/ver-arquivo'))).toThrow(SemLicenca);
  });

  it('old and object forms of the licence field, the licence file and the project page', () => {
    const raiz = pacote('@x/velho', { licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }], repository: { url: 'git+https://github.com/x/velho.git' } }, { 'LICENSE.md': ' Copyright X \n' });
    expect(lerLicenca(path.join(raiz, 'node_modules/@x/velho'))).toEqual({
      pacote: '@x/velho',
      versao: '1.2.3',
      licenca: '(MIT OR Apache-2.0)',
      texto: 'Copyright X',
      url: 'https://github.com/x/velho',
    });
    const obj = pacote('obj', { license: { type: 'ISC' } });
    expect(lerLicenca(path.join(obj, 'node_modules/obj')).licenca).toBe('ISC');
  });

  it('a package named as shipped beside the bundle (the service worker runtime) must exist', () => {
    expect(() => licencasDosModulos([], RAIZ, ['pacote-que-nao-existe'])).toThrow(/pacote-que-nao-existe vai no app e não foi encontrado/);
    expect(licencasDosModulos([], RAIZ, ['workbox-core']).map((l) => [l.pacote, l.licenca])).toEqual([['workbox-core', 'MIT']]);
  });

  it("names the Workbox packages a service-worker file carries by their marks", () => {
    const codigo = `try{self["workbox:core:7.4.0"]&&_()}catch(e){}try{self["workbox:routing:7.4.0"]&&_()}catch(e){}try{self["workbox:core:7.4.0"]&&_()}catch(e){}`;
    expect(pacotesDoServiceWorker(codigo)).toEqual(['workbox-core', 'workbox-routing']);
  });
});
