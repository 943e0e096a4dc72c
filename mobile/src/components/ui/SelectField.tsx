import { useId, type SelectHTMLAttributes } from 'react';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
};

/**
 * A native select (the phone's own picker) styled like the text fields. Lighter than IonSelect,
 * which brings alert, popover and action-sheet code along (about 40 KiB gzip).
 */
export function SelectField({ label, value, onValue, options, error, id, ...rest }: Props) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={`text-field${error ? ' has-error' : ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} value={value} onChange={(e) => onValue(e.target.value)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
