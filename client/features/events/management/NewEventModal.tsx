import { useId, useRef, useState, type FormEvent } from 'react';
import {
  NO_REPEAT,
  eventTypeIdOf,
  localDateTime,
  repeatRuleOf,
  validateEventFields,
  validateRepeat,
  withoutErrorsOf,
  type EventFieldValues,
  type RepeatFieldValues,
} from './eventForm.ts';
import { detailsRequestOf, NO_DETAILS, type EventDetailValues } from './eventDetailForm.ts';
import { EventDetailInputs } from './EventDetailInputs.tsx';
import { useCreateEventMutation, useGetEventTypesQuery } from './eventManagementApi.ts';
import { EventFields } from './EventFields.tsx';
import { EventFormModal } from './EventFormModal.tsx';
import { RepeatFields } from './RepeatFields.tsx';
import { useFormProblems } from './useFormProblems.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { eventWhen } from '../../../kit/status/eventWhen.ts';
import { statusShown } from '../../../kit/status/statusSlice.ts';
import { useIdempotencyKey } from '../../../kit/useIdempotencyKey.ts';
import { useCreatedEventPlacement, usePastDateConfirmation } from '../newEventOutcome.tsx';

export interface NewEventModalProps {
  onClose: () => void;
}

/** `Novo evento`: type, date, time, the optional details (church, title, location, end, description) and an optional repeat; saved with `POST /api/events`. */
export function NewEventModal({ onClose }: NewEventModalProps) {
  const { timeZone } = usePublicConfig();
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, foundBeforeSending, showApiError } = useFormProblems(formRef);
  const eventTypes = useGetEventTypesQuery();
  const [createEvent, { isLoading: saving }] = useCreateEventMutation();
  const idempotency = useIdempotencyKey();
  const [values, setValues] = useState<EventFieldValues>({ typeId: '', date: '', time: '' });
  const [repeat, setRepeat] = useState<RepeatFieldValues>(NO_REPEAT);
  const [details, setDetails] = useState<EventDetailValues>(NO_DETAILS);
  const pastDate = usePastDateConfirmation(values.date);
  const placeCreated = useCreatedEventPlacement();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (saving) return;
    const found = { ...validateEventFields(values), ...validateRepeat(repeat, values.date) };
    if (foundBeforeSending(found)) return;
    if (!pastDate.mayCreate(values.date)) return;
    const rule = repeatRuleOf(repeat, values.date);
    const request = {
      datetime: localDateTime(values),
      event_type_id: eventTypeIdOf(values.typeId),
      ...detailsRequestOf(details, values.date, values.time),
      ...(rule ? { repeat: rule } : {}),
    };
    try {
      const created = await createEvent({ ...request, idempotencyKey: idempotency.keyFor(request) }).unwrap();
      idempotency.succeeded();
      const when = eventWhen(created.datetime, timeZone);
      dispatch(statusShown({ text: rule ? `Eventos criados a partir de ${when}.` : `Evento criado para ${when}.` }));
      placeCreated(created);
      onClose();
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <EventFormModal
      title="Novo evento"
      submitLabel="Criar evento"
      saving={saving}
      alert={alert}
      formRef={formRef}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <EventFields
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        onChange={(changes) => {
          setValues((current) => ({ ...current, ...changes }));
          setErrors((current) => withoutErrorsOf(current, changes));
        }}
        eventTypes={eventTypes.data}
        eventTypesFailed={eventTypes.isError}
      />
      <EventDetailInputs idPrefix={idPrefix} values={details} onChange={(changes) => setDetails((current) => ({ ...current, ...changes }))} />
      <RepeatFields
        idPrefix={idPrefix}
        values={repeat}
        date={values.date}
        errors={errors}
        onChange={(changes) => {
          setRepeat((current) => ({ ...current, ...changes }));
          setErrors((current) => withoutErrorsOf(current, changes));
        }}
      />
      {pastDate.question}
    </EventFormModal>
  );
}
