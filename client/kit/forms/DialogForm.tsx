import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { Modal } from '../Modal.tsx';
import { FormAlert } from './FormAlert.tsx';

export interface DialogFormProps {
  title: string;
  /** Esc, the footer's back button and the header's close button (when named) ask this. */
  onClose: () => void;
  onSubmit: (submit: FormEvent<HTMLFormElement>) => void;
  /** The call runs (useBusySubmit): the submit is disabled and says `busyLabel`; the form is `aria-busy`. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The submit's classes: `button button--primary` by default. */
  submitClassName?: string;
  /** The footer's button that closes without sending: `Voltar` by default. */
  backLabel?: string;
  /** A close button (×) in the header, named so; none by default. */
  closeLabel?: string;
  /** The form's class (`event-form`). */
  className: string;
  /** The form element, for useFormProblems' focus. */
  formRef?: Ref<HTMLFormElement>;
  /** The status line, last in the body: the form-wide problem (useFormProblems' `alert`), read out as it appears. */
  status: string | null;
  /** The status line's class: `<form class>__alert` by default. */
  statusClassName?: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * The one shell of a form in a dialog: the header (title, and a close button if named), the form as the body
 * with its status line last, and the footer's actions — back, and the submit that shows it is busy.
 */
export function DialogForm({
  title,
  onClose,
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  submitClassName = 'button button--primary',
  backLabel = 'Voltar',
  closeLabel,
  className,
  formRef,
  status,
  statusClassName = `${className}__alert`,
  children,
}: DialogFormProps) {
  const formId = `${useId()}-form`;
  return (
    <Modal
      title={title}
      onClose={onClose}
      {...(closeLabel ? { closeLabel } : {})}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {backLabel}
          </button>
          <button type="submit" form={formId} className={submitClassName} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={className} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {children}
        <FormAlert message={status} className={statusClassName} />
      </form>
    </Modal>
  );
}
