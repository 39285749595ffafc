import { formatDateTime } from '../../shared/formats.ts';
import type { Event } from '../../shared/schemas/events.ts';
import { eventName } from './eventName.ts';
import { TextField } from './TextField.tsx';

export interface EventReadOnlyFieldsProps {
  event: Event;
  /** Prefix of the inputs' ids (each modal has its own). */
  idPrefix: string;
  /** The network's timezone, in which the date is written. */
  timeZone: string;
}

/** The spec's read-only `Event` (type name or N/A) and `Date` (long medium) fields, shared by the modals. */
export function EventReadOnlyFields({ event, idPrefix, timeZone }: EventReadOnlyFieldsProps) {
  return (
    <>
      <TextField id={`${idPrefix}-event`} label="Event" type="text" readOnly value={eventName(event)} />
      <TextField id={`${idPrefix}-date`} label="Date" type="text" readOnly value={formatDateTime(event.datetime, timeZone)} />
    </>
  );
}
