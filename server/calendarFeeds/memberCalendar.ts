import ical, { ICalEventStatus } from 'ical-generator';
import { dayjs } from '../../shared/dayKey.ts';
import type { AllocationStatus, MyEvent } from '../../shared/schemas/escalas.ts';
import { placeText, serviceText } from '../../shared/serviceText.ts';
import { calendarText } from '../recurrence/calendarText.ts';
import { readsBackAsWallClock } from './calendarWallClock.ts';
import { vtimezone } from './vtimezone.ts';

/** The answer as calendar apps show it; a declined allocation is not in the feed at all. */
const FEED_STATUS: Record<Exclude<AllocationStatus, 'declined' | 'covered'>, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
};

/**
 * The member's escala as an RFC 5545 calendar that Google or Apple Calendar can subscribe to: each allocation
 * they have not declined, TENTATIVE until they confirm it, CONFIRMED after. `sequences` gives each event's
 * revision (its SEQUENCE): an event moved or edited replaces the entry calendar apps hold. Each event is written
 * at its wall-clock time with the TZID of its own zone (docs/product.md §12), and a VTIMEZONE for each zone used;
 * the second pass of a fall-back hour, which a wall-clock time would misname, in UTC.
 */
export function memberCalendar(portalName: string, memberName: string, events: MyEvent[], sequences: ReadonlyMap<number, number>): string {
  const years: number[] = [];
  const calendar = ical({
    name: `${portalName} — escala de ${memberName}`,
    prodId: { company: portalName, product: 'escalas', language: 'PT-BR' },
    timezone: { name: null, generator: (zone) => vtimezone(zone, Math.min(...years), Math.max(...years)) },
  });
  for (const event of events) {
    if (event.status === 'declined' || event.status === 'covered') continue;
    const where = placeText(event.department.name, event.position?.name);
    const zone = event.timezone;
    const inZone = readsBackAsWallClock(event.datetime, zone) && readsBackAsWallClock(event.ends_at, zone);
    const at = (instant: string) => (inZone ? dayjs(instant).tz(zone) : dayjs.utc(instant));
    if (inZone) years.push(Number(at(event.datetime).format('YYYY')), Number(at(event.ends_at).format('YYYY')));
    calendar.createEvent({
      id: `allocation-${event.allocation_id}@koinonia`,
      start: at(event.datetime),
      // The event's own end (docs/product.md §8), or two hours after the start.
      end: at(event.ends_at),
      ...(inZone ? { timezone: zone } : {}),
      summary: serviceText({ event: event.title ?? event.event_types?.name ?? 'Evento', church: event.church?.name, department: event.department.name, position: event.position?.name }),
      description: `Você serve em ${where}.`,
      ...(event.location || event.church ? { location: [event.location, event.church?.name].filter(Boolean).join(', ') } : {}),
      status: FEED_STATUS[event.status],
      sequence: sequences.get(event.id) ?? 0,
    });
  }
  return calendarText(calendar);
}
