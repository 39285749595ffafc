import { addDays, addMonths, firstDayOfMonth, lastDayOfMonth, weekdayOf, type DayKey } from '../../shared/dayKey.ts';
import { MAX_OCCURRENCES, MAX_SERIES_YEARS, type RepeatRule } from '../../shared/schemas/eventManagement.ts';
import type { Instant } from '../db/schema.ts';
import { dayOfLocal, instantOfLocal, timeOfLocal, type LocalDateTime } from './localDateTime.ts';

/** One date a repeat rule gives: its day and wall-clock time in the series' timezone, and the instant they name. */
export interface Occurrence {
  day: DayKey;
  local: LocalDateTime;
  instant: Instant;
}

/** The `nth` (1–4) or last (-1) given weekday (0 = Sunday) of the month of `anyDay`. */
export function nthWeekdayOfMonth(anyDay: DayKey, weekday: number, nth: number): DayKey {
  if (nth === -1) {
    const last = lastDayOfMonth(anyDay);
    return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = firstDayOfMonth(anyDay);
  return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + 7 * (nth - 1));
}

/** Which of its weekday a day is in its month: 1–5 (a 5th is always also the last). */
export function weekdayOrdinal(day: DayKey): number {
  return Math.ceil(Number(day.slice(8, 10)) / 7);
}

export function isLastWeekdayOfMonth(day: DayKey): boolean {
  return addDays(day, 7) > lastDayOfMonth(day);
}

/** The days a rule gives from `startDay` on, in order, stopping at `until`, `count` or `max`. */
function ruleDays(startDay: DayKey, rule: RepeatRule, max: number): DayKey[] {
  const limit = Math.min(rule.count ?? Number.POSITIVE_INFINITY, max);
  const days: DayKey[] = [];
  const fits = (day: DayKey) => rule.until === undefined || day <= rule.until;
  if (rule.freq === 'weekly') {
    for (let day = startDay; days.length < limit && fits(day); day = addDays(day, 7 * rule.interval)) days.push(day);
    return days;
  }
  const weekday = weekdayOf(startDay);
  for (let month = firstDayOfMonth(startDay); days.length < limit; month = addMonths(month, 1)) {
    const day = nthWeekdayOfMonth(month, weekday, rule.nth);
    if (day < startDay) continue;
    if (!fits(day)) break;
    days.push(day);
  }
  return days;
}

/**
 * Expands a repeat rule from a wall-clock start into its occurrences: weekly every `interval` weeks on the
 * start's weekday, or monthly on the nth / last such weekday, the first being the first fitting day on or after
 * the start's day. Every occurrence keeps the start's wall-clock time in `timeZone`, so a 19:30 service stays at
 * 19:30 across daylight-saving changes. At most `max` occurrences are produced (the rule may ask for more: see
 * `repeatLimitProblem`). Pure: no clock, no database.
 */
export function expandRepeat(start: LocalDateTime, rule: RepeatRule, timeZone: string, max = MAX_OCCURRENCES + 1): Occurrence[] {
  const time = timeOfLocal(start);
  return ruleDays(dayOfLocal(start), rule, max).map((day) => {
    const local = `${day}T${time}`;
    return { day, local, instant: instantOfLocal(local, timeZone) };
  });
}

export type RepeatLimitProblem = 'too_many' | 'too_long';

/**
 * Why a new series is refused: a `count` over 200 is `too_many`; otherwise occurrences spanning more than 2 years
 * from the first are `too_long` (and more than 200 of them, were a rule ever to allow it, `too_many`).
 * Undefined when fine. `occurrences` is what `expandRepeat` gave with its default cap.
 */
export function repeatLimitProblem(occurrences: Occurrence[], rule: RepeatRule): RepeatLimitProblem | undefined {
  const first = occurrences[0];
  const last = occurrences[occurrences.length - 1];
  if (rule.count !== undefined && rule.count > MAX_OCCURRENCES) return 'too_many';
  if (!first || !last) return undefined;
  if (last.day > addMonths(first.day, 12 * MAX_SERIES_YEARS)) return 'too_long';
  if (occurrences.length > MAX_OCCURRENCES) return 'too_many';
  return undefined;
}
