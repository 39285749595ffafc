import type { ReactNode } from 'react';
import type { Event } from '../../../shared/schemas/events.ts';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';
import { EventButton } from './EventButton.tsx';
import { hasDetails } from './EventDetailLine.tsx';
import { EventPlaceLine } from './EventPlaceLine.tsx';
import './EventList.css';

export interface EventListProps<E extends Event = Event> {
  events: readonly E[];
  onEventSelect: (event: E) => void;
  /** Shown instead of the list when there are no events. */
  emptyText: string;
  label?: string;
  /** A third line inside each event's button (My Events: the department). */
  eventDetail?: (event: E) => ReactNode;
  /** Shown under each event's button (Leader View for leaders: its allocations and actions). */
  eventExtras?: (event: E) => ReactNode;
}

export function EventList<E extends Event>({ events, onEventSelect, emptyText, label, eventDetail, eventExtras }: EventListProps<E>) {
  // One read of the churches for the whole list (a signed-in list's events carry their church), not one per event.
  const churches = useGetChurchesQuery(undefined, { skip: !events.some(hasDetails) });
  const addressOf = (event: Event) => {
    const churchId = hasDetails(event) ? event.church_id : null;
    return churchId === null ? null : (churches.data?.find((church) => church.id === churchId)?.address ?? null);
  };
  if (events.length === 0) return <p className="event-list__empty">{emptyText}</p>;
  return (
    <ul className="event-list" aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className="event-list__item">
          <EventButton event={event} onSelect={onEventSelect} detail={eventDetail?.(event)} />
          <EventPlaceLine address={addressOf(event)} />
          {eventExtras?.(event)}
        </li>
      ))}
    </ul>
  );
}
