// Access log (SPEC §7, POST {api}/sistema/logacesso) and what runs after every sign-in.
import { api } from './api/client';
import type { RegistrarAcessoPedido, RegistrarAcessoResposta } from './api/types';
import { descreverLocalizacao, LOCALIZACAO_DESCONHECIDA, obterPosicao, type Posicao } from './geo';
import { ERRO_DADOS_ACESSO, KEYS, getItem, storeLocation } from './storage';
import { tipoPlataforma } from './platform';
import { verificarVersao } from './version';

/** Sends the access log entry with what storage holds; throws the spec's error when it lacks it. */
export async function registrarAcesso(historico: string, posicao: Posicao | null): Promise<RegistrarAcessoResposta> {
  const empresa = getItem(KEYS.empresa);
  const operador = getItem(KEYS.operador);
  const localizacao = getItem(KEYS.localizacao);
  if (!empresa || !operador || !localizacao) throw new Error(ERRO_DADOS_ACESSO);
  const body: RegistrarAcessoPedido = {
    empresa,
    operador,
    historico,
    localizacao,
    latitude: posicao ? posicao.latitude : null,
    longitude: posicao ? posicao.longitude : null,
  };
  return api<RegistrarAcessoResposta>('/sistema/logacesso', { method: 'POST', body });
}

export interface AposLoginDeps {
  posicao?: () => Promise<Posicao | null>;
}

/**
 * Runs after a sign-in (and when the app opens with a restored session): the version check and
 * the access log. Never awaited by the sign-in itself; errors are logged only.
 */
export async function aposLogin(historico: string, deps: AposLoginDeps = {}): Promise<void> {
  await Promise.all([checarVersao(), registrarComLocalizacao(historico, deps)]);
}

/** The version check; errors are logged only. */
export function checarVersao(): Promise<void> {
  return verificarVersao(tipoPlataforma()).then(
    () => undefined,
    (err) => console.error('Verificação de versão falhou', err),
  );
}

/** Stores where the operator is (within the time limit) and sends the access log; errors logged. */
export async function registrarComLocalizacao(historico: string, deps: AposLoginDeps = {}): Promise<void> {
  // localizacao is stored before anything else, so the access log always has one.
  storeLocation(LOCALIZACAO_DESCONHECIDA, null, null);
  try {
    const posicao = await (deps.posicao ?? obterPosicao)();
    storeLocation(descreverLocalizacao(posicao), posicao?.latitude ?? null, posicao?.longitude ?? null);
    await registrarAcesso(historico, posicao);
  } catch (err) {
    console.error('Registro de acesso falhou', err);
  }
}
