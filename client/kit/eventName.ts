import type { Event } from '../../shared/schemas/events.ts';

/** What an event is called on screen: its type's name, or N/A when it has none. */
export function eventName(event: Pick<Event, 'event_types'>): string {
  return event.event_types?.name ?? 'N/A';
}
