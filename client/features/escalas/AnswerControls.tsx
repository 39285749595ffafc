import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AllocationStatus } from '../../../shared/schemas/escalas.ts';
import { RESPONSE_NOTE_MAX } from '../../../shared/limits.ts';
import type { AllocationAnswer } from '../../../shared/schemas/responses.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import './AnswerControls.css';

export const CONFIRM_LABEL = 'Confirmar';
export const DECLINE_LABEL = 'Não posso';

export interface AnswerControlsProps {
  /** The answer given so far. */
  status: AllocationStatus;
  /** Names what is answered, for assistive technology: `Culto, 22 de novembro de 2026 às 19:00:00 (Louvor)`. */
  label: string;
  busy: boolean;
  /** The refusal of the last answer, shown under the buttons. */
  error: string | null;
  /** Sends the answer; resolves true once it is saved (the reason form closes then). */
  onAnswer: (answer: AllocationAnswer, reason: string | null) => Promise<boolean>;
  /** Offered before the reason when I decline (docs/product.md §10: "Pedir cobertura" first); none by default. */
  declineAlternative?: ReactNode;
}

/**
 * `Confirmar` / `Não posso` for one allocation, as two toggle buttons (the given answer is pressed). `Não posso`
 * first asks for an optional reason, which the leader sees. The answer may be changed, either way, until the
 * event starts: the buttons stay where they are, and so does the focus (a call in flight makes them
 * `aria-disabled`, not `disabled`, which would drop the focus).
 */
export function AnswerControls({ status, label, busy, error, onAnswer, declineAlternative }: AnswerControlsProps) {
  const id = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const declineButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const wasDeclining = useRef(false);

  useEffect(() => {
    // Into the reason when it opens, back to `Não posso` when it closes.
    if (declining && !wasDeclining.current) reasonField.current?.focus();
    if (!declining && wasDeclining.current) declineButton.current?.focus();
    wasDeclining.current = declining;
  }, [declining]);

  const confirm = () => {
    if (busy || status === 'confirmed') return;
    void onAnswer('confirmed', null);
  };

  const decline = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (busy) return;
    if (await onAnswer('declined', reason.trim() === '' ? null : reason.trim())) {
      setDeclining(false);
      setReason('');
    }
  };

  return (
    <div className="answer" role="group" aria-label={`Resposta: ${label}`} aria-busy={busy || undefined}>
      {declining && declineAlternative && status !== 'declined' ? (
        // Beside the form, not in it: the alternative has a dialog form of its own.
        <div className="answer__alternative">
          <p className="answer__hint">Prefere pedir cobertura? Quem da equipe puder assume seu lugar, e você continua na escala até alguém assumir.</p>
          {declineAlternative}
        </div>
      ) : null}
      {declining ? (
        <form className="answer__decline" onSubmit={(submit) => void decline(submit)} noValidate>
          <label className="answer__label" htmlFor={`${id}-reason`}>
            Motivo (opcional)
          </label>
          <textarea
            ref={reasonField}
            id={`${id}-reason`}
            className="field__input answer__reason"
            rows={2}
            maxLength={RESPONSE_NOTE_MAX}
            value={reason}
            onChange={(change) => setReason(change.target.value)}
            aria-describedby={`${id}-reason-hint`}
          />
          <span id={`${id}-reason-hint`} className="answer__hint">
            Quem organiza a escala verá o motivo.
          </span>
          <span className="answer__buttons">
            <button type="submit" className="button button--danger button--small" aria-disabled={busy || undefined}>
              {busy ? <Spinner /> : null}
              Enviar recusa
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setDeclining(false)}>
              Voltar
            </button>
          </span>
        </form>
      ) : (
        <span className="answer__buttons">
          <button
            type="button"
            className={status === 'confirmed' ? 'button button--primary button--small' : 'button button--secondary button--small'}
            aria-pressed={status === 'confirmed'}
            onClick={confirm}
            aria-disabled={busy || undefined}
          >
            {CONFIRM_LABEL}
          </button>
          <button
            ref={declineButton}
            type="button"
            className={status === 'declined' ? 'button button--danger button--small' : 'button button--secondary button--small'}
            aria-pressed={status === 'declined'}
            onClick={() => {
              if (!busy) setDeclining(true);
            }}
            aria-disabled={busy || undefined}
          >
            {DECLINE_LABEL}
          </button>
        </span>
      )}
      {error ? (
        <p className="answer__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
