import { dayjs, type DayKey } from '../../shared/dayKey.ts';
import { parseEventDateTime } from '../../shared/schemas/eventManagement.ts';
import type { Instant } from '../db/schema.ts';

/** A wall-clock date-time without a zone, `YYYY-MM-DDTHH:mm:ss.SSS`: what a series keeps across DST changes. */
export type LocalDateTime = string;

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm:ss.SSS';

/** The instant a wall-clock time names in `timeZone`. */
export function instantOfLocal(local: LocalDateTime, timeZone: string): Instant {
  return dayjs.tz(local, timeZone).toISOString();
}

/** The wall-clock time of an instant in `timeZone`. */
export function localOf(instant: Instant, timeZone: string): LocalDateTime {
  return dayjs(instant).tz(timeZone).format(LOCAL_FORMAT);
}

export function dayOfLocal(local: LocalDateTime): DayKey {
  return local.slice(0, 10);
}

export function timeOfLocal(local: LocalDateTime): string {
  return local.slice(11);
}

/** Wall-clock milliseconds from `from` to `to` (days count as 24 h whatever the clocks did). */
export function localDifference(from: LocalDateTime, to: LocalDateTime): number {
  return dayjs.utc(to).valueOf() - dayjs.utc(from).valueOf();
}

/** A wall-clock time moved by wall-clock milliseconds. */
export function shiftLocal(local: LocalDateTime, milliseconds: number): LocalDateTime {
  return dayjs.utc(local).add(milliseconds, 'millisecond').format(LOCAL_FORMAT);
}

/**
 * The instant an already validated request date-time names: with `Z` or an offset it is that instant; without,
 * a wall-clock time in `timeZone` (the event's zone, docs/product.md §12).
 */
export function instantOfRequest(value: string, timeZone: string): Instant {
  const parts = parseEventDateTime(value);
  if (!parts) throw new Error(`instantOfRequest: data-hora não validada: ${value}`);
  const local = `${parts.day}T${parts.time}`;
  if (parts.offsetMinutes === null) return instantOfLocal(local, timeZone);
  return new Date(dayjs.utc(local).valueOf() - parts.offsetMinutes * 60_000).toISOString();
}
