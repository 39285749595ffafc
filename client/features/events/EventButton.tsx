import type { ReactNode } from 'react';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime, specDateTime } from '../../kit/eventTime.ts';
import { Icon } from '../../kit/Icon.tsx';
import { useSession } from '../../kit/session/useSession.ts';
import { EventDetailLine } from './EventDetailLine.tsx';

export interface EventButtonProps<E extends Event = Event> {
  event: E;
  onSelect: (event: E) => void;
  /** A third line, e.g. the department I serve in (My Events). */
  detail?: ReactNode;
}

/**
 * One event as a list shows it: the type's name (N/A without one) and the long medium date-time (signed in, without
 * its seconds); signed in, an
 * event read with its details also shows its title, church and location under its type, and its time is its
 * church's, named when not the network's (docs/product.md §12).
 */
export function EventButton<E extends Event>({ event, onSelect, detail }: EventButtonProps<E>) {
  const { timeZone } = usePublicConfig();
  // A visitor reads the specification's text (seconds included); signed in, our own (docs/product.md §2).
  const signedIn = useSession().status === 'signedIn';
  return (
    <button type="button" className="event-button" data-event-id={event.id} onClick={() => onSelect(event)}>
      <span className="event-button__icon">
        <Icon name="calendar" size={18} />
      </span>
      <span className="event-button__text">
        <span className="event-button__name">{eventName(event)}</span>{' '}
        <EventDetailLine event={event} />
        <time className="event-button__datetime" dateTime={event.datetime}>
          {signedIn ? eventDateTime(event, timeZone) : specDateTime(event, timeZone)}
        </time>
        {detail ? (
          <>
            {' '}
            <span className="event-button__detail">{detail}</span>
          </>
        ) : null}
      </span>
    </button>
  );
}
