import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** A calendar day in the network timezone, written yyyy-MM-dd. */
export type DayKey = string;

const DAY_KEY_FORMAT = 'YYYY-MM-DD';

export function isDayKey(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, DAY_KEY_FORMAT, true).isValid();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The day (in `timeZone`) on which an instant falls. One cached Intl formatter per zone: dayjs's `.tz()` builds
 * a new one on every call, which made grouping two months of events the slowest step of the events page on a
 * phone.
 */
export function dayKeyOf(instant: Date | string | number, timeZone: string): DayKey {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** The first instant of a day in `timeZone`, as an ISO UTC string. */
export function startOfDayUtc(day: DayKey, timeZone: string): string {
  return dayjs.tz(day, timeZone).toISOString();
}

/** The first instant after a day in `timeZone`, as an ISO UTC string. */
export function endOfDayUtc(day: DayKey, timeZone: string): string {
  return startOfDayUtc(addDays(day, 1), timeZone);
}

export function addDays(day: DayKey, days: number): DayKey {
  return dayjs.utc(day, DAY_KEY_FORMAT, true).add(days, 'day').format(DAY_KEY_FORMAT);
}

export function addMonths(day: DayKey, months: number): DayKey {
  return dayjs.utc(day, DAY_KEY_FORMAT, true).add(months, 'month').format(DAY_KEY_FORMAT);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return dayjs.utc(to, DAY_KEY_FORMAT, true).diff(dayjs.utc(from, DAY_KEY_FORMAT, true), 'day');
}

export function firstDayOfMonth(day: DayKey): DayKey {
  return `${day.slice(0, 7)}-01`;
}

export function lastDayOfMonth(day: DayKey): DayKey {
  return dayjs.utc(day, DAY_KEY_FORMAT, true).endOf('month').format(DAY_KEY_FORMAT);
}

/** 0 = Sunday … 6 = Saturday, for the calendar day itself (no timezone involved). */
export function weekdayOf(day: DayKey): number {
  return dayjs.utc(day, DAY_KEY_FORMAT, true).day();
}

export { dayjs };
