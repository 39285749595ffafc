import type { Instant } from '../db/schema.ts';
import { localOf, type LocalDateTime } from '../recurrence/localDateTime.ts';
import { offsetMinutesAt } from './vtimezone.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The instant a calendar app reads from a wall-clock time with a TZID (RFC 5545 §3.3.5): a time the clocks show
 * twice (the fall-back hour) is the first of the two; one they skip (spring forward) is read with the offset in
 * force before the gap.
 */
export function calendarInstantOf(local: LocalDateTime, timeZone: string): Instant {
  const wall = Date.parse(`${local.slice(0, 23)}Z`);
  const before = offsetMinutesAt(timeZone, wall - DAY_MS);
  const after = offsetMinutesAt(timeZone, wall + DAY_MS);
  const fits = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((at) => localOf(new Date(at).toISOString(), timeZone).slice(0, 23) === local.slice(0, 23))
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wall - before * MINUTE_MS).toISOString();
}

/**
 * Whether an instant survives being written as its wall-clock time with a TZID: false for the second pass of a
 * fall-back hour, which a calendar app would read as the first (an hour early). Such an instant is written in UTC.
 */
export function readsBackAsWallClock(instant: Instant, timeZone: string): boolean {
  return Date.parse(calendarInstantOf(localOf(instant, timeZone), timeZone)) === Date.parse(instant);
}
