import type { ReactNode } from 'react';
import './FormField.css';

/** What a field's control needs to be labelled, described and (in a form that validates) flagged. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid'?: boolean;
}

export interface FormFieldProps {
  id: string;
  label: string;
  /** A line under the control, read out with it. */
  hint?: ReactNode;
  /**
   * A field of a form that checks its fields before sending (the event forms): its control carries
   * `aria-invalid`, and its error and hint are block lines (`event-form__error`, `event-form__hint`).
   * A plain field (sign-in, password, allocation) has the compact `field__hint` line and no error.
   */
  validated?: boolean;
  /** The pt-BR message of a validated field, shown under the control and read out with it; undefined while valid. */
  error?: string | undefined;
  /** What follows the field's lines (a datalist). */
  extra?: ReactNode;
  /** The control, given its id and descriptions. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The portal's labelled field (`.field`): the label, the control, its hint and error wired by `aria-describedby`. */
export function FormField({ id, label, hint, validated = false, error, extra, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = validated && error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
  );

  if (!validated) {
    return (
      <div className="field">
        {labelElement}
        {children({ id, 'aria-describedby': describedBy })}
        {hint ? (
          <span id={hintId} className="field__hint">
            {hint}
          </span>
        ) : null}
        {extra}
      </div>
    );
  }
  return (
    <div className={error ? 'field event-form__field event-form__field--invalid' : 'field event-form__field'}>
      {labelElement}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="field__error event-form__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="event-form__hint">
          {hint}
        </p>
      ) : null}
      {extra}
    </div>
  );
}
