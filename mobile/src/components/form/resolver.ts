// react-hook-form's resolver for a zod (zod/mini) schema: the form's values are parsed and each
// issue lands on its field (nested paths such as endereco.cidade included). A few lines instead of
// @hookform/resolvers, which weighs more than the rest of a form on a phone.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import * as z from 'zod/mini';

export function resolverDe<T extends FieldValues>(esquema: $ZodType<T>): Resolver<T> {
  return async (valores) => {
    const r = z.safeParse(esquema, valores);
    if (r.success) return { values: r.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const i of r.error.issues) {
      const caminho = i.path.map(String);
      let no = errors;
      caminho.slice(0, -1).forEach((p) => {
        no[p] ??= {};
        no = no[p] as Record<string, unknown>;
      });
      const ultimo = caminho.at(-1) ?? 'root';
      no[ultimo] ??= { type: i.code, message: i.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
