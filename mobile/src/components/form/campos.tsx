// Form fields bound to react-hook-form: label, the field, a character counter when the field has
// a limit (the server's), and the error at the field. Masks come from maska (2 KiB), which keeps
// the caret where the user types; a mask never throws away what was typed without saying so
// (fields whose characters are not all digits take free text and are checked by the form's schema).
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MaskInput, type MaskInputOptions } from 'maska';

/** Masks by name (maska; # is a digit): shapes of digits, so a keystroke the mask refuses was never valid. */
export const MASCARAS = {
  telefone: { mask: ['(##) ####-####', '(##) #####-####'] },
  cep: { mask: '#####-###' },
  // CPF, or CNPJ (12 letters or digits and 2 check digits): whichever the characters fit.
  documento: {
    mask: ['###.###.###-##', '**.***.***/****-##'],
    tokens: { '*': { pattern: /[0-9A-Za-z]/, transform: (c: string) => c.toUpperCase() } },
  },
  aniversario: { mask: ['##/##', '##/##/####'] },
} satisfies Record<string, MaskInputOptions>;

export type Mascara = keyof typeof MASCARAS;

type Base<T extends FieldValues> = {
  controle: Control<T>;
  nome: FieldPath<T>;
  rotulo: string;
  /** The field's limit in characters: a counter shows, red past the limit. */
  max?: number;
  /** The HTML name, when not the form's field name (the API's name, which tests and autofill use). */
  nomeHtml?: string;
  ajuda?: ReactNode;
};

type PropsTexto<T extends FieldValues> = Base<T> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'maxLength'> & {
    mascara?: Mascara;
    multilinha?: false;
    /** After the form's own blur handling (e.g. to format a valid amount). */
    aoSair?: () => void;
  };

type PropsArea<T extends FieldValues> = Base<T> & { multilinha: true; rows?: number; placeholder?: string; disabled?: boolean };

function Contador({ n, max }: { n: number; max: number }) {
  return (
    <small className={n > max ? 'contador contador-excedido' : 'contador'} aria-live="polite">
      {n}/{max}
    </small>
  );
}

/** A text field (input or textarea) of a react-hook-form form. */
export function CampoTexto<T extends FieldValues>(props: PropsTexto<T> | PropsArea<T>) {
  const { controle, nome, rotulo, max, ajuda } = props;
  const nomeHtml = props.nomeHtml ?? nome;
  const mascara = props.multilinha ? undefined : props.mascara;
  const entrada = useRef<HTMLInputElement | null>(null);
  const { field, fieldState } = useController({ control: controle, name: nome });
  const aoMudar = useRef(field.onChange);
  aoMudar.current = field.onChange;
  useEffect(() => {
    // maska takes the input event (and re-sends it to itself): the form hears the masked value
    // from its own event.
    if (!mascara || !entrada.current) return;
    const m = new MaskInput(entrada.current, { ...MASCARAS[mascara], onMaska: (d) => aoMudar.current(d.masked) });
    return () => m.destroy();
  }, [mascara]);
  const id = useId();
  const erro = fieldState.error?.message;
  const valor = String(field.value ?? '');
  const descricao = erro ? `${id}-erro` : undefined;
  let controleHtml: ReactNode;
  if (props.multilinha) {
    controleHtml = (
      <textarea
        id={id}
        name={nomeHtml}
        rows={props.rows ?? 4}
        placeholder={props.placeholder}
        disabled={props.disabled}
        value={valor}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        ref={field.ref}
        aria-invalid={erro ? true : undefined}
        aria-describedby={descricao}
      />
    );
  } else {
    const { controle: _c, nome: _n, rotulo: _r, max: _m, ajuda: _a, mascara: _ms, multilinha: _ml, aoSair, nomeHtml: _nh, ...resto } = props;
    const sair = () => {
      field.onBlur();
      aoSair?.();
    };
    controleHtml = (
      <input
        {...resto}
        id={id}
        name={nomeHtml}
        value={valor}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={sair}
        ref={(el) => {
          entrada.current = el;
          field.ref(el);
        }}
        aria-invalid={erro ? true : undefined}
        aria-describedby={descricao}
      />
    );
  }
  return (
    <div className={`text-field${erro ? ' has-error' : ''}`}>
      <label htmlFor={id}>{rotulo}</label>
      {controleHtml}
      {max ? <Contador n={[...valor.trim()].length} max={max} /> : null}
      {ajuda ? <small className="muted">{ajuda}</small> : null}
      {erro ? (
        <p className="field-error" id={descricao}>
          {erro}
        </p>
      ) : null}
    </div>
  );
}

/** A native select of a react-hook-form form. */
export function CampoSelect<T extends FieldValues>({
  controle,
  nome,
  nomeHtml = nome,
  rotulo,
  opcoes,
  aoMudar,
}: Base<T> & { opcoes: readonly { value: string; label: string }[]; aoMudar?: (v: string) => void }) {
  const { field, fieldState } = useController({ control: controle, name: nome });
  const id = useId();
  const erro = fieldState.error?.message;
  return (
    <div className={`text-field${erro ? ' has-error' : ''}`}>
      <label htmlFor={id}>{rotulo}</label>
      <select
        id={id}
        name={nomeHtml}
        value={String(field.value ?? '')}
        onChange={(e) => {
          field.onChange(e.target.value);
          aoMudar?.(e.target.value);
        }}
        onBlur={field.onBlur}
        ref={field.ref}
        aria-invalid={erro ? true : undefined}
      >
        {opcoes.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {erro ? <p className="field-error">{erro}</p> : null}
    </div>
  );
}

/** A checkbox of a react-hook-form form. */
export function CampoMarcar<T extends FieldValues>({ controle, nome, nomeHtml = nome, rotulo }: Omit<Base<T>, 'max'>) {
  const { field } = useController({ control: controle, name: nome });
  return (
    <label className="check-field">
      <input type="checkbox" name={nomeHtml} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} ref={field.ref} />
      {rotulo}
    </label>
  );
}
