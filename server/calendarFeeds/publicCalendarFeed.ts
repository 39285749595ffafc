import ical, { type ICalCalendar } from 'ical-generator';
import type { Kysely } from 'kysely';
import { addDays, dayjs, dayKeyOf, startOfDayUtc } from '../../shared/dayKey.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import type { DB, Instant } from '../db/schema.ts';
import type { Occurrence } from '../recurrence/expandRepeat.ts';
import { localOf, timeOfLocal, type LocalDateTime } from '../recurrence/localDateTime.ts';
import { rruleOf, seriesOccurrences } from '../recurrence/seriesRule.ts';
import { calendarInstantOf, readsBackAsWallClock } from './calendarWallClock.ts';
import { loadPublicCalendar, type FeedEvent, type PublicCalendarData } from './publicCalendarQueries.ts';
import { calendarText } from '../recurrence/calendarText.ts';
import { vtimezone } from './vtimezone.ts';

/** Past days the feed keeps, so a subscribed calendar does not drop last Sunday's service the next morning. */
export const FEED_PAST_DAYS = 30;
/** How long an event without an end of its own lasts (docs/product.md §8: start + 2 h). */
const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;
const UNTYPED_SUMMARY = 'Evento';

/** The first instant the feed shows: the start of the day `FEED_PAST_DAYS` before today in the network timezone. */
export function feedStart(now: Date, timeZone: string): Instant {
  return startOfDayUtc(addDays(dayKeyOf(now, timeZone), -FEED_PAST_DAYS), timeZone);
}

const durationOf = (event: FeedEvent | undefined): number =>
  event?.ends_at ? Date.parse(event.ends_at) - Date.parse(event.datetime) : DEFAULT_DURATION_MS;

/** Whether the clocks of `timeZone` skip this wall-clock time (the spring-forward gap). */
const skippedByTheClocks = (local: LocalDateTime, timeZone: string): boolean =>
  localOf(calendarInstantOf(local, timeZone), timeZone).slice(0, 19) !== local.slice(0, 19);

/** A wall-clock date-time as RFC 5545 writes it beside a TZID: `YYYYMMDDTHHmmss`. */
const compactLocal = (local: LocalDateTime) => local.slice(0, 19).replace(/[-:]/g, '');

interface VEventInput {
  uid: string;
  datetime: Instant;
  /** How long it lasts, in milliseconds: its own end, or two hours. */
  durationMs: number;
  /** Its revision (RFC 5545 SEQUENCE): one more on every change. */
  sequence: number;
  timeZone: string;
  summary: string;
  now: Date;
  repeating?: string;
  /** The instant a calendar app gives the occurrence this VEVENT replaces. */
  recurrenceId?: Instant;
}

/**
 * One VEVENT. Its times are wall-clock times with the TZID when that is read back as the same instant; the second
 * pass of a fall-back hour is not (a calendar app reads 01:30 as the first 01:30, RFC 5545 §3.3.5), so that
 * event is written in UTC — the instant the API and the events page show. A series' DTSTART always keeps its
 * TZID (its RRULE repeats a wall-clock time); where that misnames an occurrence, the occurrence gets an override.
 * (A RECURRENCE-ID from `calendarInstantOf` always reads back as itself.)
 */
function addVEvent(calendar: ICalCalendar, input: VEventInput): void {
  const { datetime, timeZone } = input;
  const inZone = input.repeating !== undefined || readsBackAsWallClock(datetime, timeZone);
  const at = (instant: Instant) => (inZone ? dayjs(instant).tz(timeZone) : dayjs.utc(instant));
  const start = at(datetime);
  calendar.createEvent({
    id: input.uid,
    start,
    end: start.add(input.durationMs, 'millisecond'),
    sequence: input.sequence,
    ...(inZone ? { timezone: timeZone } : {}),
    summary: input.summary,
    stamp: input.now,
    ...(input.repeating ? { repeating: input.repeating } : {}),
    ...(input.recurrenceId ? { recurrenceId: at(input.recurrenceId) } : {}),
  });
}

/**
 * The public calendar as RFC 5545 text.
 * - An event on its own is one VEVENT, UID `event-{id}@koinonia`.
 * - A series is one VEVENT, UID `series-{id}@koinonia`: DTSTART at its first occurrence in its TZID, the RRULE
 *   (always with COUNT), and an EXDATE for every occurrence the rule gives that has no row any more (deleted), so
 *   a calendar app never shows a cancelled date.
 * - An occurrence edited on its own (time or type differs from the rule's) is a VEVENT with the series' UID and a
 *   RECURRENCE-ID naming the occurrence it replaces.
 * Times are written as wall-clock times with the TZID of the event's zone — its church's, or the network's for a
 * whole-network event; a series, the zone it repeats in (docs/product.md §12) — and a VTIMEZONE is included for
 * each zone used; except an instant that wall-clock time would name wrongly (the second pass of a fall-back hour),
 * written in UTC.
 */
export function renderPublicCalendar(data: PublicCalendarData, options: { portalName: string; timeZone: string; now: Date }): string {
  const { now, timeZone } = options;
  const summaryOf = (typeId: number | null) => (typeId === null ? undefined : data.typeNames.get(typeId)) ?? UNTYPED_SUMMARY;
  const years: number[] = [];
  const seen = (instant: Instant, zone: string) => years.push(Number(dayjs(instant).tz(zone).format('YYYY')));

  const calendar = ical({
    name: options.portalName,
    prodId: { company: options.portalName, product: 'calendario', language: 'PT-BR' },
    ttl: 60 * 60,
    timezone: { name: null, generator: (zone) => vtimezone(zone, Math.min(...years), Math.max(...years)) },
  });
  calendar.x('X-WR-TIMEZONE', timeZone);

  const single = (event: FeedEvent, zone: string) => {
    seen(event.datetime, zone);
    addVEvent(calendar, {
      uid: `event-${event.id}@koinonia`,
      datetime: event.datetime,
      durationMs: durationOf(event),
      sequence: event.sequence,
      timeZone: zone,
      summary: event.type_name ?? UNTYPED_SUMMARY,
      now,
    });
  };

  for (const event of data.events) single(event, eventTimeZone(event.church_timezone, timeZone));

  for (const series of data.series) {
    const zone = series.timeZone;
    const occurrences = seriesOccurrences(series.rule, zone);
    const bySlot = new Map(series.events.map((event) => [event.series_slot, event]));
    const first = occurrences[0];
    if (!first) {
      for (const event of series.events) single(event, zone);
      continue;
    }
    // What a calendar app makes of the RRULE: every occurrence day at DTSTART's wall-clock time, read as RFC 5545
    // says. Where that is not the row's instant (moved, or the second pass of a fall-back hour), an override.
    const ruleTime = timeOfLocal(localOf(first.instant, zone));
    // The rule's occurrences last as long as its first row does (a row that lasts otherwise is an override).
    const ruleDuration = durationOf(bySlot.get(first.instant) ?? series.events[0]);
    const appLocal = (occurrence: Occurrence): LocalDateTime => `${occurrence.day}T${ruleTime}`;
    const removed: Occurrence[] = [];
    const overrides: Array<{ occurrence: Occurrence; event: FeedEvent }> = [];
    const onTheirOwn: FeedEvent[] = [];
    for (const occurrence of occurrences) {
      const event = bySlot.get(occurrence.instant);
      if (!event) removed.push(occurrence);
      else if (skippedByTheClocks(appLocal(occurrence), zone)) {
        // RFC 5545 §3.3.5 reads a wall-clock time the clocks skip with the offset before the gap, ical.js and others
        // with the one after: parsers place that occurrence an hour apart. It leaves the rule (an EXDATE, which each
        // parser matches to its own reading of the same text) and is published on its own, at its exact instant.
        removed.push(occurrence);
        onTheirOwn.push(event);
      } else if (
        Date.parse(event.datetime) !== Date.parse(calendarInstantOf(appLocal(occurrence), zone)) ||
        event.event_type_id !== series.rule.event_type_id ||
        durationOf(event) !== ruleDuration
      ) {
        overrides.push({ occurrence, event });
      }
    }
    const uid = `series-${series.id}@koinonia`;
    seen(first.instant, zone);
    seen(occurrences[occurrences.length - 1]!.instant, zone);
    addVEvent(calendar, {
      uid,
      datetime: first.instant,
      durationMs: ruleDuration,
      sequence: series.sequence,
      timeZone: zone,
      summary: summaryOf(series.rule.event_type_id),
      now,
      repeating: [
        `RRULE:${rruleOf(series.rule, occurrences.length)}`,
        ...removed.map((occurrence) => `EXDATE;TZID=${zone}:${compactLocal(appLocal(occurrence))}`),
      ].join('\n'),
    });
    for (const { occurrence, event } of overrides) {
      seen(event.datetime, zone);
      const recurrenceId = calendarInstantOf(appLocal(occurrence), zone);
      addVEvent(calendar, {
        uid,
        datetime: event.datetime,
        durationMs: durationOf(event),
        sequence: event.sequence,
        timeZone: zone,
        summary: event.type_name ?? UNTYPED_SUMMARY,
        now,
        recurrenceId,
      });
    }
    for (const event of onTheirOwn) single(event, zone);
    // A row whose slot the rule no longer gives (never expected) is still published, on its own.
    const slots = new Set(occurrences.map((occurrence) => occurrence.instant));
    for (const event of series.events) if (event.series_slot === null || !slots.has(event.series_slot)) single(event, zone);
  }

  return calendarText(calendar);
}

export async function publicCalendarFeed(db: Kysely<DB>, options: { portalName: string; timeZone: string; now: Date }): Promise<string> {
  return renderPublicCalendar(await loadPublicCalendar(db, feedStart(options.now, options.timeZone)), options);
}
