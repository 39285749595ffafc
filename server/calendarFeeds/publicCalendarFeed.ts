import ical, { type ICalCalendar } from 'ical-generator';
import type { Kysely } from 'kysely';
import { addDays, dayjs, dayKeyOf, startOfDayUtc } from '../../shared/dayKey.ts';
import type { DB, Instant } from '../db/schema.ts';
import type { Occurrence } from '../recurrence/expandRepeat.ts';
import { rruleOf, seriesOccurrences } from '../recurrence/seriesRule.ts';
import { loadPublicCalendar, type FeedEvent, type PublicCalendarData } from './publicCalendarQueries.ts';
import { vtimezone } from './vtimezone.ts';

/** Past days the feed keeps, so a subscribed calendar does not drop last Sunday's service the next morning. */
export const FEED_PAST_DAYS = 30;
/** How long an event is shown in calendar apps (events carry only a start), as in the personal feed. */
const EVENT_DURATION_MINUTES = 120;
const UNTYPED_SUMMARY = 'Evento';

/** The first instant the feed shows: the start of the day `FEED_PAST_DAYS` before today in the network timezone. */
export function feedStart(now: Date, timeZone: string): Instant {
  return startOfDayUtc(addDays(dayKeyOf(now, timeZone), -FEED_PAST_DAYS), timeZone);
}

const compactLocal = (instant: Instant, timeZone: string) => dayjs(instant).tz(timeZone).format('YYYYMMDDTHHmmss');

interface VEventInput {
  uid: string;
  datetime: Instant;
  timeZone: string;
  summary: string;
  now: Date;
  repeating?: string;
  recurrenceId?: Instant;
}

function addVEvent(calendar: ICalCalendar, input: VEventInput): void {
  const start = dayjs(input.datetime).tz(input.timeZone);
  calendar.createEvent({
    id: input.uid,
    start,
    end: start.add(EVENT_DURATION_MINUTES, 'minute'),
    timezone: input.timeZone,
    summary: input.summary,
    stamp: input.now,
    ...(input.repeating ? { repeating: input.repeating } : {}),
    ...(input.recurrenceId ? { recurrenceId: dayjs(input.recurrenceId).tz(input.timeZone) } : {}),
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
 * Times are written as wall-clock times with TZID, and a VTIMEZONE is included for each zone used.
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
    addVEvent(calendar, { uid: `event-${event.id}@koinonia`, datetime: event.datetime, timeZone: zone, summary: event.type_name ?? UNTYPED_SUMMARY, now });
  };

  for (const event of data.events) single(event, timeZone);

  for (const series of data.series) {
    const zone = series.timeZone;
    const occurrences = seriesOccurrences(series.rule, zone);
    const bySlot = new Map(series.events.map((event) => [event.series_slot, event]));
    const first = occurrences[0];
    if (!first) {
      for (const event of series.events) single(event, zone);
      continue;
    }
    const removed: Occurrence[] = [];
    const overrides: Array<{ occurrence: Occurrence; event: FeedEvent }> = [];
    for (const occurrence of occurrences) {
      const event = bySlot.get(occurrence.instant);
      if (!event) removed.push(occurrence);
      else if (event.datetime !== occurrence.instant || event.event_type_id !== series.rule.event_type_id) overrides.push({ occurrence, event });
    }
    const uid = `series-${series.id}@koinonia`;
    seen(first.instant, zone);
    seen(occurrences[occurrences.length - 1]!.instant, zone);
    addVEvent(calendar, {
      uid,
      datetime: first.instant,
      timeZone: zone,
      summary: summaryOf(series.rule.event_type_id),
      now,
      repeating: [
        `RRULE:${rruleOf(series.rule, occurrences.length)}`,
        ...removed.map((occurrence) => `EXDATE;TZID=${zone}:${compactLocal(occurrence.instant, zone)}`),
      ].join('\n'),
    });
    for (const { occurrence, event } of overrides) {
      seen(event.datetime, zone);
      addVEvent(calendar, { uid, datetime: event.datetime, timeZone: zone, summary: event.type_name ?? UNTYPED_SUMMARY, now, recurrenceId: occurrence.instant });
    }
    // A row whose slot the rule no longer gives (never expected) is still published, on its own.
    const slots = new Set(occurrences.map((occurrence) => occurrence.instant));
    for (const event of series.events) if (event.series_slot === null || !slots.has(event.series_slot)) single(event, zone);
  }

  return calendar.toString();
}

export async function publicCalendarFeed(db: Kysely<DB>, options: { portalName: string; timeZone: string; now: Date }): Promise<string> {
  return renderPublicCalendar(await loadPublicCalendar(db, feedStart(options.now, options.timeZone)), options);
}
