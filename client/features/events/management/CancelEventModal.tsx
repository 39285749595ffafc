import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../../shared/formats.ts';
import type { EventScope } from '../../../../shared/schemas/eventManagement.ts';
import type { Event } from '../../../../shared/schemas/events.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { eventName } from '../../../kit/eventName.ts';
import { Modal } from '../../../kit/Modal.tsx';
import { eventWhen } from '../../../kit/status/eventWhen.ts';
import { statusShown } from '../../../kit/status/statusSlice.ts';
import { allocationCountText, formProblemOf } from './eventForm.ts';
import { useDeleteEventMutation } from './eventManagementApi.ts';
import { FormAlert } from './FormAlert.tsx';
import { ScopeField } from './ScopeField.tsx';
import './EventForm.css';

export interface CancelEventModalProps {
  event: Event;
  onClose: () => void;
}

/**
 * `Cancelar evento`: deletes one event, or it and the following ones of its series. When people are allocated
 * the API refuses (409 `has_allocations`); the modal then says how many and asks again, and the second answer
 * sends `confirm=true`, which removes those allocations too.
 */
export function CancelEventModal({ event, onClose }: CancelEventModalProps) {
  const { timeZone } = usePublicConfig();
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const [deleteEvent, { isLoading: deleting }] = useDeleteEventMutation();
  const [scope, setScope] = useState<EventScope>('one');
  /** How many allocations the API reported for this scope: set once a confirmation is needed. */
  const [allocations, setAllocations] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const handleScope = (next: EventScope) => {
    setScope(next);
    setAllocations(null);
    setAlert(null);
  };

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (deleting) return;
    setAlert(null);
    try {
      await deleteEvent({ id: event.id, scope, confirm: allocations !== null }).unwrap();
      const subject = `${eventName(event)}, ${eventWhen(event.datetime, timeZone)}`;
      // The button that opened the modal leaves with the event: the message takes the focus, not the page's body.
      dispatch(
        statusShown({
          text: scope === 'one' ? `Evento cancelado: ${subject}.` : `Evento e os seguintes cancelados: ${subject}.`,
          focus: true,
        }),
      );
      onClose();
    } catch (error) {
      const problem = formProblemOf(error);
      if (problem.code === 'has_allocations') {
        const count = problem.allocations ?? 0;
        setAllocations(count);
        setAlert(
          `Há ${allocationCountText(count)} ${scope === 'one' ? 'neste evento' : 'nos eventos a cancelar'}. ` +
            'Se continuar, essas escalas serão removidas junto.',
        );
      } else {
        setAlert(problem.message);
      }
    }
  };

  const formId = `${idPrefix}-form`;
  const confirming = allocations !== null;
  return (
    <Modal
      title="Cancelar evento"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Voltar
          </button>
          <button type="submit" form={formId} className="button event-form__danger event-form__submit" disabled={deleting}>
            {deleting ? 'Cancelando…' : confirming ? 'Cancelar mesmo assim' : 'Cancelar evento'}
          </button>
        </>
      }
    >
      <form id={formId} className="event-form" onSubmit={handleSubmit} noValidate aria-busy={deleting}>
        <p className="event-form__subject">
          <strong>{eventName(event)}</strong>{' '}
          <time dateTime={event.datetime}>{formatDateTime(event.datetime, timeZone)}</time>
        </p>
        <p className="event-form__hint">O evento sai das listas, dos calendários e do calendário público.</p>
        <ScopeField idPrefix={idPrefix} legend="Cancelar" value={scope} onChange={handleScope} />
        <FormAlert message={alert} />
      </form>
    </Modal>
  );
}
