// Writes the IBGE states and municipalities the address service embeds (go:embed):
//   ../ufs.csv         sigla;nome;ibge    (27 lines, by sigla)
//   ../municipios.csv  ibge;nome;uf       (5,571 lines, by IBGE code)
// The data comes from @brazilian-utils/brazilian-utils, pinned to an exact version in
// package.json / package-lock.json (MIT; its lists follow IBGE's localidades API).
// Run: cd services/address/cidades/gen && npm ci && node gen.mjs   (or: go generate ./services/address/cidades)
//
// Boa Esperança do Norte (MT, IBGE 5101837), the 5,571st municipality, installed on 1 January
// 2025, is in version 2.4.0 of the package; if a future version lacks it, it is added below with
// its official code, and the counts are asserted either way.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { getMunicipalities, getStates } from "@brazilian-utils/brazilian-utils";

const out = join(dirname(fileURLToPath(import.meta.url)), "..");
const fail = (msg) => {
  console.error("gen: " + msg);
  process.exit(1);
};

const states = getStates().map((s) => ({ sigla: s.code, nome: s.name, ibge: String(s.ibgeCode).padStart(2, "0") }));
states.sort((a, b) => (a.sigla < b.sigla ? -1 : a.sigla > b.sigla ? 1 : 0));
if (states.length !== 27) fail(`esperados 27 estados, vieram ${states.length}`);
const stateBySigla = new Map(states.map((s) => [s.sigla, s]));
if (stateBySigla.size !== 27) fail("siglas de estado repetidas");
for (const s of states) {
  if (!/^[A-Z]{2}$/.test(s.sigla) || !/^\d{2}$/.test(s.ibge) || !s.nome) fail(`estado inválido: ${JSON.stringify(s)}`);
}

const cities = getMunicipalities().map((m) => ({ ibge: m.code, nome: m.name, uf: m.stateCode }));
const BOA_ESPERANCA = { ibge: "5101837", nome: "Boa Esperança do Norte", uf: "MT" };
if (!cities.some((c) => c.ibge === BOA_ESPERANCA.ibge)) {
  // Installed in 2025, missing from older lists: add it with its official IBGE code.
  cities.push(BOA_ESPERANCA);
}
cities.sort((a, b) => (a.ibge < b.ibge ? -1 : a.ibge > b.ibge ? 1 : 0));
if (cities.length !== 5571) fail(`esperados 5571 municípios, vieram ${cities.length}`);
const seen = new Set();
for (const c of cities) {
  if (!/^\d{7}$/.test(c.ibge)) fail(`código IBGE inválido: ${JSON.stringify(c)}`);
  if (seen.has(c.ibge)) fail(`código IBGE repetido: ${c.ibge}`);
  seen.add(c.ibge);
  const st = stateBySigla.get(c.uf);
  if (!st) fail(`UF desconhecida: ${JSON.stringify(c)}`);
  if (c.ibge.slice(0, 2) !== st.ibge) fail(`código ${c.ibge} não começa pelo código da UF ${c.uf} (${st.ibge})`);
  if (!c.nome || c.nome !== c.nome.trim() || /[;\r\n]/.test(c.nome)) fail(`nome inválido: ${JSON.stringify(c)}`);
}
const boa = cities.find((c) => c.ibge === BOA_ESPERANCA.ibge);
if (boa.nome !== BOA_ESPERANCA.nome || boa.uf !== "MT") fail(`5101837 deveria ser Boa Esperança do Norte/MT: ${JSON.stringify(boa)}`);

writeFileSync(join(out, "ufs.csv"), states.map((s) => `${s.sigla};${s.nome};${s.ibge}\n`).join(""));
writeFileSync(join(out, "municipios.csv"), cities.map((c) => `${c.ibge};${c.nome};${c.uf}\n`).join(""));
console.log(`gen: ${states.length} UFs, ${cities.length} municípios`);
