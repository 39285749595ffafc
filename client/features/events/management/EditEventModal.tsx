import { useId, useRef, useState, type FormEvent } from 'react';
import { dayjs } from '../../../../shared/dayKey.ts';
import type { EventScope, EventType, UpdateEventRequest } from '../../../../shared/schemas/eventManagement.ts';
import type { Event } from '../../../../shared/schemas/events.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { eventName } from '../../../kit/eventName.ts';
import { eventDateTime, eventZoneOf } from '../../../kit/eventTime.ts';
import { statusShown } from '../../../kit/status/statusSlice.ts';
import { timeZoneName } from '../../../kit/timeZoneName.ts';
import { DialogForm } from '../../../kit/forms/DialogForm.tsx';
import { sameValues } from '../../../kit/forms/sameValues.ts';
import { useBusySubmit } from '../../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../../kit/forms/useFormProblems.ts';
import {
  EVENT_API_FIELDS,
  EVENT_FORM_FALLBACK,
  MESSAGES,
  eventTypeIdOf,
  fieldsSettledBy,
  localDateTime,
  validateEventFields,
  type EventFieldValues,
} from './eventForm.ts';
import { detailChangesOf, detailValuesOf, NO_DETAILS, type EventDetailValues } from './eventDetailForm.ts';
import { EventDetailInputs } from './EventDetailInputs.tsx';
import { useGetEventDetailQuery } from '../eventsApi.ts';
import { useGetEventTypesQuery, useUpdateEventMutation } from './eventManagementApi.ts';
import { EventFields } from './EventFields.tsx';
import { ScopeField } from './ScopeField.tsx';
import { useChurchZone } from './useChurchZone.ts';
import './EventForm.css';

export interface EditEventModalProps {
  event: Event;
  onClose: () => void;
}

/** The select value of the event's type: the list item only knows its name. */
function typeIdOfEvent(event: Event, eventTypes: readonly EventType[] | undefined): string {
  if (event.event_types === null) return '';
  const match = eventTypes?.find((type) => type.name === event.event_types?.name);
  return match ? String(match.id) : '';
}

/** `Editar evento`: type, date, time and details of one event, or of it and the following ones of its series. */
export function EditEventModal({ event, onClose }: EditEventModalProps) {
  const { timeZone } = usePublicConfig();
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fields: EVENT_API_FIELDS, fallback: EVENT_FORM_FALLBACK, messageWithFields: true });
  const errors = form.problems;
  const eventTypes = useGetEventTypesQuery();
  const [updateEvent] = useUpdateEventMutation();
  const { busy: saving, run } = useBusySubmit();

  // The details as the event has them (`?detail=full`); null until the leader changes one.
  const detail = useGetEventDetailQuery(event.id);
  // The date and time are the event's wall-clock time in its own zone (a signed-in list's event carries it; else its details).
  const eventZone = eventZoneOf(event, detail.data ? eventZoneOf(detail.data, timeZone) : timeZone);
  const local = dayjs(event.datetime).tz(eventZone);
  const initial = { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
  const initialTypeId = typeIdOfEvent(event, eventTypes.data);
  /** null until the leader changes the date or time (the zone may come with the details). */
  const [changedWhen, setWhen] = useState<typeof initial | null>(null);
  const when = changedWhen ?? initial;
  /** null until the leader picks a type: the event's own type is shown (once the types are known). */
  const [typeId, setTypeId] = useState<string | null>(null);
  const [scope, setScope] = useState<EventScope>('one');
  const initialDetails = detail.data ? detailValuesOf(detail.data, eventZone) : NO_DETAILS;
  const [details, setDetails] = useState<EventDetailValues | null>(null);
  const detailValues = details ?? initialDetails;
  // Another church in another zone: the same wall-clock time there (docs/product.md §12), which the form says.
  const chosenZone = useChurchZone(detailValues.churchId);
  const zone = detailValues.churchId === initialDetails.churchId ? eventZone : chosenZone;

  const values: EventFieldValues = { ...when, typeId: typeId ?? initialTypeId };

  const handleChange = (changes: Partial<EventFieldValues>) => {
    const { typeId: nextType, ...nextWhen } = changes;
    if (nextType !== undefined) setTypeId(nextType);
    setWhen((current) => ({ ...(current ?? initial), ...nextWhen }));
    form.clear(fieldsSettledBy(errors, changes));
  };

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (saving) return;
    const found = validateEventFields(values);
    if (!form.check(found)) return;
    const changes: UpdateEventRequest = {};
    if (when.date !== initial.date || when.time !== initial.time) changes.datetime = localDateTime(when);
    if (typeId !== null && typeId !== initialTypeId) changes.event_type_id = eventTypeIdOf(typeId);
    Object.assign(changes, detailChangesOf(initialDetails, detailValues, when.date, when.time, changes.datetime !== undefined));
    if (Object.keys(changes).length === 0) {
      form.setAlert(MESSAGES.nothingChanged);
      return;
    }
    try {
      const updated = await run(() => updateEvent({ id: event.id, scope, changes }).unwrap());
      if (updated === undefined) return;
      const subject = `${eventName(updated)}, ${eventDateTime(updated, timeZone)}`;
      dispatch(statusShown({ text: scope === 'one' ? `Evento alterado: ${subject}.` : `Evento e os seguintes alterados: ${subject}.` }));
      onClose();
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  return (
    <DialogForm
      title="Editar evento"
      submitLabel="Salvar alterações"
      busyLabel="Salvando…"
      submitClassName="button button--primary event-form__submit"
      busy={saving}
      className="event-form"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
      unsaved={
        when.date !== initial.date ||
        when.time !== initial.time ||
        (typeId !== null && typeId !== initialTypeId) ||
        (details !== null && !sameValues(details, initialDetails))
      }
    >
      <EventFields
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        onChange={handleChange}
        eventTypes={eventTypes.data}
        eventTypesFailed={eventTypes.isError}
        typeLockedWithoutList
        fallbackTypeName={event.event_types?.name}
        zone={zone}
      />
      <EventDetailInputs idPrefix={idPrefix} values={detailValues} onChange={(changes) => setDetails({ ...detailValues, ...changes })} />
      {zone !== eventZone ? (
        <p className="event-form__hint event-form__zone-note" role="status">
          Igreja em outro fuso: o evento continua às {when.time || initial.time}, agora no horário da igreja ({timeZoneName(zone)}).
        </p>
      ) : null}
      <ScopeField idPrefix={idPrefix} legend="Alterar" value={scope} onChange={setScope} />
    </DialogForm>
  );
}
