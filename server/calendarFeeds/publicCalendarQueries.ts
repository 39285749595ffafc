import type { Kysely } from 'kysely';
import type { DB, Instant } from '../db/schema.ts';
import { parseSeriesRule, type SeriesRule } from '../recurrence/seriesRule.ts';

export interface FeedEvent {
  id: number;
  datetime: Instant;
  type_name: string | null;
  event_type_id: number | null;
  series_id: number | null;
  series_slot: Instant | null;
  /** Null: two hours after the start. */
  ends_at: Instant | null;
  sequence: number;
  /** Its church's own zone; null: the network's (docs/product.md §12). */
  church_timezone: string | null;
}

export interface FeedSeries {
  id: number;
  rule: SeriesRule;
  timeZone: string;
  sequence: number;
  events: FeedEvent[];
}

export interface PublicCalendarData {
  events: FeedEvent[];
  series: FeedSeries[];
  typeNames: Map<number, string>;
}

function selectFeedEvents(db: Kysely<DB>) {
  return db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'events.id',
      'events.datetime',
      'event_types.name as type_name',
      'events.event_type_id',
      'events.series_id',
      'events.series_slot',
      'events.ends_at',
      'events.sequence',
      'churches.timezone as church_timezone',
    ])
    .orderBy('events.datetime')
    .orderBy('events.id');
}

/**
 * What the public feed shows: events on their own from `since` on, and every series with an occurrence from
 * `since` on — whole, since its RRULE starts at its first occurrence and every removed date must be excluded.
 */
export async function loadPublicCalendar(db: Kysely<DB>, since: Instant): Promise<PublicCalendarData> {
  const events = await selectFeedEvents(db).where('events.series_id', 'is', null).where('events.datetime', '>=', since).execute();
  const active = await db
    .selectFrom('events')
    .select('series_id')
    .distinct()
    .where('series_id', 'is not', null)
    .where('datetime', '>=', since)
    .execute();
  const seriesIds = active.map((row) => row.series_id!);
  const series: FeedSeries[] = [];
  if (seriesIds.length > 0) {
    const rows = await db.selectFrom('series').select(['id', 'rule', 'time_zone', 'sequence']).where('id', 'in', seriesIds).orderBy('id').execute();
    const members = await selectFeedEvents(db).where('events.series_id', 'in', seriesIds).execute();
    for (const row of rows) {
      series.push({
        id: row.id,
        rule: parseSeriesRule(row.rule),
        timeZone: row.time_zone,
        sequence: row.sequence,
        events: members.filter((event) => event.series_id === row.id),
      });
    }
  }
  const types = await db.selectFrom('event_types').select(['id', 'name']).execute();
  return { events, series, typeNames: new Map(types.map((type) => [type.id, type.name])) };
}
