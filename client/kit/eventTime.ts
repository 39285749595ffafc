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

/** The long medium date-time in the event's zone, its name after it when not the network's: `… às 19:00:00 · horário de Manaus`. */
export function eventDateTime(event: TimedEvent, networkZone: string): string {
  const zone = eventZoneOf(event, networkZone);
  return `${formatDateTime(event.datetime, zone)}${zoneSuffix(zone, networkZone)}`;
}

/** The same without seconds (our own screens and messages): `6 de dezembro de 2026 às 19:00 · horário de Manaus`. */
export function eventShortDateTime(event: TimedEvent, networkZone: string): string {
  return formatZonedShortDateTime(event.datetime, eventZoneOf(event, networkZone), networkZone);
}

/** Another instant of an event (its end, a deadline) written in the event's zone, as its start is. */
export function eventInstantText(iso: string, event: TimedEvent, networkZone: string): string {
  const zone = eventZoneOf(event, networkZone);
  return `${formatDateTime(iso, zone)}${zoneSuffix(zone, networkZone)}`;
}
