import { IonInput } from '../ionic/IonInput';
import type { ComponentProps } from 'react';
import { mascaraCep, mascaraDocumento, mascaraTelefone } from '../../lib/format/masks';
import type { TipoPessoa } from '../../lib/format/document';

export type Mascara =
  | { tipo: 'cep' }
  | { tipo: 'documento'; pessoa: TipoPessoa }
  | { tipo: 'telefone'; variante: 'celular' | 'fixo' };

export function aplicar(m: Mascara, value: string): string {
  switch (m.tipo) {
    case 'cep':
      return mascaraCep(value);
    case 'documento':
      return mascaraDocumento(value, m.pessoa);
    case 'telefone':
      return mascaraTelefone(value, m.variante);
  }
}

type Props = Omit<ComponentProps<typeof IonInput>, 'value' | 'onIonInput'> & {
  mascara: Mascara;
  value: string;
  onValue: (value: string) => void;
};

/** IonInput that applies a mask (document, CEP or phone) while typing. */
export function MaskedInput({ mascara, value, onValue, ...rest }: Props) {
  return (
    <IonInput
      {...rest}
      inputmode={mascara.tipo === 'documento' && mascara.pessoa === 'PJ' ? 'text' : 'numeric'}
      value={value}
      onIonInput={(e) => {
        const masked = aplicar(mascara, String(e.detail.value ?? ''));
        // Keep the native input in step when the mask drops characters.
        e.target.value = masked;
        onValue(masked);
      }}
    />
  );
}
