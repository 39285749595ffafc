import { z } from 'zod';
import { weekdayOf } from '../../shared/dayKey.ts';
import { repeatRuleSchema, type RepeatRule } from '../../shared/schemas/eventManagement.ts';
import { expandRepeat, isLastWeekdayOfMonth, weekdayOrdinal, type Occurrence } from './expandRepeat.ts';
import { dayOfLocal, type LocalDateTime } from './localDateTime.ts';

/**
 * What `series.rule` holds (JSON): the repeat rule, the wall-clock date-time of its first occurrence, and the
 * event type the series has (an occurrence edited on its own may differ; the feed then publishes an override).
 */
export interface SeriesRule {
  start: LocalDateTime;
  repeat: RepeatRule;
  event_type_id: number | null;
}

const seriesRuleSchema = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
  repeat: repeatRuleSchema,
  event_type_id: z.number().int().nullable(),
});

export function serializeSeriesRule(rule: SeriesRule): string {
  return JSON.stringify(rule);
}

export function parseSeriesRule(text: string): SeriesRule {
  return seriesRuleSchema.parse(JSON.parse(text));
}

/** Every occurrence a stored series' rule gives, deleted or moved ones included. */
export function seriesOccurrences(rule: SeriesRule, timeZone: string): Occurrence[] {
  return expandRepeat(rule.start, rule.repeat, timeZone, Number.POSITIVE_INFINITY);
}

const ICAL_WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The RFC 5545 RRULE value of a series with `occurrenceCount` occurrences. The end is always written as COUNT
 * (an UNTIL beside a TZID'd DTSTART would have to be converted to UTC; a count says the same thing exactly).
 */
export function rruleOf(rule: SeriesRule, occurrenceCount: number): string {
  const weekday = ICAL_WEEKDAYS[weekdayOf(dayOfLocal(rule.start))]!;
  const { repeat } = rule;
  const parts =
    repeat.freq === 'weekly'
      ? ['FREQ=WEEKLY', ...(repeat.interval > 1 ? [`INTERVAL=${repeat.interval}`] : []), `BYDAY=${weekday}`]
      : ['FREQ=MONTHLY', `BYDAY=${repeat.nth}${weekday}`];
  return [...parts, `COUNT=${occurrenceCount}`].join(';');
}

/** The first `count` occurrences of a rule: what stays of a series cut before its occurrence number `count`. */
export function headRule(rule: SeriesRule, count: number): SeriesRule {
  const { until: _until, count: _count, ...repeat } = rule.repeat;
  return { ...rule, repeat: { ...repeat, count } };
}

/**
 * The rule of a series' tail that starts at `start` with `count` occurrences. Weekly keeps its interval (the
 * weekday follows `start`); monthly takes the weekday and position of `start` ("3rd", or "last" when the old rule
 * said last and `start` is one, or when `start` is a 5th), so that `start` is always the first occurrence.
 */
export function tailRule(rule: SeriesRule, start: LocalDateTime, count: number, eventTypeId: number | null): SeriesRule {
  const { until: _until, count: _count, ...repeat } = rule.repeat;
  if (repeat.freq === 'weekly') return { start, repeat: { ...repeat, count }, event_type_id: eventTypeId };
  const day = dayOfLocal(start);
  const ordinal = weekdayOrdinal(day);
  const nth = ordinal === 5 || (repeat.nth === -1 && isLastWeekdayOfMonth(day)) ? -1 : (ordinal as 1 | 2 | 3 | 4);
  return { start, repeat: { ...repeat, nth, count }, event_type_id: eventTypeId };
}
