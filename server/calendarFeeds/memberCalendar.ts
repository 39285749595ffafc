import ical, { ICalEventStatus } from 'ical-generator';
import type { AllocationStatus, MyEvent } from '../../shared/schemas/escalas.ts';

/** The answer as calendar apps show it; a declined allocation is not in the feed at all. */
const FEED_STATUS: Record<Exclude<AllocationStatus, 'declined'>, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
};

/**
 * The member's escala as an RFC 5545 calendar that Google or Apple Calendar can subscribe to: each allocation
 * they have not declined, TENTATIVE until they confirm it, CONFIRMED after.
 */
export function memberCalendar(portalName: string, memberName: string, events: MyEvent[]): string {
  const calendar = ical({ name: `${portalName} — escala de ${memberName}`, prodId: { company: portalName, product: 'escalas', language: 'PT-BR' } });
  for (const event of events) {
    if (event.status === 'declined') continue;
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
    });
  }
  return calendar.toString();
}
