// Local storage, with exactly the keys of SPEC §3. Nothing else goes to localStorage: the
// device copy of business data lives in IndexedDB and Firebase keeps its session in IndexedDB.

export const KEYS = {
  empresa: 'empresa',
  operador: 'operador',
  filtroVendedorId: 'filtro_vendedor_id',
  nomeOperador: 'nome_operador',
  filtroVendedor: 'filtro_vendedor',
  perfil: 'perfil',
  usuario: 'usuario',
  firebaseEmail: 'firebase_email',
  firebaseNome: 'firebase_nome',
  medida: 'medida',
  uid: 'UID',
  rememberedEmail: 'rememberedEmail',
  emailParaLogin: 'emailParaLogin',
  localizacao: 'localizacao',
  latitude: 'latitude',
  longitude: 'longitude',
} as const;

export type StorageKey = (typeof KEYS)[keyof typeof KEYS];

/** Keys that describe the signed-in operator (removed on sign-out). */
export const SESSION_KEYS: readonly StorageKey[] = [
  KEYS.empresa,
  KEYS.operador,
  KEYS.filtroVendedorId,
  KEYS.nomeOperador,
  KEYS.filtroVendedor,
  KEYS.perfil,
  KEYS.usuario,
  KEYS.firebaseEmail,
  KEYS.firebaseNome,
  KEYS.medida,
  KEYS.uid,
  KEYS.localizacao,
  KEYS.latitude,
  KEYS.longitude,
];

export const ERRO_EMPRESA_VERSAO = 'Empresa não encontrada no Armazenamento Local, ao Pegar Versão';
export const ERRO_DADOS_ACESSO = 'Empresa, Operador ou Localização não encontrados no Armazenamento Local';

/** Label stored in filtro_vendedor when a SUPERVISOR or ADMIN sees every seller. */
export const TODOS_VENDEDORES = 'Todos';

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  listeners.forEach((l) => l());
}

/** Subscribe to changes made through this module (and by other tabs). */
export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', emit);
}

export function getItem(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function setItem(key: StorageKey, value: string): void {
  localStorage.setItem(key, value);
  emit();
}

export function removeItem(key: StorageKey): void {
  localStorage.removeItem(key);
  emit();
}

export type PerfilApp = 'ADMIN' | 'SUPERVISOR' | 'VENDEDOR';

/** What the operator lookup returns (the first entry of GET {api}/info/operador/{uid}). */
export interface OperatorInfo {
  empresa: string;
  id: string;
  nome_operador: string;
  perfil_app: string;
  exibir_medida: boolean;
}

/** The parts of the Firebase user that are stored. */
export interface IdentityInfo {
  uid: string;
  email: string | null;
  displayName: string | null;
}

/** Stores the operator profile after a successful sign-in (ISSUE 3, "Local storage keys"). */
export function storeOperatorProfile(info: OperatorInfo, user: IdentityInfo): void {
  const displayName = user.displayName || '';
  const values: [StorageKey, string][] = [
    [KEYS.empresa, info.empresa],
    [KEYS.operador, info.id],
    [KEYS.nomeOperador, info.nome_operador],
    [KEYS.perfil, info.perfil_app],
    [KEYS.medida, String(Boolean(info.exibir_medida))],
    [KEYS.uid, user.uid],
    [KEYS.usuario, displayName || info.nome_operador],
    [KEYS.firebaseEmail, user.email || ''],
    [KEYS.firebaseNome, displayName],
  ];
  // A seller sees their own data; a SUPERVISOR or ADMIN starts with every seller and picks one
  // with the seller chooser of the customers area.
  if (info.perfil_app === 'VENDEDOR') {
    values.push([KEYS.filtroVendedorId, info.id], [KEYS.filtroVendedor, info.nome_operador]);
  } else {
    values.push([KEYS.filtroVendedorId, ''], [KEYS.filtroVendedor, TODOS_VENDEDORES]);
  }
  for (const [k, v] of values) localStorage.setItem(k, v);
  emit();
}

/** Sign-out: clear local and session storage, keeping only the remembered e-mail. */
export function clearOnLogout(): void {
  const remembered = getItem(KEYS.rememberedEmail);
  try {
    localStorage.clear();
    sessionStorage.clear();
  } finally {
    if (remembered !== null) localStorage.setItem(KEYS.rememberedEmail, remembered);
    emit();
  }
}

/** Drops a stale operator profile (its Firebase session is gone) without touching other keys. */
export function clearSessionKeys(): void {
  for (const k of SESSION_KEYS) localStorage.removeItem(k);
  emit();
}

export interface StoredProfile {
  empresa: string;
  operador: string;
  nomeOperador: string;
  perfil: string;
  medida: boolean;
  uid: string;
  usuario: string;
  firebaseEmail: string;
  firebaseNome: string;
  filtroVendedorId: string;
  filtroVendedor: string;
}

/** The stored operator profile, or null when no operator is signed in on this device. */
export function readProfile(): StoredProfile | null {
  const empresa = getItem(KEYS.empresa);
  const operador = getItem(KEYS.operador);
  const uid = getItem(KEYS.uid);
  if (!empresa || !operador || !uid) return null;
  return {
    empresa,
    operador,
    uid,
    nomeOperador: getItem(KEYS.nomeOperador) || '',
    perfil: getItem(KEYS.perfil) || '',
    medida: getItem(KEYS.medida) === 'true',
    usuario: getItem(KEYS.usuario) || '',
    firebaseEmail: getItem(KEYS.firebaseEmail) || '',
    firebaseNome: getItem(KEYS.firebaseNome) || '',
    filtroVendedorId: getItem(KEYS.filtroVendedorId) || '',
    filtroVendedor: getItem(KEYS.filtroVendedor) || '',
  };
}

/** Stores where the operator is; latitude/longitude are removed when unknown. */
export function storeLocation(localizacao: string, latitude: number | null, longitude: number | null): void {
  localStorage.setItem(KEYS.localizacao, localizacao);
  if (latitude === null || longitude === null) {
    localStorage.removeItem(KEYS.latitude);
    localStorage.removeItem(KEYS.longitude);
  } else {
    localStorage.setItem(KEYS.latitude, String(latitude));
    localStorage.setItem(KEYS.longitude, String(longitude));
  }
  emit();
}
