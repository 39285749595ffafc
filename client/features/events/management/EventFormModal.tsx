import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Modal } from '../../../kit/Modal.tsx';
import { FormAlert } from './FormAlert.tsx';
import './EventForm.css';

export interface EventFormModalProps {
  title: string;
  submitLabel: string;
  saving: boolean;
  /** The server's (or the form's) message for the whole form, if any. */
  alert: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (submit: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

/** The shell of the new-event and edit-event forms: the modal, `Voltar` and the submit button, the alert. */
export function EventFormModal({ title, submitLabel, saving, alert, formRef, onSubmit, onClose, children }: EventFormModalProps) {
  const formId = `${useId()}-form`;
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Voltar
          </button>
          <button type="submit" form={formId} className="button button--primary event-form__submit" disabled={saving}>
            {saving ? 'Salvando…' : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="event-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
        {children}
        <FormAlert message={alert} />
      </form>
    </Modal>
  );
}
