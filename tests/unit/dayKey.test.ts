import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayKeyOf,
  daysBetween,
  endOfDayUtc,
  firstDayOfMonth,
  isDayKey,
  lastDayOfMonth,
  startOfDayUtc,
  weekdayOf,
} from '../../shared/dayKey.ts';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
const HOUR = 3_600_000;

describe('dayKeyOf', () => {
  it('puts an instant on its day in the network timezone, not in UTC or the host zone', () => {
    // 23:30 in São Paulo is 02:30Z the next day.
    expect(dayKeyOf('2026-11-23T02:30:00.000Z', SP)).toBe('2026-11-22');
    expect(dayKeyOf(new Date('2026-11-23T02:30:00.000Z'), SP)).toBe('2026-11-22');
    expect(dayKeyOf(Date.parse('2026-11-23T02:30:00.000Z'), SP)).toBe('2026-11-22');
    expect(dayKeyOf('2026-11-23T02:30:00.000Z', 'UTC')).toBe('2026-11-23');
    // 00:30 the next local day.
    expect(dayKeyOf('2026-11-23T03:30:00.000Z', SP)).toBe('2026-11-23');
    // The last millisecond of a day and the first of the next.
    expect(dayKeyOf('2026-11-23T02:59:59.999Z', SP)).toBe('2026-11-22');
    expect(dayKeyOf('2026-11-23T03:00:00.000Z', SP)).toBe('2026-11-23');
    expect(dayKeyOf('2026-11-22T15:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('follows daylight saving time where the zone has it (New York, March and November 2026)', () => {
    // EST (UTC-5) until 8 March 02:00, EDT (UTC-4) until 1 November 02:00.
    expect(dayKeyOf('2026-03-08T04:59:59.999Z', NY)).toBe('2026-03-07');
    expect(dayKeyOf('2026-03-08T05:00:00.000Z', NY)).toBe('2026-03-08');
    expect(dayKeyOf('2026-11-01T03:59:59.999Z', NY)).toBe('2026-10-31');
    expect(dayKeyOf('2026-11-01T04:00:00.000Z', NY)).toBe('2026-11-01');
    // The same formatter, asked for another zone afterwards, still answers for that zone.
    expect(dayKeyOf('2026-11-01T04:00:00.000Z', SP)).toBe('2026-11-01');
    expect(dayKeyOf('2026-11-01T02:59:59.999Z', SP)).toBe('2026-10-31');
  });
});

describe('isDayKey', () => {
  it.each(['2026-11-22', '2028-02-29', '2000-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (value) => {
    expect(isDayKey(value)).toBe(true);
  });
  it.each([
    '2026-13-45',
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-11-00',
    '2026-1-05',
    '2026-11-22T00:00',
    ' 2026-11-22',
    '22/11/2026',
    '20261122',
    '',
    '+02026-11-22',
  ])('rejects %j', (value) => {
    expect(isDayKey(value)).toBe(false);
  });
});

describe('startOfDayUtc / endOfDayUtc', () => {
  it('bounds a São Paulo day (UTC-3)', () => {
    expect(startOfDayUtc('2026-11-22', SP)).toBe('2026-11-22T03:00:00.000Z');
    expect(endOfDayUtc('2026-11-22', SP)).toBe('2026-11-23T03:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(startOfDayUtc('2026-12-31', SP)).toBe('2026-12-31T03:00:00.000Z');
    expect(endOfDayUtc('2026-12-31', SP)).toBe('2027-01-01T03:00:00.000Z');
    expect(startOfDayUtc('2026-01-01', 'Asia/Tokyo')).toBe('2025-12-31T15:00:00.000Z');
  });

  it('gives the 23-hour day when New York springs forward (2026-03-08)', () => {
    const start = startOfDayUtc('2026-03-08', NY);
    const end = endOfDayUtc('2026-03-08', NY);
    expect(start).toBe('2026-03-08T05:00:00.000Z'); // midnight EST (UTC-5)
    expect(end).toBe('2026-03-09T04:00:00.000Z'); // midnight EDT (UTC-4)
    expect(Date.parse(end) - Date.parse(start)).toBe(23 * HOUR);
    expect(endOfDayUtc('2026-03-07', NY)).toBe(start);
  });

  it('gives the 25-hour day when New York falls back (2026-11-01)', () => {
    const start = startOfDayUtc('2026-11-01', NY);
    const end = endOfDayUtc('2026-11-01', NY);
    expect(start).toBe('2026-11-01T04:00:00.000Z');
    expect(end).toBe('2026-11-02T05:00:00.000Z');
    expect(Date.parse(end) - Date.parse(start)).toBe(25 * HOUR);
  });

  it('starts a day at its first existing instant when midnight itself is skipped', () => {
    // São Paulo's last daylight-saving start: 2018-11-04 went from 00:00 straight to 01:00 (UTC-2).
    expect(startOfDayUtc('2018-11-04', SP)).toBe('2018-11-04T03:00:00.000Z');
    expect(endOfDayUtc('2018-11-04', SP)).toBe('2018-11-05T02:00:00.000Z');
  });

  it('agrees with dayKeyOf at both ends of every day of a DST year', () => {
    for (let day = '2026-01-01'; day <= '2026-12-31'; day = addDays(day, 1)) {
      const start = Date.parse(startOfDayUtc(day, NY));
      const end = Date.parse(endOfDayUtc(day, NY));
      if (dayKeyOf(start, NY) !== day || dayKeyOf(end - 1, NY) !== day || dayKeyOf(start - 1, NY) === day) {
        expect.fail(`day ${day}: [${new Date(start).toISOString()}, ${new Date(end).toISOString()})`);
      }
    }
  });
});

describe('calendar arithmetic on day keys', () => {
  it('adds days and months and finds month edges without any timezone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(firstDayOfMonth('2026-11-22')).toBe('2026-11-01');
    expect(lastDayOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(lastDayOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(weekdayOf('2026-11-28')).toBe(6);
  });
});
