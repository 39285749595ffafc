import type { Event } from '../../../shared/schemas/events.ts';
import { EventButton } from './EventButton.tsx';
import './EventList.css';

export interface EventListProps {
  events: readonly Event[];
  onEventSelect: (event: Event) => void;
  /** Shown instead of the list when there are no events. */
  emptyText: string;
  label?: string;
}

export function EventList({ events, onEventSelect, emptyText, label }: EventListProps) {
  if (events.length === 0) return <p className="event-list__empty">{emptyText}</p>;
  return (
    <ul className="event-list" aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className="event-list__item">
          <EventButton event={event} onSelect={onEventSelect} />
        </li>
      ))}
    </ul>
  );
}
