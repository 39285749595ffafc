import { useId, useRef, useState, type FormEvent } from 'react';
import {
  EVENT_API_FIELDS,
  EVENT_FORM_FALLBACK,
  NO_REPEAT,
  eventTypeIdOf,
  fieldsSettledBy,
  localDateTime,
  repeatRuleOf,
  validateEventFields,
  validateRepeat,
  type EventFieldValues,
  type RepeatFieldValues,
} from './eventForm.ts';
import { eventDateTime, eventZoneOf } from '../../../kit/eventTime.ts';
import { detailsRequestOf, NO_DETAILS, type EventDetailValues } from './eventDetailForm.ts';
import { EventDetailInputs } from './EventDetailInputs.tsx';
import { useCreateEventMutation, useGetEventTypesQuery } from './eventManagementApi.ts';
import { EventFields } from './EventFields.tsx';
import { RepeatFields } from './RepeatFields.tsx';
import { useChurchZone } from './useChurchZone.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { DialogForm } from '../../../kit/forms/DialogForm.tsx';
import { sameValues } from '../../../kit/forms/sameValues.ts';
import { useBusySubmit } from '../../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../../kit/forms/useFormProblems.ts';
import { statusShown } from '../../../kit/status/statusSlice.ts';
import { useIdempotencyKey } from '../../../kit/useIdempotencyKey.ts';
import { useCreatedEventPlacement, usePastDateConfirmation } from '../newEventOutcome.tsx';
import './EventForm.css';

export interface NewEventModalProps {
  onClose: () => void;
}

/** `Novo evento`: type, date, time, the optional details (church, title, location, end, description) and an optional repeat; saved with `POST /api/events`. */
export function NewEventModal({ onClose }: NewEventModalProps) {
  const { timeZone } = usePublicConfig();
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fields: EVENT_API_FIELDS, fallback: EVENT_FORM_FALLBACK, messageWithFields: true });
  const errors = form.problems;
  const eventTypes = useGetEventTypesQuery();
  const [createEvent] = useCreateEventMutation();
  const { busy: saving, run } = useBusySubmit();
  const idempotency = useIdempotencyKey();
  const [values, setValues] = useState<EventFieldValues>({ typeId: '', date: '', time: '' });
  const [repeat, setRepeat] = useState<RepeatFieldValues>(NO_REPEAT);
  const [details, setDetails] = useState<EventDetailValues>(NO_DETAILS);
  const zone = useChurchZone(details.churchId);
  const pastDate = usePastDateConfirmation(values.date, undefined, zone);
  const placeCreated = useCreatedEventPlacement();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (saving) return;
    const found = { ...validateEventFields(values), ...validateRepeat(repeat, values.date) };
    if (!form.check(found)) return;
    if (!pastDate.mayCreate(values.date)) return;
    const rule = repeatRuleOf(repeat, values.date);
    const request = {
      datetime: localDateTime(values),
      event_type_id: eventTypeIdOf(values.typeId),
      ...detailsRequestOf(details, values.date, values.time),
      ...(rule ? { repeat: rule } : {}),
    };
    try {
      const created = await run(() => createEvent({ ...request, idempotencyKey: idempotency.keyFor(request) }).unwrap());
      if (created === undefined) return;
      idempotency.succeeded();
      const when = eventDateTime({ datetime: created.datetime, timezone: eventZoneOf(created, zone) }, timeZone);
      dispatch(statusShown({ text: rule ? `Eventos criados a partir de ${when}.` : `Evento criado para ${when}.` }));
      placeCreated(created);
      onClose();
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  return (
    <DialogForm
      title="Novo evento"
      submitLabel="Criar evento"
      busyLabel="Salvando…"
      submitClassName="button button--primary event-form__submit"
      busy={saving}
      className="event-form"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
      unsaved={values.typeId !== '' || values.date !== '' || values.time !== '' || !sameValues(repeat, NO_REPEAT) || !sameValues(details, NO_DETAILS)}
    >
      <EventFields
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        onChange={(changes) => {
          setValues((current) => ({ ...current, ...changes }));
          form.clear(fieldsSettledBy(errors, changes));
        }}
        eventTypes={eventTypes.data}
        eventTypesFailed={eventTypes.isError}
        zone={zone}
      />
      <EventDetailInputs idPrefix={idPrefix} values={details} onChange={(changes) => setDetails((current) => ({ ...current, ...changes }))} />
      <RepeatFields
        idPrefix={idPrefix}
        values={repeat}
        date={values.date}
        errors={errors}
        onChange={(changes) => {
          setRepeat((current) => ({ ...current, ...changes }));
          form.clear(fieldsSettledBy(errors, changes));
        }}
      />
      {pastDate.question}
    </DialogForm>
  );
}
