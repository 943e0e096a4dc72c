// The open-source licences of what the app ships (issue 21 §6), made at build time from the
// production bundle itself: every module the bundler rendered into a chunk names its package
// (node_modules/<pacote>/…), whose package.json and licence file are read. The list goes to
// licencas.json in the build (precached; /about shows it). A shipped package without a licence
// fails the build, and so does a service-worker runtime package (Workbox, bundled apart by
// vite-plugin-pwa) missing from the list. Read by vite.config.ts; pure where it can be, so the
// unit tests check it too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface Licenca {
  pacote: string;
  versao: string;
  /** SPDX expression from package.json (e.g. "MIT", "Apache-2.0"). */
  licenca: string;
  /** The package's licence file as shipped (copyright and permission notice); empty if it has none. */
  texto: string;
  /** The project's page (homepage or repository), when the package names one. */
  url: string;
}

/** The file of the build with the list. */
export const ARQUIVO_LICENCAS = 'licencas.json';

/** Bundler and Vite helpers that reach the bundle as virtual modules ("\0vite/preload-helper.js"). */
const VIRTUAIS: [RegExp, string][] = [
  [/^\0?vite\//, 'vite'],
  [/^\0?rolldown\//, 'rolldown'],
];

/**
 * The package a bundled module belongs to: the directory under its last node_modules
 * (`@scope/name` for scoped ones), or the package behind a bundler helper; null for the app's own code.
 */
export function pacoteDoModulo(id: string): { nome: string; dir: string | null } | null {
  const arquivo = id.replace(/\\/g, '/').replace(/\?.*$/, '');
  for (const [re, nome] of VIRTUAIS) if (re.test(arquivo)) return { nome, dir: null };
  const i = arquivo.lastIndexOf('/node_modules/');
  if (i < 0) return null;
  const resto = arquivo.slice(i + '/node_modules/'.length).split('/');
  const nome = resto[0].startsWith('@') ? `${resto[0]}/${resto[1]}` : resto[0];
  return { nome, dir: `${arquivo.slice(0, i)}/node_modules/${nome}` };
}

/** A package without a licence that can be named: the build stops. */
export class SemLicenca extends Error {}

type PackageJson = {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  repository?: string | { url?: string };
};

function expressao(p: PackageJson): string {
  if (typeof p.license === 'string') return p.license.trim();
  if (p.license && typeof p.license.type === 'string') return p.license.type.trim();
  if (Array.isArray(p.licenses)) {
    const tipos = p.licenses.map((l) => l?.type?.trim()).filter(Boolean);
    if (tipos.length) return tipos.length > 1 ? `(${tipos.join(' OR ')})` : tipos[0]!;
  }
  return '';
}

function pagina(p: PackageJson): string {
  const repo = typeof p.repository === 'string' ? p.repository : p.repository?.url;
  const url = p.homepage || repo || '';
  return url.replace(/^git\+/, '').replace(/\.git$/, '').replace(/^git:\/\//, 'https://');
}

/** The licence of the package installed in `dir` (throws SemLicenca when it names none). */
export function lerLicenca(dir: string): Licenca {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  const nome = pkg.name || path.basename(dir);
  const arquivo = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i.test(f) || /^licen[cs]e[-.]mit/i.test(f));
  const texto = arquivo ? readFileSync(path.join(dir, arquivo), 'utf8').trim() : '';
  let licenca = expressao(pkg);
  if (/^SEE LICEN[CS]E IN /i.test(licenca)) licenca = texto ? 'SEE LICENSE IN ' + licenca.slice(15).trim() : '';
  if (!licenca || /^UNLICENSED$/i.test(licenca)) {
    throw new SemLicenca(`O pacote ${nome} (${dir}) vai no app e não declara licença (package.json "license").`);
  }
  return { pacote: nome, versao: pkg.version || '', licenca, texto, url: pagina(pkg) };
}

/**
 * The licences of the packages behind `ids` (the bundle's modules) and of `extras` (packages
 * shipped beside it), sorted by package name; `raiz` is where `extras` and bundler helpers are
 * installed (the app's node_modules).
 */
export function licencasDosModulos(ids: Iterable<string>, raiz: string, extras: readonly string[] = []): Licenca[] {
  const dirs = new Map<string, string>();
  const noApp = (nome: string) => path.join(raiz, 'node_modules', ...nome.split('/'));
  for (const id of ids) {
    const p = pacoteDoModulo(id);
    if (p && !dirs.has(p.nome)) dirs.set(p.nome, p.dir ?? noApp(p.nome));
  }
  for (const nome of extras) if (!dirs.has(nome)) dirs.set(nome, noApp(nome));
  const lista: Licenca[] = [];
  for (const [nome, dir] of dirs) {
    if (!existsSync(path.join(dir, 'package.json'))) throw new SemLicenca(`O pacote ${nome} vai no app e não foi encontrado em ${dir}.`);
    lista.push(lerLicenca(dir));
  }
  return lista.sort((a, b) => a.pacote.localeCompare(b.pacote));
}

/** The Workbox packages a service-worker file carries (each module marks itself "workbox:<nome>:<versão>"). */
export function pacotesDoServiceWorker(codigo: string): string[] {
  return [...new Set([...codigo.matchAll(/workbox:([a-z-]+):\d/g)].map((m) => `workbox-${m[1]}`))].sort();
}

/**
 * Vite plugin: writes licencas.json with the licences of every package the bundle ships, plus
 * `servico` (the service worker's runtime, bundled after this by vite-plugin-pwa); after the
 * build, checks that every package the service worker carries is in the list.
 */
export function licencas({ servico }: { servico: readonly string[] }): Plugin {
  let raiz = process.cwd();
  let saida = 'dist';
  let listados = new Set<string>();
  return {
    name: 'crm-licencas',
    apply: 'build',
    configResolved(c) {
      raiz = c.root;
      saida = path.resolve(c.root, c.build.outDir);
    },
    generateBundle(_opts, bundle) {
      const ids: string[] = [];
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        for (const [id, m] of Object.entries(c.modules)) if (m.renderedLength > 0) ids.push(id);
      }
      let lista: Licenca[];
      try {
        lista = licencasDosModulos(ids, raiz, servico);
      } catch (e) {
        if (e instanceof SemLicenca) this.error(e.message);
        throw e;
      }
      listados = new Set(lista.map((l) => l.pacote));
      this.emitFile({ type: 'asset', fileName: ARQUIVO_LICENCAS, source: JSON.stringify(lista) });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!existsSync(saida)) return;
        for (const f of readdirSync(saida)) {
          if (!/^(sw|workbox-[\w-]+)\.js$/.test(f)) continue;
          const faltam = pacotesDoServiceWorker(readFileSync(path.join(saida, f), 'utf8')).filter((p) => !listados.has(p));
          if (faltam.length) {
            throw new SemLicenca(`${f} leva ${faltam.join(', ')}, fora de ${ARQUIVO_LICENCAS}: acrescente em licencas({ servico }) no vite.config.ts.`);
          }
        }
      },
    },
  };
}
