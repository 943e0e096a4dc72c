// What a form does with errors: the first one on screen is scrolled to and focused, and the
// server's field errors land on the form's fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, mensagemDeErro } from '../../lib/api/client';

/** Scrolls to the first field marked invalid (in screen order) and focuses it. */
export function irParaPrimeiroErro(raiz: ParentNode | null = typeof document === 'undefined' ? null : document): void {
  if (!raiz) return;
  // After React has painted the errors.
  requestAnimationFrame(() => {
    const el = raiz.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  });
}

/**
 * Puts the server's field errors on the form (`campo` is the API's name; `mapa` turns it into the
 * form's) and returns the message for the whole form. Fields the form does not have go into it.
 */
export function aplicarErrosDoServidor<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  mapa: (campoDaApi: string) => string | null = (c) => c,
  existe: (campo: string) => boolean = () => true,
): string {
  if (!(err instanceof ApiError)) return mensagemDeErro(err);
  const fora: string[] = [];
  for (const c of err.campos) {
    const campo = mapa(c.campo);
    if (campo && existe(campo)) setError(campo as Path<T>, { type: 'servidor', message: c.descricao });
    else fora.push(c.descricao);
  }
  return fora.length && err.campos.length === fora.length ? err.mensagem : err.campos.length ? 'Confira os campos destacados.' : err.mensagem;
}
