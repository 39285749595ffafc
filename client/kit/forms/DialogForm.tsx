import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Modal } from '../Modal.tsx';
import { FormAlert } from './FormAlert.tsx';
import './DialogForm.css';

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
  /**
   * The form holds typed work not saved yet: Esc, back and close first ask whether to discard it ("Continuar
   * editando" / "Descartar"); a second Esc while asked discards.
   */
  unsaved?: boolean;
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
  unsaved = false,
  children,
}: DialogFormProps) {
  const id = useId();
  const formId = `${id}-form`;
  const questionId = `${id}-discard`;
  const [asking, setAsking] = useState(false);
  const keepEditing = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // The question takes the focus; answered "keep editing", the focus goes back where the leader was going.
    if (asking) keepEditing.current?.focus();
    else if (wasAsking.current) back.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const requestClose = () => {
    if (unsaved && !asking) setAsking(true);
    else onClose();
  };

  return (
    <Modal
      title={title}
      onClose={requestClose}
      {...(closeLabel ? { closeLabel } : {})}
      footer={
        asking ? (
          <div className="dialog-form__discard" role="group" aria-labelledby={questionId}>
            <p id={questionId} className="dialog-form__question" role="alert">
              Descartar o que você digitou? As alterações não foram salvas.
            </p>
            <button ref={keepEditing} type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              Continuar editando
            </button>
            <button type="button" className="button button--danger" onClick={onClose}>
              Descartar
            </button>
          </div>
        ) : (
          <>
            <button ref={back} type="button" className="button button--secondary" onClick={requestClose}>
              {backLabel}
            </button>
            <button type="submit" form={formId} className={submitClassName} disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </button>
          </>
        )
      }
    >
      <form id={formId} ref={formRef} className={className} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {children}
        <FormAlert message={status} className={statusClassName} />
      </form>
    </Modal>
  );
}
