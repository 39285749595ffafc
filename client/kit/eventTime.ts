import { formatDateTime } from '../../shared/formats.ts';
import { formatZonedShortDateTime, zoneSuffix } from '../../shared/timeZones.ts';

/**
 * An event as any read gives it. A signed-in read carries the event's own zone (its church's, docs/product.md
 * §12); the specification's shapes, which a visitor reads, do not: those are in the network's zone.
 */
export interface TimedEvent {
  datetime: string;
  timezone?: string | null | undefined;
}

/** The zone the event's wall-clock time is in. */
export function eventZoneOf(event: TimedEvent, networkZone: string): string {
  return (typeof event.timezone === 'string' && event.timezone !== '' ? event.timezone : undefined) ?? networkZone;
}

/**
 * An event's date and time on our own screens and messages (docs/product.md §2): the long date, the time without
 * seconds, in the event's zone, named when it is not the network's — `22 de novembro de 2026 às 19:00 · horário de
 * Manaus`.
 */
export function eventDateTime(event: TimedEvent, networkZone: string): string {
  return formatZonedShortDateTime(event.datetime, eventZoneOf(event, networkZone), networkZone);
}

/**
 * The specification's text, for an anonymous visitor only (docs/product.md §1): the long medium date-time, seconds
 * included — `22 de novembro de 2026 às 19:00:00` (a visitor's events carry no zone: the network's).
 */
export function specDateTime(event: TimedEvent, networkZone: string): string {
  const zone = eventZoneOf(event, networkZone);
  return `${formatDateTime(event.datetime, zone)}${zoneSuffix(zone, networkZone)}`;
}

/** Another instant of an event (its end, a deadline) written in the event's zone, as its start is. */
export function eventInstantText(iso: string, event: TimedEvent, networkZone: string): string {
  return formatZonedShortDateTime(iso, eventZoneOf(event, networkZone), networkZone);
}
