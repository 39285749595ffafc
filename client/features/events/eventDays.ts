import { dayKeyOf, type DayKey } from '../../../shared/days.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { eventZoneOf } from '../../kit/eventTime.ts';

/**
 * The day of each event in its own zone (docs/product.md §12; a visitor's are all in the network's), worked out
 * once per list: RTK Query hands the same array to every render, and the calendars and the list both ask for it.
 */
const dayKeysOfList = new WeakMap<readonly Event[], { timeZone: string; days: DayKey[] }>();

function dayKeysOf(events: readonly Event[], timeZone: string): DayKey[] {
  const cached = dayKeysOfList.get(events);
  if (cached && cached.timeZone === timeZone) return cached.days;
  const days = events.map((event) => dayKeyOf(event.datetime, eventZoneOf(event, timeZone)));
  dayKeysOfList.set(events, { timeZone, days });
  return days;
}

/** How many events fall on each day (each in its own zone). */
export function countEventsByDay(events: readonly Event[], timeZone: string): Map<DayKey, number> {
  const counts = new Map<DayKey, number>();
  for (const day of dayKeysOf(events, timeZone)) counts.set(day, (counts.get(day) ?? 0) + 1);
  return counts;
}

function byDatetime(a: Event, b: Event): number {
  const difference = Date.parse(a.datetime) - Date.parse(b.datetime);
  return difference !== 0 ? difference : a.id - b.id;
}

/** The events on `today` (a network day) or later (each by its own zone's day), in datetime order. */
export function upcomingEvents(events: readonly Event[], today: DayKey, timeZone: string): Event[] {
  const days = dayKeysOf(events, timeZone);
  return events.filter((_, index) => (days[index] ?? '') >= today).sort(byDatetime);
}

/** `1 evento`, `3 eventos`. */
export function eventCountText(count: number): string {
  return count === 1 ? '1 evento' : `${count} eventos`;
}
