import { useMemo, useState } from 'react';
import { addMonths, dayKeyOf, firstDayOfMonth, lastDayOfMonth, type DayKey } from '../../../shared/days.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import type { DayRange } from './eventsApi.ts';

export interface EventsWindow {
  /** Today in the network timezone. */
  today: DayKey;
  /** The first days of the current and the next month. */
  months: [DayKey, DayKey];
  /** From the first day of the current month to the last day of the next. */
  range: DayRange;
}

export function eventsWindowOf(now: Date, timeZone: string): EventsWindow {
  const today = dayKeyOf(now, timeZone);
  const current = firstDayOfMonth(today);
  const next = addMonths(current, 1);
  return { today, months: [current, next], range: { from: current, to: lastDayOfMonth(next) } };
}

/** The two months the events page shows, fixed when the page opens. */
export function useEventsWindow(): EventsWindow {
  const { timeZone } = usePublicConfig();
  const [now] = useState(() => new Date());
  // Computed once per page (and time zone): the same object on every render, so what depends on it can be memoised.
  return useMemo(() => eventsWindowOf(now, timeZone), [now, timeZone]);
}
