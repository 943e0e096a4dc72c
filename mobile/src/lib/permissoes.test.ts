import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mensagemSemPermissao, pode, quemPode, REGRAS, type Acao } from './permissoes';

describe('pode', () => {
  it.each<[Acao, boolean, boolean, boolean]>([
    ['operadores.gerenciar', true, false, false],
    ['operadores.listar', true, true, false],
    ['versoes.gerenciar', true, false, false],
    ['acessos.ver', true, false, false],
    ['regioes.gerenciar', true, false, false],
    ['clientes.excluir', true, true, false],
    ['clientes.importar', true, false, false],
    ['carteira.atribuir', true, true, false],
    ['carteira.transferir', true, false, false],
    ['carteira.historico', true, true, false],
    ['pesquisas.gerenciar', true, false, false],
    ['catalogo.gerenciar', true, false, false],
  ])('%s: ADMIN %s, SUPERVISOR %s, VENDEDOR %s', (acao, admin, supervisor, vendedor) => {
    expect([pode('ADMIN', acao), pode('SUPERVISOR', acao), pode('VENDEDOR', acao)]).toEqual([admin, supervisor, vendedor]);
  });

  it('no role, or one the app does not know, may do nothing', () => {
    for (const acao of Object.keys(REGRAS) as Acao[]) {
      expect(pode(undefined, acao)).toBe(false);
      expect(pode(null, acao)).toBe(false);
      expect(pode('', acao)).toBe(false);
      expect(pode('admin', acao)).toBe(false);
    }
  });

  it('says who may, in pt-BR', () => {
    expect(quemPode('operadores.gerenciar')).toBe('administradores');
    expect(quemPode('carteira.atribuir')).toBe('administradores e supervisores');
    expect(mensagemSemPermissao('operadores.gerenciar')).toBe('Sem permissão para gerenciar operadores. Esta tela é só para administradores.');
    expect(mensagemSemPermissao('acessos.ver')).toBe('Sem permissão para ver o log de acessos. Esta tela é só para administradores.');
  });
});

// The servers' policies, read from their Go sources: "Service/Method" → roles ([] = any operator).
const SERVICOS = ['operator/operator.go', 'customer/customer.go', 'address/address.go', 'system/system.go', 'sales/sales.go'];
const CALLER: Record<string, string> = { 'caller.Admin': 'ADMIN', 'caller.Supervisor': 'SUPERVISOR', 'caller.Vendedor': 'VENDEDOR' };
// Called by another service, never by the app.
const ENTRE_SERVICOS = new Set(['CustomerService/SincronizarRegiao']);

function politicasDoServidor(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const arquivo of SERVICOS) {
    const go = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../services', arquivo), 'utf8');
    const papeis = (expr: string): string[] => {
      expr = expr.trim();
      const roles = expr.match(/^auth\.Roles\(([^)]*)\)$/);
      if (roles) return roles[1].split(',').map((r) => CALLER[r.trim()] ?? `?${r.trim()}`);
      if (/^(auth\.Policy)?\{[^}]*\}$/.test(expr)) {
        expect(expr, `${arquivo}: a policy literal with roles`).not.toMatch(/Roles:/);
        return [];
      }
      const def = go.match(new RegExp(`^\\s*${expr}\\s*=\\s*(.+)$`, 'm'));
      expect(def, `${arquivo}: ${expr} is defined`).toBeTruthy();
      return papeis(def![1]);
    };
    const mapa = go.match(/var Policies = auth\.Policies\{([\s\S]*?)\n\}/);
    expect(mapa, `${arquivo}: Policies`).toBeTruthy();
    for (const m of mapa![1].matchAll(/^\s*\w+\.(\w+)_(\w+)_FullMethodName:\s*(.+?),?\s*$/gm)) out.set(`${m[1]}/${m[2]}`, papeis(m[3]));
  }
  return out;
}

describe('the table mirrors the servers', () => {
  const servidor = politicasDoServidor();

  it('reads the policies of the five services', () => {
    expect(servidor.get('OperatorService/CriarOperador')).toEqual(['ADMIN']);
    expect(servidor.get('CustomerService/AtribuirClientes')).toEqual(['ADMIN', 'SUPERVISOR']);
    expect(servidor.get('AddressService/ListarCidades')).toEqual([]);
    expect(servidor.get('SystemService/ObterVersao')).toEqual([]);
    expect(servidor.get('SalesService/CriarProduto')).toEqual(['ADMIN']);
    expect(servidor.get('SalesService/ListarProdutos')).toEqual([]);
  });

  it.each(Object.keys(REGRAS) as Acao[])('%s: the roles the server accepts for each of its methods', (acao) => {
    const regra = REGRAS[acao];
    expect(regra.metodos.length).toBeGreaterThan(0);
    for (const metodo of regra.metodos) expect(servidor.get(metodo), metodo).toEqual([...regra.perfis]);
  });

  it('every method the server limits to some roles has an action here', () => {
    const cobertos = new Set<string>(Object.values(REGRAS).flatMap((r) => r.metodos));
    const limitados = [...servidor].filter(([m, p]) => p.length > 0 && !ENTRE_SERVICOS.has(m)).map(([m]) => m);
    expect(limitados.filter((m) => !cobertos.has(m))).toEqual([]);
  });
});
