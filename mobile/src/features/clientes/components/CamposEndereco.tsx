import { useRef, useState } from 'react';
import { IonSpinner } from '@ionic/react';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { buscarCep, normalizarCep } from '../../../lib/cep';
import { mascaraCep } from '../../../lib/format/masks';
import { TIPOS_ENDERECO } from '../../../entities/cliente/status';
import type { Erros, ValoresEndereco } from '../utils/validacao';

export const AVISO_CEP =
  'Não foi possível preencher pelo CEP (CEP não encontrado ou consulta indisponível). Preencha o endereço à mão.';

/**
 * Address fields with CEP autofill through GET /crm/cep/{cep}: a complete CEP fills street,
 * district, city, state and IBGE code; every field stays editable, and when the lookup gives
 * nothing a note says to fill them by hand.
 */
export function CamposEndereco({
  valor,
  onChange,
  erros,
  comTipo = false,
}: {
  valor: ValoresEndereco;
  onChange: (v: ValoresEndereco) => void;
  erros: Erros;
  comTipo?: boolean;
}) {
  const [consultando, setConsultando] = useState(false);
  const [aviso, setAviso] = useState('');
  const ultimo = useRef(normalizarCep(valor.cep) ?? '');
  const atual = useRef(valor);
  atual.current = valor;
  const set = <K extends keyof ValoresEndereco>(k: K, v: ValoresEndereco[K]) => onChange({ ...atual.current, [k]: v });

  async function mudouCep(texto: string) {
    const cep = mascaraCep(texto);
    onChange({ ...atual.current, cep });
    const d = normalizarCep(cep);
    if (!d || d === ultimo.current) return;
    ultimo.current = d;
    setConsultando(true);
    setAviso('');
    const r = await buscarCep(d);
    setConsultando(false);
    if (normalizarCep(atual.current.cep) !== d) return; // typed on meanwhile
    if (!r) {
      setAviso(AVISO_CEP);
      return;
    }
    const v = atual.current;
    onChange({
      ...v,
      logradouro: r.logradouro || v.logradouro,
      bairro: r.bairro || v.bairro,
      cidade: r.localidade || v.cidade,
      uf: r.uf || v.uf,
      ibge: r.ibge || v.ibge,
      complemento: v.complemento || r.complemento || '',
    });
  }

  return (
    <div className="form-stack">
      {comTipo ? (
        <SelectField label="Tipo" name="tipo" value={valor.tipo} onValue={(x) => set('tipo', x)} options={TIPOS_ENDERECO} error={erros.tipo} />
      ) : null}
      <div className="row-3">
        <TextField
          label="CEP"
          name="cep"
          inputMode="numeric"
          autoComplete="postal-code"
          value={valor.cep}
          onValue={(x) => void mudouCep(x)}
          error={erros.cep}
        />
        <div style={{ alignSelf: 'end', minHeight: 48, display: 'flex', alignItems: 'center' }}>
          {consultando ? <IonSpinner name="dots" aria-label="Consultando CEP" /> : null}
        </div>
      </div>
      {aviso ? (
        <p className="nota" role="status" data-testid="aviso-cep">
          {aviso}
        </p>
      ) : null}
      <TextField label="Logradouro" name="logradouro" value={valor.logradouro} onValue={(x) => set('logradouro', x)} error={erros.logradouro} />
      <div className="row-2">
        <TextField label="Número" name="numero" value={valor.numero} onValue={(x) => set('numero', x)} error={erros.numero} />
        <TextField label="Complemento" name="complemento" value={valor.complemento} onValue={(x) => set('complemento', x)} error={erros.complemento} />
      </div>
      <TextField label="Bairro" name="bairro" value={valor.bairro} onValue={(x) => set('bairro', x)} error={erros.bairro} />
      <div className="row-3">
        <TextField label="Cidade" name="cidade" value={valor.cidade} onValue={(x) => set('cidade', x)} error={erros.cidade} />
        <TextField label="UF" name="uf" maxLength={2} value={valor.uf} onValue={(x) => set('uf', x.toUpperCase())} error={erros.uf} />
      </div>
      <TextField
        label="Código IBGE da cidade"
        name="ibge"
        inputMode="numeric"
        maxLength={7}
        value={valor.ibge}
        onValue={(x) => set('ibge', x.replace(/\D/g, ''))}
        error={erros.ibge}
      />
    </div>
  );
}
