import type { Event } from '../../shared/schemas/events.ts';
import { eventName } from './eventName.ts';
import { FormField } from './FormField.tsx';
import { TextField } from './TextField.tsx';
import { eventDateTime, specDateTime } from './eventTime.ts';
import { useSession } from './session/useSession.ts';

export interface EventReadOnlyFieldsProps {
  event: Event;
  /** Prefix of the inputs' ids (each modal has its own). */
  idPrefix: string;
  /** The network's timezone, in which the date is written. */
  timeZone: string;
}

/**
 * The spec's read-only `Event` (type name or N/A) and `Date` (long medium; signed in, without seconds) fields,
 * shared by the modals. The date
 * is a read-only text area that grows to its text (`field__input--wrap`): on a phone `22 de novembro de 2026 às
 * 19:30:00` wraps to a second line instead of being cut after `às 19`.
 */
export function EventReadOnlyFields({ event, idPrefix, timeZone }: EventReadOnlyFieldsProps) {
  // A visitor reads the specification's text (seconds included); signed in, our own (docs/product.md §2).
  const signedIn = useSession().status === 'signedIn';
  return (
    <>
      <TextField id={`${idPrefix}-event`} label="Event" type="text" readOnly value={eventName(event)} />
      <FormField id={`${idPrefix}-date`} label="Date">
        {(control) => (
          <textarea {...control} className="field__input field__input--wrap" readOnly rows={2} value={signedIn ? eventDateTime(event, timeZone) : specDateTime(event, timeZone)} />
        )}
      </FormField>
    </>
  );
}
