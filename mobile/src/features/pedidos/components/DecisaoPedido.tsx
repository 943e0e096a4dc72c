import { useId, useState } from 'react';
import { IonButton } from '@ionic/react';
import { formatarDataHora } from '../../../lib/format/date';
import type { Decisao } from '../utils/decisao';

/** The standing decision, first on the order: approved or rejected, by whom (name), when, and the note. */
export function QuadroDecisao({ d, testId = 'decisao-pedido' }: { d: Decisao; testId?: string }) {
  return (
    <section className={`pedido-decisao ${d.aprovado ? 'aprovado' : 'reprovado'}`} data-testid={testId} data-decisao={d.aprovado ? 'aprovado' : 'reprovado'} aria-label="Decisão da aprovação">
      <p>
        <strong>{d.aprovado ? 'Aprovado' : 'Reprovado'}</strong> por <strong data-testid="decisao-quem">{d.quem}</strong> em {formatarDataHora(d.em)}
      </p>
      {d.observacao ? (
        <p className="pedido-decisao-nota" data-testid="decisao-nota">
          {d.observacao}
        </p>
      ) : (
        <p className="muted">Sem observação.</p>
      )}
    </section>
  );
}

/** The messages of a decision without its note. */
export const MSG_SEM_MOTIVO = 'Informe o motivo da reprovação: sem ele o pedido não é reprovado e continua aguardando aprovação.';

/**
 * Approving or rejecting, at the order: a multi-line note (required to reject: an empty one is
 * refused at the field, saying why nothing happened), confirm and back.
 */
export function FormDecisao({ aprovar, ocupado, onConfirmar, onVoltar }: { aprovar: boolean; ocupado: boolean; onConfirmar: (nota: string) => void; onVoltar: () => void }) {
  const id = useId();
  const [nota, setNota] = useState('');
  const [erro, setErro] = useState('');
  const rotulo = aprovar ? 'Observação para o vendedor (opcional)' : 'Motivo da reprovação (obrigatório)';
  const confirmar = () => {
    const t = nota.trim();
    if (!aprovar && !t) {
      setErro(MSG_SEM_MOTIVO);
      return;
    }
    onConfirmar(t);
  };
  return (
    <form
      className="pedido-form-decisao"
      data-testid="form-decisao"
      aria-label={aprovar ? 'Aprovar pedido' : 'Reprovar pedido'}
      onSubmit={(e) => {
        e.preventDefault();
        confirmar();
      }}
    >
      <div className={`text-field${erro ? ' has-error' : ''}`}>
        <label htmlFor={id}>{rotulo}</label>
        <textarea
          id={id}
          name="nota-decisao"
          rows={4}
          maxLength={500}
          value={nota}
          aria-invalid={erro ? true : undefined}
          aria-describedby={erro ? `${id}-erro` : undefined}
          onChange={(e) => {
            setNota(e.target.value);
            if (e.target.value.trim()) setErro('');
          }}
        />
        {erro ? (
          <p className="field-error" id={`${id}-erro`} role="alert" data-testid="erro-decisao">
            {erro}
          </p>
        ) : null}
      </div>
      <div className="pedido-acoes">
        <IonButton color={aprovar ? 'success' : 'danger'} disabled={ocupado} onClick={confirmar}>
          {aprovar ? 'Confirmar aprovação' : 'Confirmar reprovação'}
        </IonButton>
        <IonButton fill="outline" disabled={ocupado} onClick={onVoltar}>
          Voltar
        </IonButton>
      </div>
    </form>
  );
}
