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
