import type { EventType } from '../../../../shared/schemas/eventManagement.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { FormField } from '../../../kit/FormField.tsx';
import { timeZoneName } from '../../../kit/timeZoneName.ts';
import type { EventFieldValues, FieldErrors } from './eventForm.ts';

export interface EventFieldsProps {
  idPrefix: string;
  values: EventFieldValues;
  errors: FieldErrors;
  onChange: (changes: Partial<EventFieldValues>) => void;
  /** The types to choose from; undefined while they load. */
  eventTypes: readonly EventType[] | undefined;
  /** The types could not be loaded: only "Sem tipo" is offered. */
  eventTypesFailed: boolean;
  /** Whether the type may be changed when the types could not be loaded (editing keeps the current one). */
  typeLockedWithoutList?: boolean;
  /** The event's current type name, shown when the types could not be loaded. */
  fallbackTypeName?: string | undefined;
  /** The zone the time is typed in: the event's church's (docs/product.md §12); the network's by default. */
  zone?: string | undefined;
}

/**
 * Type (or "Sem tipo"), date and time: the wall-clock time of the event's church (the network's for a whole-network
 * event), whatever the browser's zone; the hint names that zone. The date takes the focus when the modal opens (the
 * type is optional, and its select waits for the list).
 */
export function EventFields({ idPrefix, values, errors, onChange, eventTypes, eventTypesFailed, typeLockedWithoutList = false, fallbackTypeName, zone }: EventFieldsProps) {
  const { timeZone } = usePublicConfig();
  const typedIn = zone ?? timeZone;
  const zoneHint = typedIn === timeZone ? `Horário da rede (${timeZone}).` : `${timeZoneName(typedIn)} (${typedIn}), o da igreja do evento.`;
  const loading = eventTypes === undefined && !eventTypesFailed;
  return (
    <>
      <FormField
        validated
        id={`${idPrefix}-type`}
        label="Tipo"
        error={errors.type}
        hint={eventTypesFailed ? 'Não foi possível carregar os tipos de evento.' : undefined}
      >
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="event_type_id"
            value={loading ? '' : values.typeId}
            disabled={loading || (eventTypesFailed && typeLockedWithoutList)}
            aria-busy={loading}
            onChange={(change) => onChange({ typeId: change.target.value })}
          >
            <option value="">{loading ? 'Carregando tipos…' : eventTypesFailed && fallbackTypeName ? fallbackTypeName : 'Sem tipo'}</option>
            {(eventTypes ?? []).map((type) => (
              <option key={type.id} value={String(type.id)}>
                {type.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="event-form__row">
        <FormField validated id={`${idPrefix}-date`} label="Data" error={errors.date}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="date"
              name="date"
              data-autofocus
              value={values.date}
              onChange={(change) => onChange({ date: change.target.value })}
            />
          )}
        </FormField>
        <FormField validated id={`${idPrefix}-time`} label="Hora" error={errors.time} hint={zoneHint}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="time"
              name="time"
              value={values.time}
              onChange={(change) => onChange({ time: change.target.value })}
            />
          )}
        </FormField>
      </div>
    </>
  );
}
