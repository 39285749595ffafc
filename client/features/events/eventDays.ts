import { dayKeyOf, type DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';

/** How many events fall on each network day. */
export function countEventsByDay(events: readonly Event[], timeZone: string): Map<DayKey, number> {
  const counts = new Map<DayKey, number>();
  for (const event of events) {
    const day = dayKeyOf(event.datetime, timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

function byDatetime(a: Event, b: Event): number {
  const difference = Date.parse(a.datetime) - Date.parse(b.datetime);
  return difference !== 0 ? difference : a.id - b.id;
}

/** The events on `today` (a network day) or later, in datetime order. */
export function upcomingEvents(events: readonly Event[], today: DayKey, timeZone: string): Event[] {
  return events.filter((event) => dayKeyOf(event.datetime, timeZone) >= today).sort(byDatetime);
}

/** `1 evento`, `3 eventos`. */
export function eventCountText(count: number): string {
  return count === 1 ? '1 evento' : `${count} eventos`;
}
