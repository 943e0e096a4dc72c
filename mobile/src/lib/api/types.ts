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

export type Endereco = Full<Schemas['v1Endereco']>;

export type TipoPlataforma = 'android' | 'web';
export const PERFIS = ['ADMIN', 'SUPERVISOR', 'VENDEDOR'] as const;
export type Perfil = (typeof PERFIS)[number];
