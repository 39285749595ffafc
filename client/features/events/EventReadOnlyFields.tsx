import { formatDateTime } from '../../../shared/formats.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from './eventDays.ts';

export interface EventReadOnlyFieldsProps {
  event: Event;
  /** Prefix of the inputs' ids (each modal has its own). */
  idPrefix: string;
}

/** The spec's read-only `Event` (type name or N/A) and `Date` (long medium) fields, shared by the modals. */
export function EventReadOnlyFields({ event, idPrefix }: EventReadOnlyFieldsProps) {
  const { timeZone } = usePublicConfig();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-event`}>
          Event
        </label>
        <input id={`${idPrefix}-event`} className="field__input" type="text" readOnly value={eventName(event)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-date`}>
          Date
        </label>
        <input
          id={`${idPrefix}-date`}
          className="field__input"
          type="text"
          readOnly
          value={formatDateTime(event.datetime, timeZone)}
        />
      </div>
    </>
  );
}
