import { describe, expect, it } from 'vitest';
import { repeatRuleSchema, type RepeatRuleInput } from '../../shared/schemas/eventManagement.ts';
import {
  expandRepeat,
  isLastWeekdayOfMonth,
  nthWeekdayOfMonth,
  repeatLimitProblem,
  weekdayOrdinal,
} from '../../server/recurrence/expandRepeat.ts';
import { headRule, rruleOf, seriesOccurrences, tailRule, type SeriesRule } from '../../server/recurrence/seriesRule.ts';

const SAO_PAULO = 'America/Sao_Paulo';
const NEW_YORK = 'America/New_York';

const rule = (input: RepeatRuleInput) => repeatRuleSchema.parse(input);
const days = (start: string, input: RepeatRuleInput, timeZone = SAO_PAULO) =>
  expandRepeat(start, rule(input), timeZone).map((occurrence) => occurrence.day);

describe('nthWeekdayOfMonth', () => {
  it('finds the nth and the last weekday of a month', () => {
    // January 2026 starts on a Thursday.
    expect(nthWeekdayOfMonth('2026-01-15', 3, 1)).toBe('2026-01-07');
    expect(nthWeekdayOfMonth('2026-01-15', 3, 3)).toBe('2026-01-21');
    expect(nthWeekdayOfMonth('2026-01-15', 4, 1)).toBe('2026-01-01');
    expect(nthWeekdayOfMonth('2026-01-15', 4, -1)).toBe('2026-01-29');
    // May 2026 has five Sundays (3, 10, 17, 24, 31): the 4th and the last differ.
    expect(nthWeekdayOfMonth('2026-05-01', 0, 4)).toBe('2026-05-24');
    expect(nthWeekdayOfMonth('2026-05-01', 0, -1)).toBe('2026-05-31');
    // February 2026 has exactly four Sundays: the 4th is the last.
    expect(nthWeekdayOfMonth('2026-02-10', 0, 4)).toBe('2026-02-22');
    expect(nthWeekdayOfMonth('2026-02-10', 0, -1)).toBe('2026-02-22');
  });

  it('tells the position of a day among its weekday', () => {
    expect(weekdayOrdinal('2026-05-24')).toBe(4);
    expect(weekdayOrdinal('2026-05-31')).toBe(5);
    expect(isLastWeekdayOfMonth('2026-05-24')).toBe(false);
    expect(isLastWeekdayOfMonth('2026-05-31')).toBe(true);
    expect(isLastWeekdayOfMonth('2026-02-22')).toBe(true);
  });
});

describe('expandRepeat', () => {
  it('repeats weekly every 2 weeks on the same weekday, at the same time', () => {
    const occurrences = expandRepeat('2026-12-06T19:30:00.000', rule({ freq: 'weekly', interval: 2, count: 4 }), SAO_PAULO);
    expect(occurrences).toEqual([
      { day: '2026-12-06', local: '2026-12-06T19:30:00.000', instant: '2026-12-06T22:30:00.000Z' },
      { day: '2026-12-20', local: '2026-12-20T19:30:00.000', instant: '2026-12-20T22:30:00.000Z' },
      { day: '2027-01-03', local: '2027-01-03T19:30:00.000', instant: '2027-01-03T22:30:00.000Z' },
      { day: '2027-01-17', local: '2027-01-17T19:30:00.000', instant: '2027-01-17T22:30:00.000Z' },
    ]);
  });

  it('repeats monthly on the 3rd Wednesday', () => {
    expect(days('2026-01-07T20:00:00.000', { freq: 'monthly', nth: 3, count: 5 })).toEqual([
      '2026-01-21',
      '2026-02-18',
      '2026-03-18',
      '2026-04-15',
      '2026-05-20',
    ]);
  });

  it('starts with the first fitting day on or after the start, possibly next month', () => {
    // 28 January 2026 is the 4th Wednesday: the 3rd of January has passed.
    expect(days('2026-01-28T20:00:00.000', { freq: 'monthly', nth: 3, count: 2 })).toEqual(['2026-02-18', '2026-03-18']);
    // The start itself counts when it fits.
    expect(days('2026-01-21T20:00:00.000', { freq: 'monthly', nth: 3, count: 1 })).toEqual(['2026-01-21']);
  });

  it('repeats monthly on the last Sunday, the 5th one in months that have five', () => {
    expect(days('2026-01-04T09:00:00.000', { freq: 'monthly', nth: -1, count: 6 })).toEqual([
      '2026-01-25',
      '2026-02-22',
      '2026-03-29',
      '2026-04-26',
      '2026-05-31',
      '2026-06-28',
    ]);
    // The 4th Sunday is not the last in May 2026 (five Sundays) nor in August 2026 (five Sundays).
    expect(days('2026-04-05T09:00:00.000', { freq: 'monthly', nth: 4, count: 5 })).toEqual([
      '2026-04-26',
      '2026-05-24',
      '2026-06-28',
      '2026-07-26',
      '2026-08-23',
    ]);
  });

  it('stops at count, or at until (an inclusive day)', () => {
    expect(days('2026-12-06T19:30:00.000', { freq: 'weekly', count: 3 })).toEqual(['2026-12-06', '2026-12-13', '2026-12-20']);
    expect(days('2026-12-06T19:30:00.000', { freq: 'weekly', until: '2026-12-27' })).toEqual([
      '2026-12-06',
      '2026-12-13',
      '2026-12-20',
      '2026-12-27',
    ]);
    expect(days('2026-12-06T19:30:00.000', { freq: 'weekly', until: '2026-12-26' })).toEqual(['2026-12-06', '2026-12-13', '2026-12-20']);
    expect(days('2026-01-07T20:00:00.000', { freq: 'monthly', nth: 3, until: '2026-03-17' })).toEqual(['2026-01-21', '2026-02-18']);
    expect(days('2026-12-06T19:30:00.000', { freq: 'weekly', until: '2026-12-05' })).toEqual([]);
  });

  it('keeps 19:30 local across the daylight-saving changes of America/New_York', () => {
    const spring = expandRepeat('2026-03-01T19:30:00.000', rule({ freq: 'weekly', count: 3 }), NEW_YORK);
    // EST (UTC-5) until 8 March 2026, then EDT (UTC-4).
    expect(spring.map((occurrence) => occurrence.instant)).toEqual([
      '2026-03-02T00:30:00.000Z',
      '2026-03-08T23:30:00.000Z',
      '2026-03-15T23:30:00.000Z',
    ]);
    const autumn = expandRepeat('2026-10-25T19:30:00.000', rule({ freq: 'weekly', count: 2 }), NEW_YORK);
    // EDT until 1 November 2026, then EST.
    expect(autumn.map((occurrence) => occurrence.instant)).toEqual(['2026-10-25T23:30:00.000Z', '2026-11-02T00:30:00.000Z']);
    expect([...spring, ...autumn].every((occurrence) => occurrence.local.endsWith('T19:30:00.000'))).toBe(true);
  });
});

describe('repeatLimitProblem', () => {
  const problem = (start: string, input: RepeatRuleInput) => {
    const parsed = rule(input);
    return repeatLimitProblem(expandRepeat(start, parsed, SAO_PAULO), parsed);
  };

  it('refuses more than 200 occurrences and more than 2 years', () => {
    expect(problem('2026-12-06T19:30:00.000', { freq: 'weekly', count: 201 })).toBe('too_many');
    expect(problem('2026-12-06T19:30:00.000', { freq: 'weekly', count: 105 })).toBeUndefined();
    expect(problem('2026-12-06T19:30:00.000', { freq: 'weekly', count: 106 })).toBe('too_long');
    expect(problem('2026-12-06T19:30:00.000', { freq: 'weekly', until: '2028-12-06' })).toBeUndefined();
    expect(problem('2026-12-06T19:30:00.000', { freq: 'weekly', until: '2028-12-13' })).toBe('too_long');
    expect(problem('2026-12-06T19:30:00.000', { freq: 'weekly', until: '2036-12-13' })).toBe('too_long');
    expect(problem('2026-01-07T20:00:00.000', { freq: 'monthly', nth: 3, count: 25 })).toBeUndefined();
    expect(problem('2026-01-07T20:00:00.000', { freq: 'monthly', nth: 3, count: 26 })).toBe('too_long');
  });
});

describe('series rules', () => {
  const weekly: SeriesRule = { start: '2026-12-06T19:30:00.000', repeat: rule({ freq: 'weekly', interval: 2, until: '2027-02-28' }), event_type_id: 1 };
  const monthly: SeriesRule = { start: '2026-01-21T20:00:00.000', repeat: rule({ freq: 'monthly', nth: 3, count: 6 }), event_type_id: null };

  it('writes the RRULE with the weekday of the start and a COUNT', () => {
    expect(rruleOf(weekly, 7)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;COUNT=7');
    expect(rruleOf({ ...weekly, repeat: rule({ freq: 'weekly', count: 4 }) }, 4)).toBe('FREQ=WEEKLY;BYDAY=SU;COUNT=4');
    expect(rruleOf(monthly, 6)).toBe('FREQ=MONTHLY;BYDAY=3WE;COUNT=6');
    expect(rruleOf({ ...monthly, repeat: rule({ freq: 'monthly', nth: -1, count: 2 }) }, 2)).toBe('FREQ=MONTHLY;BYDAY=-1WE;COUNT=2');
  });

  it('cuts a series into a head with the first k occurrences', () => {
    const head = headRule(weekly, 3);
    expect(head.repeat).toEqual({ freq: 'weekly', interval: 2, count: 3 });
    expect(seriesOccurrences(head, SAO_PAULO).map((occurrence) => occurrence.day)).toEqual(['2026-12-06', '2026-12-20', '2027-01-03']);
  });

  it('derives a tail rule whose first occurrence is its start', () => {
    // A weekly tail moved from Sunday 19:30 to Monday 20:00 keeps its interval; the weekday follows.
    const weeklyTail = tailRule(weekly, '2027-01-04T20:00:00.000', 3, 2);
    expect(weeklyTail).toEqual({ start: '2027-01-04T20:00:00.000', repeat: { freq: 'weekly', interval: 2, count: 3 }, event_type_id: 2 });
    expect(seriesOccurrences(weeklyTail, SAO_PAULO).map((occurrence) => occurrence.local)).toEqual([
      '2027-01-04T20:00:00.000',
      '2027-01-18T20:00:00.000',
      '2027-02-01T20:00:00.000',
    ]);
    // A "3rd Wednesday" moved a day later: 19 March 2026 is the 3rd Thursday.
    expect(tailRule(monthly, '2026-03-19T20:00:00.000', 4, null).repeat).toEqual({ freq: 'monthly', nth: 3, count: 4 });
    // 29 January 2026 is the 5th (and last) Thursday: written as "last".
    expect(tailRule(monthly, '2026-01-29T20:00:00.000', 4, null).repeat).toEqual({ freq: 'monthly', nth: -1, count: 4 });
    // "Last Sunday" moved to a time on the same day stays "last", even in a month with five Sundays.
    const lastSunday: SeriesRule = { start: '2026-05-31T09:00:00.000', repeat: rule({ freq: 'monthly', nth: -1, count: 3 }), event_type_id: null };
    expect(tailRule(lastSunday, '2026-06-28T10:00:00.000', 2, null).repeat).toEqual({ freq: 'monthly', nth: -1, count: 2 });
  });
});
