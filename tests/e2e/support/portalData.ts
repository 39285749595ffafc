import { inject } from 'vitest';
import { addDays, dayKeyOf, type DayKey } from '../../../shared/dayKey.ts';
import { formatDateTime, formatDay, formatMonthHeading } from '../../../shared/formats.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { eventsWindowOf, type EventsWindow } from '../../../client/features/events/useEventsWindow.ts';
import { portalUrl } from './filePortal.ts';

export { formatDateTime, formatDay, formatMonthHeading, addDays };

/** What the events page must show, read from the same portal the browser uses (network timezone). */
export interface ExpectedEvents {
  timeZone: string;
  window: EventsWindow;
  /** The window's events, in the API's order. */
  events: Event[];
  /** From today (network day) on, in datetime order. */
  upcoming: Event[];
  /** Network days with events and how many. */
  days: Map<DayKey, number>;
}

export async function apiJson<T>(path: string): Promise<T> {
  const response = await fetch(portalUrl() + path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

export async function expectedEvents(): Promise<ExpectedEvents> {
  const timeZone = inject('timeZone');
  const window = eventsWindowOf(new Date(), timeZone);
  const events = await apiJson<Event[]>(`/api/events?from=${window.range.from}&to=${window.range.to}`);
  const days = new Map<DayKey, number>();
  for (const event of events) {
    const day = dayKeyOf(event.datetime, timeZone);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  const upcoming = events
    .filter((event) => dayKeyOf(event.datetime, timeZone) >= window.today)
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.id - b.id);
  return { timeZone, window, events, upcoming, days };
}

export function nameOf(event: Event): string {
  return event.event_types?.name ?? 'N/A';
}

/** The accessible name of a calendar day: `22 de novembro de 2026, 3 eventos`. */
export function dayLabel(day: DayKey, count = 0): string {
  if (count === 0) return formatDay(day);
  return `${formatDay(day)}, ${count === 1 ? '1 evento' : `${count} eventos`}`;
}

export { dayKeyOf };
