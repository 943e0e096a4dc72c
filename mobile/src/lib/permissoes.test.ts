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
    ['calendario.gerenciar', true, false, false],
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

// The servers' policies: contracts/politicas.json, written by services/allinone's
// TestPoliticasDoContrato from the policies every registered service declares ("Service/Method" →
// roles, [] = any operator), and failing there when it is stale.
// Called by another service, never by the app.
const ENTRE_SERVICOS = new Set(['CustomerService/SincronizarRegiao']);

function politicasDoServidor(): Map<string, string[]> {
  const arquivo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../contracts/politicas.json');
  const { metodos } = JSON.parse(readFileSync(arquivo, 'utf8')) as { metodos: Record<string, string[]> };
  return new Map(Object.entries(metodos));
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
    // Every operator, in the customer's scope (checked by the server): no action here.
    expect(servidor.get('SugestoesService/ListarSugestoes')).toEqual([]);
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
