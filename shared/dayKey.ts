import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { addDays, type DayKey } from './days.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

// The calendar arithmetic lives in days.ts (no dayjs, for the browser's first download); this module adds the
// timezone conversions that need dayjs.
export { addDays, addMonths, dayKeyOf, daysBetween, firstDayOfMonth, isDayKey, lastDayOfMonth, weekdayOf, type DayKey } from './days.ts';

/** The first instant of a day in `timeZone`, as an ISO UTC string. */
export function startOfDayUtc(day: DayKey, timeZone: string): string {
  return dayjs.tz(day, timeZone).toISOString();
}

/** The first instant after a day in `timeZone`, as an ISO UTC string. */
export function endOfDayUtc(day: DayKey, timeZone: string): string {
  return startOfDayUtc(addDays(day, 1), timeZone);
}

export { dayjs };
