import { useMemo } from 'react';
import { addMonths, firstDayOfMonth, lastDayOfMonth, type DayKey } from '../../../shared/days.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { selectShownMonth } from './eventsSlice.ts';
import { useEventsWindow, type EventsWindow } from './useEventsWindow.ts';

/** The window of `base` moved so that it starts in the month of `month` (the same today). */
export function windowFrom(base: EventsWindow, month: DayKey): EventsWindow {
  const current = firstDayOfMonth(month);
  const next = addMonths(current, 1);
  return { today: base.today, months: [current, next], range: { from: current, to: lastDayOfMonth(next) } };
}

/** Whether the day falls in one of the two months the window shows. */
export function isInWindow(eventsWindow: EventsWindow, day: DayKey): boolean {
  return day >= eventsWindow.range.from && day <= eventsWindow.range.to;
}

/** Whether the window holds today (the current and next month, or the previous and current). */
export function holdsToday(eventsWindow: EventsWindow): boolean {
  return isInWindow(eventsWindow, eventsWindow.today);
}

/**
 * The two months the calendars show. A visitor: the current and next month, always (the specification). Signed
 * in: from the month the user moved to (eventsSlice's `shownMonth`), the current one until they move.
 */
export function useShownEventsWindow(): { eventsWindow: EventsWindow; canNavigate: boolean } {
  const base = useEventsWindow();
  const session = useSession();
  const shownMonth = useAppSelector(selectShownMonth);
  const canNavigate = session.status === 'signedIn';
  const moved = canNavigate && shownMonth !== null && shownMonth !== base.months[0] ? shownMonth : null;
  const eventsWindow = useMemo(() => (moved === null ? base : windowFrom(base, moved)), [base, moved]);
  return { eventsWindow, canNavigate };
}
