import ical, { ICalEventStatus } from 'ical-generator';
import type { AllocationStatus, MyEvent } from '../../shared/schemas/escalas.ts';

/** How long a service is assumed to last in calendar apps (the events carry only a start). */
const SERVICE_DURATION_MS = 2 * 60 * 60 * 1000;

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
    const start = new Date(event.datetime);
    calendar.createEvent({
      id: `allocation-${event.allocation_id}@koinonia`,
      start,
      end: new Date(start.getTime() + SERVICE_DURATION_MS),
      summary: `${event.event_types?.name ?? 'Evento'} — ${event.department.name}`,
      description: `Você serve em ${event.department.name}.`,
      status: FEED_STATUS[event.status],
    });
  }
  return calendar.toString();
}
