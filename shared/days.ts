/**
 * Calendar arithmetic on yyyy-MM-dd day keys, without dayjs: the calendars of the events page (the first download
 * of every visitor) need only these, and Date's UTC methods do them. shared/dayKey.ts re-exports everything here
 * and adds the timezone conversions that need dayjs (server, lazy forms).
 */

/** A calendar day in the network timezone, written yyyy-MM-dd. */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of the day's UTC midnight (years below 100 included, unlike Date.UTC). */
function utcMidnight(year: number, monthIndex: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

/** NaNs for a string that is not a day key: the results then say so ('Invalid Date', NaN), as dayjs's did. */
function parts(day: DayKey): [year: number, monthIndex: number, day: number] {
  const match = isDayKey(day) ? DAY_KEY.exec(day) : null;
  if (!match) return [NaN, NaN, NaN];
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

function keyOf(time: number): DayKey {
  if (Number.isNaN(time)) return 'Invalid Date';
  const date = new Date(time);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dayOfMonth = String(date.getUTCDate()).padStart(2, '0');
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${month}-${dayOfMonth}`;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(utcMidnight(year, monthIndex + 1, 0)).getUTCDate();
}

export function isDayKey(value: string): boolean {
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month - 1);
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

export function addDays(day: DayKey, days: number): DayKey {
  const [year, monthIndex, dayOfMonth] = parts(day);
  return keyOf(utcMidnight(year, monthIndex, dayOfMonth + days));
}

/** The same day `months` later; a day the target month lacks becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: DayKey, months: number): DayKey {
  const [year, monthIndex, dayOfMonth] = parts(day);
  const target = utcMidnight(year, monthIndex + months, 1);
  const targetDate = new Date(target);
  const last = daysInMonth(targetDate.getUTCFullYear(), targetDate.getUTCMonth());
  return keyOf(target + (Math.min(dayOfMonth, last) - 1) * DAY_MS);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return Math.round((utcMidnight(...parts(to)) - utcMidnight(...parts(from))) / DAY_MS);
}

export function firstDayOfMonth(day: DayKey): DayKey {
  return `${day.slice(0, 7)}-01`;
}

export function lastDayOfMonth(day: DayKey): DayKey {
  const [year, monthIndex] = parts(day);
  if (Number.isNaN(year)) return 'Invalid Date';
  return `${day.slice(0, 7)}-${String(daysInMonth(year, monthIndex)).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday, for the calendar day itself (no timezone involved). */
export function weekdayOf(day: DayKey): number {
  return new Date(utcMidnight(...parts(day))).getUTCDay();
}
