// Who may do what, in one place: the app's copy of the servers' method policies (the
// `Policies` maps of services/operator, customer, address, system and sales). The server is the one
// that enforces them; the app asks `pode` to decide what to show, so that a screen or a button a
// role cannot use is not offered, and a screen opened anyway says why instead of failing with 403.
// permissoes.test.ts reads the Go sources and fails when this table and the servers disagree.
import type { Perfil } from './api/types';

interface Regra {
  /** The roles the servers accept. */
  perfis: readonly Perfil[];
  /** What the action is, after "Sem permissão para …". */
  oQue: string;
  /** The gRPC methods ("Service/Method") whose policy this mirrors. */
  metodos: readonly string[];
}

const ADMIN = ['ADMIN'] as const satisfies readonly Perfil[];
const GESTORES = ['ADMIN', 'SUPERVISOR'] as const satisfies readonly Perfil[];

export const REGRAS = {
  'operadores.listar': { perfis: GESTORES, oQue: 'ver a lista de operadores', metodos: ['OperatorService/ListarOperadores'] },
  'operadores.gerenciar': {
    perfis: ADMIN,
    oQue: 'gerenciar operadores',
    metodos: ['OperatorService/CriarOperador', 'OperatorService/AtualizarOperador', 'OperatorService/DesativarOperador', 'OperatorService/ReativarOperador'],
  },
  'versoes.gerenciar': { perfis: ADMIN, oQue: 'gerenciar as versões do app', metodos: ['SystemService/ListarVersoes', 'SystemService/DefinirVersao'] },
  'acessos.ver': { perfis: ADMIN, oQue: 'ver o log de acessos', metodos: ['SystemService/ListarAcessos'] },
  'regioes.gerenciar': {
    perfis: ADMIN,
    oQue: 'criar, alterar ou excluir regiões',
    metodos: ['AddressService/CriarRegiao', 'AddressService/AtualizarRegiao', 'AddressService/ExcluirRegiao'],
  },
  'clientes.excluir': { perfis: GESTORES, oQue: 'excluir clientes', metodos: ['CustomerService/ExcluirCliente'] },
  'clientes.importar': { perfis: ADMIN, oQue: 'importar clientes', metodos: ['CustomerService/ImportarClientes'] },
  'clientes.ieInvalidas': {
    perfis: ADMIN,
    oQue: 'ver os clientes com inscrição estadual inválida',
    metodos: ['CustomerService/ListarClientesIEInvalida'],
  },
  'carteira.atribuir': { perfis: GESTORES, oQue: 'atribuir clientes a vendedores', metodos: ['CustomerService/AtribuirClientes'] },
  'carteira.transferir': { perfis: ADMIN, oQue: 'transferir carteiras', metodos: ['CustomerService/TransferirCarteira'] },
  'carteira.historico': { perfis: GESTORES, oQue: 'ver o histórico de transferências', metodos: ['CustomerService/ListarTransferencias'] },
  'pesquisas.gerenciar': {
    perfis: ADMIN,
    oQue: 'gerenciar formulários de pesquisa',
    metodos: ['CustomerService/CriarPesquisa', 'CustomerService/AtualizarPesquisa'],
  },
  'catalogo.gerenciar': {
    perfis: ADMIN,
    oQue: 'gerenciar o catálogo (produtos, tabelas de preço, condições de pagamento, política comercial e regras de ST)',
    metodos: [
      'SalesService/CriarProduto',
      'SalesService/AtualizarProduto',
      'SalesService/ExcluirProduto',
      'SalesService/ImportarProdutos',
      'SalesService/DefinirFotoProduto',
      'SalesService/RemoverFotoProduto',
      'SalesService/CriarTabela',
      'SalesService/AtualizarTabela',
      'SalesService/ExcluirTabela',
      'SalesService/DefinirPreco',
      'SalesService/RemoverPreco',
      'SalesService/ImportarPrecos',
      'SalesService/CriarCondicao',
      'SalesService/AtualizarCondicao',
      'SalesService/ExcluirCondicao',
      'SalesService/DefinirPolitica',
      'SalesService/CriarRegraST',
      'SalesService/ExcluirRegraST',
      'SalesService/ImportarRegrasST',
    ],
  },
  'pedidos.aprovar': {
    perfis: GESTORES,
    oQue: 'aprovar ou reprovar pedidos',
    metodos: ['PedidosService/AprovarPedido', 'PedidosService/ReprovarPedido'],
  },
  'pedidos.status': {
    perfis: ADMIN,
    oQue: 'mudar o status de pedidos depois do envio',
    metodos: ['PedidosService/AlterarStatusPedido'],
  },
  'vendas.reconciliar': { perfis: ADMIN, oQue: 'reconciliar os resumos de vendas', metodos: ['PedidosService/ReconciliarResumos'] },
  'calendario.gerenciar': {
    perfis: ADMIN,
    oQue: 'alterar o calendário de dias úteis (folgas da empresa, Carnaval e Corpus Christi)',
    metodos: ['CalendarioService/CriarFolga', 'CalendarioService/ExcluirFolga', 'CalendarioService/DefinirConfiguracaoCalendario'],
  },
  'metas.definir': {
    perfis: GESTORES,
    oQue: 'definir metas (criar, alterar, excluir, copiar ou importar)',
    metodos: [
      'MetasService/CriarMeta',
      'MetasService/AtualizarMeta',
      'MetasService/ExcluirMeta',
      'MetasService/CopiarMetas',
      'MetasService/ImportarMetas',
    ],
  },
  'visitas.configurar': {
    perfis: ADMIN,
    oQue: 'alterar a configuração de visitas (raio, precisão, check-out automático e motivos)',
    metodos: ['VisitasService/DefinirConfiguracaoVisitas'],
  },
  'visitas.coordenadas': {
    perfis: ADMIN,
    oQue: 'aceitar ou descartar as coordenadas que os check-ins propõem para os endereços dos clientes',
    metodos: ['VisitasService/AceitarCoordenadas', 'VisitasService/DescartarCoordenadas'],
  },
  'visitas.reconciliar': { perfis: ADMIN, oQue: 'reconciliar o resumo de visitas', metodos: ['ResumoVisitasService/ReconciliarResumoVisitas'] },
} as const satisfies Record<string, Regra>;

export type Acao = keyof typeof REGRAS;

/** Whether an operator of this role may do it (no role, e.g. signed out: no). */
export function pode(perfil: string | null | undefined, acao: Acao): boolean {
  return !!perfil && (REGRAS[acao].perfis as readonly string[]).includes(perfil);
}

const PLURAL: Record<Perfil, string> = { ADMIN: 'administradores', SUPERVISOR: 'supervisores', VENDEDOR: 'vendedores' };

/** "administradores", "administradores e supervisores". */
export function quemPode(acao: Acao): string {
  const nomes = REGRAS[acao].perfis.map((p) => PLURAL[p]);
  return nomes.length > 1 ? `${nomes.slice(0, -1).join(', ')} e ${nomes[nomes.length - 1]}` : nomes[0];
}

/** The sentence a screen shows to a role that may not open it. */
export function mensagemSemPermissao(acao: Acao): string {
  return `Sem permissão para ${REGRAS[acao].oQue}. Esta tela é só para ${quemPode(acao)}.`;
}
