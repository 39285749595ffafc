import type { Ref } from 'react';

export interface FormAlertProps {
  message: string | null;
  /** The form's own class for it (`event-form__alert`, `blockout-form__failure`). */
  className: string;
  /** useFormProblems' `alertRef`, for an alert that takes the focus when no field does (it is then focusable). */
  alertRef?: Ref<HTMLParagraphElement>;
}

/** A form-wide problem (the API's refusal, a check of the whole form), announced when it appears; nothing while none. */
export function FormAlert({ message, className, alertRef }: FormAlertProps) {
  return message ? (
    <p ref={alertRef} className={className} role="alert" tabIndex={alertRef ? -1 : undefined}>
      {message}
    </p>
  ) : null;
}
