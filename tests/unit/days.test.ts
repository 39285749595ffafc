import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { describe, expect, it } from 'vitest';
import * as dayKeyModule from '../../shared/dayKey.ts';
import { addDays, addMonths, daysBetween, firstDayOfMonth, isDayKey, lastDayOfMonth, weekdayOf } from '../../shared/days.ts';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

// The dayjs implementation shared/dayKey.ts had before days.ts: the reference the Date.UTC arithmetic must match.
const FORMAT = 'YYYY-MM-DD';
const parse = (day: string) => dayjs.utc(day, FORMAT, true);
const reference = {
  isDayKey: (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, FORMAT, true).isValid(),
  addDays: (day: string, days: number) => parse(day).add(days, 'day').format(FORMAT),
  addMonths: (day: string, months: number) => parse(day).add(months, 'month').format(FORMAT),
  daysBetween: (from: string, to: string) => parse(to).diff(parse(from), 'day'),
  lastDayOfMonth: (day: string) => parse(day).endOf('month').format(FORMAT),
  weekdayOf: (day: string) => parse(day).day(),
};

/** Every day from `from` (inclusive), `count` of them, walked with the reference. */
function daysFrom(from: string, count: number): string[] {
  const days: string[] = [];
  for (let i = 0, day = parse(from); i < count; i++, day = day.add(1, 'day')) days.push(day.format(FORMAT));
  return days;
}

describe('days (calendar arithmetic without dayjs)', () => {
  it('ends months on their last day, February by leap year', () => {
    expect(lastDayOfMonth('2026-01-15')).toBe('2026-01-31');
    expect(lastDayOfMonth('2026-04-01')).toBe('2026-04-30');
    expect(lastDayOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(lastDayOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(lastDayOfMonth('2100-02-01')).toBe('2100-02-28');
    expect(lastDayOfMonth('2000-02-01')).toBe('2000-02-29');
    expect(lastDayOfMonth('2026-12-31')).toBe('2026-12-31');
    expect(firstDayOfMonth('2028-02-29')).toBe('2028-02-01');
  });

  it('adds days across month ends, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-24', 0)).toBe('2026-11-24');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2028-01-01', 366)).toBe('2029-01-01');
  });

  it('adds months, a day the month lacks becoming its last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
    expect(addMonths('2026-11-01', -23)).toBe('2024-12-01');
  });

  it('counts whole days and names weekdays', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(0);
    expect(weekdayOf('2028-02-29')).toBe(2); // Tuesday
    expect(weekdayOf('2026-11-22')).toBe(0); // Sunday
    expect(weekdayOf('2027-01-02')).toBe(6); // Saturday
  });

  it('accepts only real days written yyyy-MM-dd', () => {
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isDayKey('2027-02-29')).toBe(false);
    expect(isDayKey('2026-04-31')).toBe(false);
    expect(isDayKey('2026-13-01')).toBe(false);
    expect(isDayKey('2026-00-10')).toBe(false);
    expect(isDayKey('2026-01-00')).toBe(false);
    expect(isDayKey('2026-1-01')).toBe(false);
    expect(isDayKey('2026-01-01T00:00')).toBe(false);
    expect(isDayKey('')).toBe(false);
  });

  it('answers as the dayjs implementation did, for every day of 2023–2030 and several offsets', () => {
    const days = daysFrom('2023-01-01', 8 * 366);
    const mismatches: string[] = [];
    const check = (what: string, ours: unknown, theirs: unknown) => {
      if (ours !== theirs) mismatches.push(`${what}: ${String(ours)} ≠ ${String(theirs)}`);
    };
    days.forEach((day, index) => {
      check(`isDayKey(${day})`, isDayKey(day), reference.isDayKey(day));
      check(`weekdayOf(${day})`, weekdayOf(day), reference.weekdayOf(day));
      check(`lastDayOfMonth(${day})`, lastDayOfMonth(day), reference.lastDayOfMonth(day));
      for (const offset of [-400, -35, -1, 1, 7, 41, 366]) {
        check(`addDays(${day}, ${offset})`, addDays(day, offset), reference.addDays(day, offset));
      }
      for (const months of [-25, -12, -1, 1, 2, 11, 13]) {
        check(`addMonths(${day}, ${months})`, addMonths(day, months), reference.addMonths(day, months));
      }
      const other = days[(index * 7919) % days.length]!;
      check(`daysBetween(${day}, ${other})`, daysBetween(day, other), reference.daysBetween(day, other));
    });
    // Strings that look like day keys but are not days, around every month end.
    for (let year = 2023; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        for (const dayOfMonth of ['00', '28', '29', '30', '31', '32']) {
          const value = `${year}-${String(month).padStart(2, '0')}-${dayOfMonth}`;
          check(`isDayKey(${value})`, isDayKey(value), reference.isDayKey(value));
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('is what shared/dayKey.ts exports (the server and the lazy forms keep importing it)', () => {
    expect(dayKeyModule.addDays).toBe(addDays);
    expect(dayKeyModule.addMonths).toBe(addMonths);
    expect(dayKeyModule.lastDayOfMonth).toBe(lastDayOfMonth);
    expect(dayKeyModule.weekdayOf).toBe(weekdayOf);
    expect(dayKeyModule.isDayKey).toBe(isDayKey);
    expect(dayKeyModule.daysBetween).toBe(daysBetween);
  });
});
