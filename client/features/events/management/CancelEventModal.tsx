import { useId, useRef, useState, type FormEvent } from 'react';
import type { EventScope } from '../../../../shared/schemas/eventManagement.ts';
import type { Event } from '../../../../shared/schemas/events.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { eventName } from '../../../kit/eventName.ts';
import { eventDateTime } from '../../../kit/eventTime.ts';
import { DialogForm } from '../../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../../kit/forms/useFormProblems.ts';
import { statusShown } from '../../../kit/status/statusSlice.ts';
import { allocationCountText, EVENT_FORM_FALLBACK } from './eventForm.ts';
import { useDeleteEventMutation } from './eventManagementApi.ts';
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
  const formRef = useRef<HTMLFormElement>(null);
  const [deleteEvent] = useDeleteEventMutation();
  const { busy: deleting, run } = useBusySubmit();
  const form = useFormProblems({ formRef, fallback: EVENT_FORM_FALLBACK });
  const [scope, setScope] = useState<EventScope>('one');
  /** How many allocations the API reported for this scope: set once a confirmation is needed. */
  const [allocations, setAllocations] = useState<number | null>(null);

  const handleScope = (next: EventScope) => {
    setScope(next);
    setAllocations(null);
    form.clear();
  };

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (deleting) return;
    form.clear();
    try {
      const sent = await run(async () => {
        await deleteEvent({ id: event.id, scope, confirm: allocations !== null }).unwrap();
        return true;
      });
      if (!sent) return;
      const subject = `${eventName(event)}, ${eventDateTime(event, timeZone)}`;
      // The button that opened the modal leaves with the event: the message takes the focus, not the page's body.
      dispatch(
        statusShown({
          text: scope === 'one' ? `Evento cancelado: ${subject}.` : `Evento e os seguintes cancelados: ${subject}.`,
          focus: true,
        }),
      );
      onClose();
    } catch (error) {
      const problem = form.setFromApiError(error);
      if (problem.code === 'has_allocations') {
        const count = typeof problem.body?.allocations === 'number' ? problem.body.allocations : 0;
        setAllocations(count);
        form.setAlert(
          `Há ${allocationCountText(count)} ${scope === 'one' ? 'neste evento' : 'nos eventos a cancelar'}. ` +
            'Se continuar, essas escalas serão removidas junto.',
        );
      }
    }
  };

  const confirming = allocations !== null;
  return (
    <DialogForm
      title="Cancelar evento"
      submitLabel={confirming ? 'Cancelar mesmo assim' : 'Cancelar evento'}
      busyLabel="Cancelando…"
      submitClassName="button event-form__danger event-form__submit"
      busy={deleting}
      className="event-form"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
    >
      <p className="event-form__subject">
        <strong>{eventName(event)}</strong>{' '}
        <time dateTime={event.datetime}>{eventDateTime(event, timeZone)}</time>
      </p>
      <p className="event-form__hint">O evento sai das listas, dos calendários e do calendário público.</p>
      <ScopeField idPrefix={idPrefix} legend="Cancelar" value={scope} onChange={handleScope} />
    </DialogForm>
  );
}
