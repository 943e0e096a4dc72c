// Names for the generated API types (schema.gen.ts comes from the backend's OpenAPI; never
// write these shapes by hand). The server emits every field (EmitUnpopulated), so response
// types are Required<>.
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
type Full<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type InfoOperador = Full<Schemas['v1InfoOperador']>;
export type Chamador = Full<Schemas['v1Chamador']>;
export type Operador = Full<Schemas['v1Operador']>;
export type ListarOperadoresResposta = Omit<Full<Schemas['v1ListarOperadoresResponse']>, 'operadores'> & { operadores: Operador[] };
export type ListarOperadoresParametros = NonNullable<operations['OperatorService_ListarOperadores']['parameters']['query']>;
export type CriarOperadorPedido = Schemas['v1CriarOperadorRequest'];
export type AtualizarOperadorPedido = Schemas['OperatorServiceAtualizarOperadorBody'];

export type ObterVersaoPedido = Schemas['v1ObterVersaoRequest'];
export type ObterVersaoResposta = Full<Schemas['v1ObterVersaoResponse']>;
export type ConfigVersao = Full<Schemas['v1ConfigVersao']>;
export type ListarVersoesResposta = Omit<Full<Schemas['v1ListarVersoesResponse']>, 'versoes'> & { versoes: ConfigVersao[] };
export type DefinirVersaoPedido = Schemas['SystemServiceDefinirVersaoBody'];

/** latitude/longitude are google.protobuf.DoubleValue: a number or null on the wire. */
type WithNullableCoords<T> = Omit<T, 'latitude' | 'longitude'> & {
  latitude: number | null;
  longitude: number | null;
};
export type RegistrarAcessoPedido = WithNullableCoords<Full<Schemas['v1RegistrarAcessoRequest']>>;
export type RegistrarAcessoResposta = Full<Schemas['v1RegistrarAcessoResponse']>;
export type Acesso = WithNullableCoords<Full<Schemas['v1Acesso']>>;
export type ListarAcessosResposta = Omit<Full<Schemas['v1ListarAcessosResponse']>, 'acessos'> & { acessos: Acesso[] };
export type ListarAcessosParametros = NonNullable<operations['SystemService_ListarAcessos']['parameters']['query']>;

/** The postal-code service's answer (ViaCEP's field names). */
export type Endereco = Full<Schemas['crmAddressV1Endereco']>;

// Customers, portfolios and surveys (customer.proto).
/** latitude/longitude are proto3 `optional double`: absent or null when unknown. */
type WithOptionalCoords<T> = Omit<T, 'latitude' | 'longitude'> & { latitude?: number | null; longitude?: number | null };
export type EnderecoCliente = WithOptionalCoords<Full<Schemas['crmCustomerV1Endereco']>>;
export type Contato = Full<Schemas['v1Contato']>;
export type Cliente = Omit<Full<Schemas['v1Cliente']>, 'enderecos' | 'contatos'> & { enderecos: EnderecoCliente[]; contatos: Contato[] };
export type ListarClientesParametros = NonNullable<operations['CustomerService_ListarClientes']['parameters']['query']>;
export type ListarClientesResposta = { clientes: Cliente[]; next_page_token: string };
export type AlteracaoCliente = { id: string; removido: boolean; cliente: Cliente | null };
export type AlteracoesClientesResposta = { alteracoes: AlteracaoCliente[]; cursor: string; mais: boolean };
export type CriarClientePedido = Schemas['v1CriarClienteRequest'];
export type AtualizarClientePedido = Schemas['CustomerServiceAtualizarClienteBody'];
export type ImportarClientesPedido = Schemas['v1ImportarClientesRequest'];
export type LinhaRejeitada = Full<Schemas['v1LinhaRejeitada']>;
export type ImportarClientesResposta = Omit<Full<Schemas['v1ImportarClientesResponse']>, 'rejeitadas'> & { rejeitadas: LinhaRejeitada[] };
export type CarteiraVendedor = Full<Schemas['v1CarteiraVendedor']>;
export type ResumoCarteiraResposta = { vendedores: CarteiraVendedor[] };
export type Transferencia = Full<Schemas['v1Transferencia']>;
export type ListarTransferenciasResposta = { transferencias: Transferencia[]; next_page_token: string };
export type AtribuirClientesPedido = Schemas['v1AtribuirClientesRequest'];
export type TransferirCarteiraPedido = Schemas['v1TransferirCarteiraRequest'];
export type Pergunta = Full<Schemas['v1Pergunta']>;
export type Pesquisa = Omit<Full<Schemas['v1Pesquisa']>, 'perguntas'> & { perguntas: Pergunta[] };
export type ListarPesquisasResposta = { pesquisas: Pesquisa[]; next_page_token: string };
export type CriarPesquisaPedido = Schemas['v1CriarPesquisaRequest'];
export type AtualizarPesquisaPedido = Schemas['CustomerServiceAtualizarPesquisaBody'];
export type Resposta = Full<Schemas['v1Resposta']>;
export type RespostaPesquisa = WithOptionalCoords<Omit<Full<Schemas['v1RespostaPesquisa']>, 'respostas'> & { respostas: Resposta[] }>;
export type ListarRespostasResposta = { respostas: RespostaPesquisa[]; next_page_token: string };
export type ResponderPesquisaPedido = Schemas['CustomerServiceResponderPesquisaBody'];

// States, cities and regions (address.proto).
export type Uf = Full<Schemas['v1Uf']>;
export type Cidade = Full<Schemas['v1Cidade']>;
export type ListarCidadesParametros = NonNullable<operations['AddressService_ListarCidades']['parameters']['query']>;
export type ListarCidadesResposta = { cidades: Cidade[]; next_page_token: string };
export type Regiao = Full<Schemas['v1Regiao']>;
export type ListarRegioesResposta = { regioes: Regiao[]; next_page_token: string };
export type CriarRegiaoPedido = Schemas['v1CriarRegiaoRequest'];
export type AtualizarRegiaoPedido = Schemas['AddressServiceAtualizarRegiaoBody'];

export type TipoPlataforma = 'android' | 'web';
export const PERFIS = ['ADMIN', 'SUPERVISOR', 'VENDEDOR'] as const;
export type Perfil = (typeof PERFIS)[number];

// Products, price tables, payment terms, commercial policy, ST rules and pricing (sales.proto).
// Money (…_centavos) is int64: a string on the wire; percentages are numbers (7.5 = 7,5 %).
export type Produto = Full<Schemas['v1Produto']>;
export type ListarProdutosParametros = NonNullable<operations['SalesService_ListarProdutos']['parameters']['query']>;
export type ListarProdutosResposta = { produtos: Produto[]; next_page_token: string };
export type CriarProdutoPedido = Schemas['v1CriarProdutoRequest'];
export type AtualizarProdutoPedido = Schemas['SalesServiceAtualizarProdutoBody'];
export type AlteracaoProduto = Omit<Full<Schemas['v1AlteracaoProduto']>, 'produto'> & { produto?: Produto };
export type TabelaPreco = Full<Schemas['v1TabelaPreco']>;
export type ListarTabelasResposta = { tabelas: TabelaPreco[]; next_page_token: string };
export type CriarTabelaPedido = Schemas['v1CriarTabelaRequest'];
export type AtualizarTabelaPedido = Schemas['SalesServiceAtualizarTabelaBody'];
export type Preco = Full<Schemas['v1Preco']>;
export type ListarPrecosResposta = { precos: Preco[]; next_page_token: string };
export type DefinirPrecoPedido = Schemas['SalesServiceDefinirPrecoBody'];
export type AlteracaoPreco = Omit<Full<Schemas['v1AlteracaoPreco']>, 'preco'> & { preco?: Preco };
export type CondicaoPagamento = Full<Schemas['v1CondicaoPagamento']>;
export type CriarCondicaoPedido = Schemas['v1CriarCondicaoRequest'];
export type AtualizarCondicaoPedido = Schemas['SalesServiceAtualizarCondicaoBody'];
export type PoliticaComercial = Full<Schemas['v1PoliticaComercial']>;
export type DefinirPoliticaPedido = Schemas['v1DefinirPoliticaRequest'];
export type RegraST = Full<Schemas['v1RegraST']>;
export type CriarRegraSTPedido = Schemas['v1CriarRegraSTRequest'];
export type CalcularPrecosPedido = Schemas['v1CalcularPrecosRequest'];
export type DescontoAplicado = Full<Schemas['v1DescontoAplicado']>;
export type ItemCalculado = Omit<Full<Schemas['v1ItemCalculado']>, 'descontos'> & { descontos: DescontoAplicado[] };
export type AvisoPreco = Full<Schemas['v1Aviso']>;
export type CalcularPrecosResposta = Omit<Full<Schemas['v1CalcularPrecosResponse']>, 'itens' | 'avisos'> & {
  itens: ItemCalculado[];
  avisos: AvisoPreco[];
};
export type LinhaRecusada = Full<Schemas['v1LinhaRecusada']>;
export type ImportarCatalogoPedido = Schemas['v1ImportarRequest'];
export type ImportarCatalogoResposta = Omit<Full<Schemas['v1ImportarResponse']>, 'rejeitadas'> & { rejeitadas: LinhaRecusada[] };
export type AlteracoesProdutosResposta = { alteracoes: AlteracaoProduto[]; cursor: string; mais: boolean };
export type AlteracaoTabela = Omit<Full<Schemas['v1AlteracaoTabela']>, 'tabela'> & { tabela?: TabelaPreco };
export type AlteracoesTabelasResposta = { alteracoes: AlteracaoTabela[]; cursor: string; mais: boolean };
export type AlteracoesPrecosResposta = { alteracoes: AlteracaoPreco[]; cursor: string; mais: boolean };

// Orders (pedidos.proto).
export type ClientePedido = Full<Schemas['v1ClientePedido']>;
export type ItemPedido = Omit<Full<Schemas['v1ItemPedido']>, 'descontos'> & { descontos: DescontoAplicado[] };
export type MotivoAprovacao = Full<Schemas['v1MotivoAprovacao']>;
export type EventoPedido = Full<Schemas['v1EventoPedido']>;
export type NotaFiscal = Full<Schemas['v1NotaFiscal']>;
export type PrecoAlterado = Full<Schemas['v1PrecoAlterado']>;
export type Pedido = WithOptionalCoords<
  Omit<
    Full<Schemas['v1Pedido']>,
    'cliente' | 'itens' | 'motivos_aprovacao' | 'historico' | 'notas_fiscais' | 'precos_alterados'
  >
> & {
  cliente: ClientePedido;
  itens: ItemPedido[];
  motivos_aprovacao: MotivoAprovacao[];
  historico: EventoPedido[];
  notas_fiscais: NotaFiscal[];
  precos_alterados: PrecoAlterado[];
};
export type ItemPedidoEntrada = Schemas['v1ItemPedidoEntrada'];
export type CriarPedidoPedido = WithOptionalCoords<Schemas['v1CriarPedidoRequest']>;
export type ListarPedidosParametros = NonNullable<operations['PedidosService_ListarPedidos']['parameters']['query']>;
export type ListarPedidosResposta = { pedidos: Pedido[]; next_page_token: string };
export type AlteracaoPedido = Omit<Full<Schemas['v1AlteracaoPedido']>, 'pedido'> & { pedido?: Pedido };
export type AlteracoesPedidosResposta = { alteracoes: AlteracaoPedido[]; cursor: string; mais: boolean };
export type ResumoVendas = Full<Schemas['v1ResumoVendas']>;

// What each customer stopped buying (SugestoesService)
export type Sugestao = Full<Schemas['v1Sugestao']>;
export type ListarSugestoesResposta = Omit<Full<Schemas['v1ListarSugestoesResponse']>, 'sugestoes'> & { sugestoes: Sugestao[] };

// Visits and check-in (visitas.proto).
/** latitude, longitude, precisao_metros and distancia_metros are proto3 `optional double`: absent when unknown. */
type WithOptionalPosicao<T> = Omit<T, 'latitude' | 'longitude' | 'precisao_metros' | 'distancia_metros'> & {
  latitude?: number | null;
  longitude?: number | null;
  precisao_metros?: number | null;
  distancia_metros?: number | null;
};
export type Visita = WithOptionalPosicao<Full<Schemas['v1Visita']>>;
export type ListarVisitasResposta = { visitas: Visita[]; next_page_token: string };
export type AlteracoesVisitasResposta = { alteracoes?: { id: string; removido: boolean; visita?: Visita }[]; cursor: string; mais: boolean; total?: number };
export type ListarVisitasParametros = NonNullable<operations['VisitasService_ListarVisitas']['parameters']['query']>;
export type FazerCheckinPedido = Schemas['v1FazerCheckinRequest'];
export type FazerCheckoutPedido = Schemas['VisitasServiceFazerCheckoutBody'];
export type MotivoSemVenda = Full<Schemas['v1MotivoSemVenda']>;
export type ConfiguracaoVisitas = Omit<Full<Schemas['v1ConfiguracaoVisitas']>, 'motivos_sem_venda'> & { motivos_sem_venda: MotivoSemVenda[] };
// A visit's photos (fotos.proto): latitude and longitude absent without a fix.
export type FotoVisita = Omit<Full<Schemas['v1FotoVisita']>, 'latitude' | 'longitude'> & { latitude?: number | null; longitude?: number | null };
export type EnviarFotoVisitaPedido = Schemas['FotosVisitaServiceEnviarFotoVisitaBody'];
export type DefinirConfiguracaoVisitasPedido = Schemas['v1DefinirConfiguracaoVisitasRequest'];

// Tasks, visit frequencies, the agenda and the day's route (field service: tarefas.proto, agenda.proto)
export type Tarefa = Full<Schemas['v1Tarefa']>;
export type CriarTarefaPedido = Schemas['v1CriarTarefaRequest'];
export type AtualizarTarefaPedido = Schemas['TarefasServiceAtualizarTarefaBody'];
/** distancia_metros (proto3 `optional double`) and inicio are absent on an item without a visit done. */
export type ItemAgenda = Omit<Full<Schemas['v1ItemAgenda']>, 'distancia_metros' | 'inicio'> & { distancia_metros?: number | null; inicio?: string | null };
export type AgendaResposta = { itens: ItemAgenda[] };
export type ParadaRota = Full<Schemas['v1ParadaRota']>;
export type Rota = Omit<Full<Schemas['v1Rota']>, 'paradas'> & { paradas: ParadaRota[] };
export type FrequenciaVisita = Full<Schemas['v1FrequenciaVisita']>;
export type ClienteSemVisita = Full<Schemas['v1ClienteSemVisita']>;
