import ical, { ICalEventStatus } from 'ical-generator';
import type { AllocationStatus, MyEvent } from '../../shared/schemas/escalas.ts';
import { calendarText } from '../recurrence/calendarText.ts';

/** The answer as calendar apps show it; a declined allocation is not in the feed at all. */
const FEED_STATUS: Record<Exclude<AllocationStatus, 'declined' | 'covered'>, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
};

/**
 * The member's escala as an RFC 5545 calendar that Google or Apple Calendar can subscribe to: each allocation
 * they have not declined, TENTATIVE until they confirm it, CONFIRMED after. `sequences` gives each event's
 * revision (its SEQUENCE): an event moved or edited replaces the entry calendar apps hold.
 */
export function memberCalendar(portalName: string, memberName: string, events: MyEvent[], sequences: ReadonlyMap<number, number>): string {
  const calendar = ical({ name: `${portalName} — escala de ${memberName}`, prodId: { company: portalName, product: 'escalas', language: 'PT-BR' } });
  for (const event of events) {
    if (event.status === 'declined' || event.status === 'covered') continue;
    const where = event.position ? `${event.department.name} (${event.position.name})` : event.department.name;
    calendar.createEvent({
      id: `allocation-${event.allocation_id}@koinonia`,
      start: new Date(event.datetime),
      // The event's own end (docs/product.md §8), or two hours after the start.
      end: new Date(event.ends_at),
      summary: `${event.title ?? event.event_types?.name ?? 'Evento'} — ${where}`,
      description: `Você serve em ${where}.`,
      ...(event.location ? { location: event.location } : {}),
      status: FEED_STATUS[event.status],
      sequence: sequences.get(event.id) ?? 0,
    });
  }
  return calendarText(calendar);
}
