import { formatDateTime } from '../../../shared/formats.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { Icon } from '../../layout/Icon.tsx';
import { eventName } from './eventDays.ts';

export interface EventButtonProps {
  event: Event;
  onSelect: (event: Event) => void;
}

/** One event as a list shows it: the type's name (N/A without one) and the long medium date-time. */
export function EventButton({ event, onSelect }: EventButtonProps) {
  const { timeZone } = usePublicConfig();
  return (
    <button type="button" className="event-button" data-event-id={event.id} onClick={() => onSelect(event)}>
      <span className="event-button__icon">
        <Icon name="calendar" size={18} />
      </span>
      <span className="event-button__text">
        <span className="event-button__name">{eventName(event)}</span>{' '}
        <time className="event-button__datetime" dateTime={event.datetime}>
          {formatDateTime(event.datetime, timeZone)}
        </time>
      </span>
    </button>
  );
}
