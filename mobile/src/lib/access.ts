// Access log (SPEC §7, POST {api}/sistema/logacesso) and what runs after every sign-in.
import { api } from './api/client';
import type { RegistrarAcessoPedido, RegistrarAcessoResposta } from './api/types';
import { descreverLocalizacao, LOCALIZACAO_DESCONHECIDA, obterPosicao, type Posicao } from './geo';
import { ERRO_DADOS_ACESSO, KEYS, getItem, storeLocation } from './storage';
import { tipoPlataforma } from './platform';
import { verificarVersao } from './version';
import { falhaDeFundo, quandoVoltarAConexao, semConexao } from './system';

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

/** sessionStorage: the operator (uid) whose access this tab has logged (a sign-in or an opening). */
const ACESSO_DA_ABA = 'crm:abertura-registrada';

/** The operator whose access this page is logging now (the row is on its way). */
let registrandoNestaPagina = '';

/**
 * Whether this start of the app still has to log the operator's access, and takes it on: one row
 * per sign-in and per opening of the app (a browser tab counts once; reloading it after a sign-in
 * is the same opening). The tab counts as logged only once the server has the row
 * (marcarAcessoRegistrado): a reload that cut the sign-in's row on its way logs the opening
 * instead, so no access goes unlogged. Without session storage, every start logs.
 */
export function acessoAindaNaoRegistrado(uid: string): boolean {
  if (registrandoNestaPagina === uid) return false;
  try {
    if (sessionStorage.getItem(ACESSO_DA_ABA) === uid) return false;
  } catch {
    /* no session storage */
  }
  registrandoNestaPagina = uid;
  return true;
}

function marcarAcessoRegistrado(): void {
  try {
    sessionStorage.setItem(ACESSO_DA_ABA, getItem(KEYS.uid) ?? '');
  } catch {
    /* no session storage */
  }
}

/**
 * Runs after a sign-in: the version check and the access log, which counts as this tab's opening
 * (StartupTasks logs an opening only for a session it found restored). Never awaited by the
 * sign-in itself; errors are logged only.
 */
export async function aposLogin(historico: string, deps: AposLoginDeps = {}): Promise<void> {
  // Synchronously, before the new session renders: the startup tasks then see the access on its way.
  registrandoNestaPagina = getItem(KEYS.uid) ?? '';
  await Promise.all([checarVersao(), registrarComLocalizacao(historico, deps)]);
}

/**
 * The version check, a background call (lib/system): never an error on screen; without a
 * connection, quiet, and done again when the connection returns.
 */
export function checarVersao(): Promise<void> {
  return verificarVersao(tipoPlataforma()).then(
    () => undefined,
    (err) => {
      if (semConexao(err)) quandoVoltarAConexao('versao', () => void checarVersao());
      falhaDeFundo('Verificação de versão', err);
    },
  );
}

/**
 * Stores where the operator is (within the time limit) and sends the access log, a background
 * call (lib/system): without a connection, quiet, and sent when the connection returns.
 */
export async function registrarComLocalizacao(historico: string, deps: AposLoginDeps = {}): Promise<void> {
  // localizacao is stored before anything else, so the access log always has one.
  storeLocation(LOCALIZACAO_DESCONHECIDA, null, null);
  let posicao: Posicao | null = null;
  try {
    posicao = await (deps.posicao ?? obterPosicao)();
    storeLocation(descreverLocalizacao(posicao), posicao?.latitude ?? null, posicao?.longitude ?? null);
    await registrarAcesso(historico, posicao);
    marcarAcessoRegistrado();
  } catch (err) {
    if (semConexao(err))
      quandoVoltarAConexao('acesso', () =>
        void registrarAcesso(historico, posicao).then(marcarAcessoRegistrado, (e) => falhaDeFundo('Registro de acesso', e)),
      );
    falhaDeFundo('Registro de acesso', err);
  }
}
