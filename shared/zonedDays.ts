import { dayKeyOf, endOfDayUtc, startOfDayUtc, type DayKey } from './dayKey.ts';

/**
 * Day ranges when events live in several zones (docs/adr/0006-an-event-belongs-to-its-own-zone-day.md): an event
 * is on a day when its start falls on that day *of its own zone*. A query first takes the instants any of the
 * zones in use gives the range — the earliest start, the latest end — then keeps the events whose own day is in
 * it. With one zone the window is exactly the range and the check keeps everything.
 */

/** The instants `[start, end)` that hold every event whose own day is in `from`–`to`, whichever of `zones` it is in. */
export function dayWindowUtc(from: DayKey, to: DayKey, zones: readonly string[]): { start: string; end: string } {
  let start: string | undefined;
  let end: string | undefined;
  for (const zone of zones) {
    const zoneStart = startOfDayUtc(from, zone);
    const zoneEnd = endOfDayUtc(to, zone);
    if (start === undefined || zoneStart < start) start = zoneStart;
    if (end === undefined || zoneEnd > end) end = zoneEnd;
  }
  if (start === undefined || end === undefined) throw new Error('dayWindowUtc: no zone');
  return { start, end };
}

/** Whether an event starting at `instant` in `zone` is on a day of `from`–`to` (inclusive). */
export function isOnDays(instant: string, zone: string, from: DayKey, to: DayKey): boolean {
  const day = dayKeyOf(instant, zone);
  return day >= from && day <= to;
}
