import { useId, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
};

/**
 * A plain labelled input styled like Ionic's outline fields. The sign-in screens use it rather
 * than IonInput: the first screen must accept input early on a mid-range phone, and a native
 * input needs no component code to start.
 */
export function TextField({ label, value, onValue, error, id, className, ...rest }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`text-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} {...rest} />
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
