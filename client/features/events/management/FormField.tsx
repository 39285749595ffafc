import type { ReactNode } from 'react';

/** What a field's control needs to be labelled, described and flagged. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: string;
  /** A pt-BR validation message, shown under the control and read with it. */
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and error wired by `aria-describedby`. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field event-form__field event-form__field--invalid' : 'field event-form__field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="event-form__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="event-form__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface FormAlertProps {
  message: string | null;
}

/** A server error (or a form-wide problem) in the modal, announced when it appears. */
export function FormAlert({ message }: FormAlertProps) {
  return message ? (
    <p className="event-form__alert" role="alert">
      {message}
    </p>
  ) : null;
}
