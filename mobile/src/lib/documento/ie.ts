// Inscrição estadual (IE) of the 27 states: the server's rule (services/customer/internal/domain/
// ie.go), each state's length, prefix and check digits as SINTEGRA publishes them (the
// Cad_Estados pages) and erpbrasil.base implements them. The shared cases are
// contracts/inscricoes-estaduais.json (ie.test.ts here, ie_contrato_test.go there).
//
// Accepted input: digits with the separators ". - /" and spaces, ISENTO, and for São Paulo's
// rural producers a leading P ("P-01100424.3/002"). Kept: the digits ("P" and the digits for a
// producer), or ISENTO. The length must be the state's (no zeros are added on the left).

export const ISENTO = 'ISENTO';

export const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');

/** The IE as the server keeps it, and whether it had only digits and separators. */
export function normalizarIE(valor: string): { ie: string; ok: boolean } {
  let s = valor.trim().toUpperCase();
  if (!s || s === ISENTO) return { ie: s, ok: true };
  let prefixo = '';
  if (s.startsWith('P')) {
    prefixo = 'P';
    s = s.slice(1);
  }
  return { ie: prefixo + s.replace(/\D/g, ''), ok: /^[0-9.\-/ ]*$/.test(s) };
}

const nums = (s: string) => [...s].map(Number);
const soma = (d: number[], w: number[]) => w.reduce((t, p, i) => t + d[i] * p, 0);
/** 11 minus the remainder, 0 when that is 10 or 11. */
const mod11 = (d: number[], w: number[]) => {
  const r = soma(d, w) % 11;
  return r < 2 ? 0 : 11 - r;
};
/** n weights from the first down to 2, going on from 9 after 2. */
const pesos = (n: number, primeiro: number) => {
  const w: number[] = [];
  for (let p = primeiro; w.length < n; p = p - 1 < 2 ? 9 : p - 1) w.push(p);
  return w;
};
const temPrefixo = (s: string, prefixos: string[]) => prefixos.length === 0 || prefixos.some((p) => s.startsWith(p));

/** n digits, the last a mod11 check digit over the others with weights n down to 2. */
const simples =
  (n: number, ...prefixos: string[]) =>
  (s: string) => {
    if (s.length !== n || !temPrefixo(s, prefixos)) return false;
    const d = nums(s);
    return mod11(d, pesos(n - 1, n)) === d[n - 1];
  };

/** 13 digits (AC, DF): two mod11 check digits. */
const doisDV =
  (...prefixos: string[]) =>
  (s: string) => {
    if (s.length !== 13 || !temPrefixo(s, prefixos)) return false;
    const d = nums(s);
    return mod11(d, pesos(11, 4)) === d[11] && mod11(d, pesos(12, 5)) === d[12];
  };

const numero = (d: number[]) => d.reduce((n, x) => n * 10 + x, 0);

function ieAP(s: string): boolean {
  if (s.length !== 9 || !s.startsWith('03')) return false;
  const d = nums(s);
  const n = numero(d.slice(0, 8));
  const [p, dd] = n <= 3017000 ? [5, 0] : n <= 3019022 ? [9, 1] : [0, 0];
  const r = (p + soma(d, pesos(8, 9))) % 11;
  const dv = r === 1 ? 0 : r === 0 ? dd : 11 - r;
  return dv === d[8];
}

function ieBA(s: string): boolean {
  if (s.length !== 8 && s.length !== 9) return false;
  const base = s.length - 2;
  const d = nums(s);
  const m = '0123458'.includes(s[s.length === 8 ? 0 : 1]) ? 10 : 11;
  const dv = (ds: number[], w: number[]) => {
    const r = soma(ds, w) % m;
    return r === 0 || (m === 11 && r === 1) ? 0 : m - r;
  };
  const dv2 = dv(d.slice(0, base), pesos(base, base + 1));
  const dv1 = dv([...d.slice(0, base), dv2], pesos(base + 1, base + 2));
  return dv1 === d[base] && dv2 === d[base + 1];
}

function ieGO(s: string): boolean {
  if (s.length !== 9 || !temPrefixo(s, ['10', '11', '15', '20'])) return false;
  const d = nums(s);
  const n = numero(d.slice(0, 8));
  const r = soma(d, pesos(8, 9)) % 11;
  const dv = r === 0 ? 0 : r === 1 ? (n >= 10103105 && n <= 10119997 ? 1 : 0) : 11 - r;
  return dv === d[8];
}

function ieMG(s: string): boolean {
  if (s.length !== 13) return false;
  const d = nums(s);
  const aux = [...d.slice(0, 3), 0, ...d.slice(3, 11)];
  const t = aux.reduce((t, x, i) => {
    const p = x * (1 + (i % 2));
    return t + Math.floor(p / 10) + (p % 10);
  }, 0);
  const dv1 = (10 - (t % 10)) % 10;
  const dv2 = mod11([...d.slice(0, 11), dv1], [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return dv1 === d[11] && dv2 === d[12];
}

function iePE(s: string): boolean {
  const d = nums(s);
  if (s.length === 9) return mod11(d, pesos(7, 8)) === d[7] && mod11(d, pesos(8, 9)) === d[8];
  if (s.length === 14) {
    let dv = 11 - (soma(d, [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    if (dv > 9) dv -= 10;
    return dv === d[13];
  }
  return false;
}

function ieRN(s: string): boolean {
  if ((s.length !== 9 && s.length !== 10) || !s.startsWith('20')) return false;
  const d = nums(s);
  const n = s.length;
  return ((soma(d, pesos(n - 1, n)) * 10) % 11) % 10 === d[n - 1];
}

function ieRO(s: string): boolean {
  const d = nums(s);
  const dv = (ds: number[], w: number[]) => {
    const v = 11 - (soma(ds, w) % 11);
    return v > 9 ? v - 10 : v;
  };
  if (s.length === 14) return dv(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === d[13];
  if (s.length === 9) return dv(d.slice(3, 8), [6, 5, 4, 3, 2]) === d[8];
  return false;
}

function ieSP(s: string): boolean {
  if (s.length !== 12) return false;
  const d = nums(s);
  return (soma(d, [1, 3, 4, 5, 6, 7, 8, 10]) % 11) % 10 === d[8] && (soma(d, [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11) % 10 === d[11];
}

function ieSPProdutor(s: string): boolean {
  if (!/^0\d{11}$/.test(s)) return false;
  return (soma(nums(s), [1, 3, 4, 5, 6, 7, 8, 10]) % 11) % 10 === Number(s[8]);
}

const com =
  (n: number, w: number[]) =>
  (s: string): boolean => {
    if (s.length !== n) return false;
    const d = nums(s);
    return mod11(d, w) === d[w.length];
  };

const REGRAS: Record<string, (s: string) => boolean> = {
  AC: doisDV('01'),
  // AL: SINTEGRA lists a company-type third digit (0,3,5,7,8) that real IEs do not follow.
  AL: simples(9, '24'),
  AM: simples(9),
  AP: ieAP,
  BA: ieBA,
  CE: simples(9),
  // DF: 07 (SINTEGRA) or 08 (a newer series, erpbrasil.base's tests).
  DF: doisDV('07', '08'),
  ES: simples(9),
  GO: ieGO,
  MA: simples(9, '12'),
  MG: ieMG,
  MS: simples(9, '28'),
  // MT: a shorter IE (9 or 10 digits) is read with zeros on the left.
  MT: (s) => s.length >= 9 && s.length <= 11 && com(11, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])(s.padStart(11, '0')),
  PA: simples(9, '15'),
  PB: simples(9),
  PE: iePE,
  PI: simples(9),
  PR: (s) => com(10, [3, 2, 7, 6, 5, 4, 3, 2])(s) && com(10, [4, 3, 2, 7, 6, 5, 4, 3, 2])(s),
  RJ: com(8, [2, 7, 6, 5, 4, 3, 2]),
  RN: ieRN,
  RO: ieRO,
  RR: (s) => s.length === 9 && s.startsWith('24') && soma(nums(s), [1, 2, 3, 4, 5, 6, 7, 8]) % 9 === Number(s[8]),
  RS: com(10, [2, 9, 8, 7, 6, 5, 4, 3, 2]),
  SC: simples(9),
  SE: simples(9),
  SP: ieSP,
  // TO: 9 digits since June 2002; the former 11, with 01, 02, 03 or 99 at the 3rd and 4th
  // digits, is checked without them.
  TO: (s) => simples(9)(s.length === 11 && ['01', '02', '03', '99'].includes(s.slice(2, 4)) ? s.slice(0, 2) + s.slice(4) : s),
};

/** Whether a kept IE (normalizarIE) is valid in uf; ISENTO is valid everywhere. */
export function ieValida(uf: string, ie: string): boolean {
  if (ie === ISENTO) return true;
  if (ie.startsWith('P')) return uf === 'SP' && ieSPProdutor(ie.slice(1));
  const regra = REGRAS[uf];
  return !!regra && /^\d+$/.test(ie) && regra(ie);
}

/**
 * The message at the field for an IE as typed, against the customer's UF (empty: no address
 * yet, then any state's rule will do); '' when valid or empty. The server's ErroIE.
 */
export function erroIE(valor: string, uf = ''): string {
  const { ie, ok } = normalizarIE(valor);
  if (!ie || ie === ISENTO) return '';
  if (!ok) return 'Inscrição estadual inválida: use só números (com . - /) ou ISENTO.';
  const u = uf.trim().toUpperCase();
  if (UFS.includes(u)) return ieValida(u, ie) ? '' : `Inscrição estadual inválida para ${u}.`;
  return UFS.some((x) => ieValida(x, ie)) ? '' : 'Inscrição estadual inválida: confira os dígitos.';
}
