// Where a form keeps its field errors. The forms on react-hook-form (campos.tsx, resolver.ts) have
// them in the form: after a submit every change validates its field again, so "Informe o nome."
// goes away as the name is typed. A form that keeps its values in its own state keeps its errors
// here, with the same rule: an error shows while its field holds the value it was given for, and
// goes away as soon as the field changes.
import { useState } from 'react';

/** A value as compared (a list or a number, as well as a text). */
const comoTexto = (v: unknown) => JSON.stringify(v ?? null);

/**
 * The field errors of a form kept in its own state: `valores` are the fields' current values, by
 * the errors' names (the API's names, as the server's field errors use them). Returns the errors
 * to show and the function that sets them all (after a check, or the server's answer); an error of
 * a name `valores` does not have shows until the next set.
 */
export function useErrosDeCampo(valores: Readonly<Record<string, unknown>>): [Record<string, string>, (erros: Record<string, string>) => void] {
  const [dados, setDados] = useState<Record<string, { mensagem: string; valor?: string }>>({});
  const definir = (erros: Record<string, string>) =>
    setDados(Object.fromEntries(Object.entries(erros).map(([c, mensagem]) => [c, { mensagem, valor: c in valores ? comoTexto(valores[c]) : undefined }])));
  const visiveis: Record<string, string> = {};
  for (const [c, d] of Object.entries(dados)) {
    if (d.valor === undefined || !(c in valores) || comoTexto(valores[c]) === d.valor) visiveis[c] = d.mensagem;
  }
  return [visiveis, definir];
}
