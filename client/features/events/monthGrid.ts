import { firstDayOfMonth, lastDayOfMonth, weekdayOf, type DayKey } from '../../../shared/days.ts';

/** One week row, Sunday first; `null` where the day belongs to the neighbouring month. */
export type CalendarWeek = Array<DayKey | null>;

/**
 * The weeks of the month containing `day`: 7 columns starting on Sunday, the days before the 1st and after
 * the last day left blank, only as many rows as the month needs (4 to 6).
 */
export function monthGrid(day: DayKey): CalendarWeek[] {
  const first = firstDayOfMonth(day);
  const daysInMonth = Number(lastDayOfMonth(day).slice(8));
  const monthPrefix = first.slice(0, 8);
  const cells: Array<DayKey | null> = Array.from({ length: weekdayOf(first) }, () => null);
  for (let date = 1; date <= daysInMonth; date += 1) {
    cells.push(`${monthPrefix}${String(date).padStart(2, '0')}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarWeek[] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}
