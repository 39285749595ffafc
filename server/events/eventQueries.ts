import type { Kysely, Transaction } from 'kysely';
import type { DayKey } from '../../shared/dayKey.ts';
import { DEFAULT_EVENT_HOURS, type Event, type EventDetail } from '../../shared/schemas/events.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { dayWindowUtc, isOnDays } from '../../shared/zonedDays.ts';
import { zonesInUse } from '../churches/public.ts';
import type { DB, Instant } from '../db/schema.ts';

export interface EventRow {
  id: number;
  datetime: Instant;
  type_name: string | null;
}

export function toEvent(row: EventRow): Event {
  return { id: row.id, datetime: row.datetime, event_types: row.type_name === null ? null : { name: row.type_name } };
}

export interface EventDetailRow extends EventRow {
  church_id: number | null;
  title: string | null;
  description: string | null;
  location: string | null;
  ends_at: Instant | null;
  /** Its church's own zone; null: the network's (docs/product.md §12). */
  church_timezone: string | null;
}

/** When an event ends: its own end, or two hours after it starts. */
export function endOf(row: { datetime: Instant; ends_at: Instant | null }): Instant {
  return row.ends_at ?? new Date(Date.parse(row.datetime) + DEFAULT_EVENT_HOURS * 60 * 60 * 1000).toISOString();
}

/** The `?detail=full` form (docs/product.md §8, §12): the specification's keys first, then the details and the zone. */
export function toEventDetail(row: EventDetailRow, networkZone: string): EventDetail {
  return {
    ...toEvent(row),
    church_id: row.church_id,
    title: row.title,
    description: row.description,
    location: row.location,
    ends_at: endOf(row),
    timezone: eventTimeZone(row.church_timezone, networkZone),
  };
}

const DETAIL_COLUMNS = ['events.church_id', 'events.title', 'events.description', 'events.location', 'events.ends_at', 'churches.timezone as church_timezone'] as const;

export function selectEventDetails(db: Kysely<DB>) {
  return selectEvents(db).leftJoin('churches', 'churches.id', 'events.church_id').select(DETAIL_COLUMNS);
}

export function selectEvents(db: Kysely<DB>) {
  return db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select(['events.id', 'events.datetime', 'event_types.name as type_name']);
}

/**
 * The events of the days `from`–`to`, each by the day of its own zone (docs/adr/0006-an-event-belongs-to-its-own-zone-day.md),
 * ordered by datetime then id; with `detail`, in the `?detail=full` form. With one zone in use this is the range query
 * of ADR 0004 exactly; with several, the window any zone gives the days, then each event's own day decides.
 */
export async function listEventsOnDays(db: Kysely<DB>, from: DayKey, to: DayKey, networkZone: string, detail = false): Promise<Event[] | EventDetail[]> {
  const zones = await zonesInUse(db, networkZone);
  const { start, end } = dayWindowUtc(from, to, zones);
  if (detail || zones.length > 1) {
    const rows = await selectEventDetails(db).where('events.datetime', '>=', start).where('events.datetime', '<', end).orderBy('events.datetime').orderBy('events.id').execute();
    const own = zones.length > 1 ? rows.filter((row) => isOnDays(row.datetime, eventTimeZone(row.church_timezone, networkZone), from, to)) : rows;
    return detail ? own.map((row) => toEventDetail(row, networkZone)) : own.map(toEvent);
  }
  const rows = await selectEvents(db).where('events.datetime', '>=', start).where('events.datetime', '<', end).orderBy('events.datetime').orderBy('events.id').execute();
  return rows.map(toEvent);
}

/** Events starting in [start, end), ordered by datetime then id (the specification's keys). */
export async function listEventsBetween(db: Kysely<DB>, start: Instant, end: Instant): Promise<Event[]> {
  const rows = await selectEvents(db).where('events.datetime', '>=', start).where('events.datetime', '<', end).orderBy('events.datetime').orderBy('events.id').execute();
  return rows.map(toEvent);
}

export async function findEvent(db: Kysely<DB>, id: number, networkZone: string, detail = false): Promise<Event | EventDetail | undefined> {
  if (detail) {
    const row = await selectEventDetails(db).where('events.id', '=', id).executeTakeFirst();
    return row && toEventDetail(row, networkZone);
  }
  const row = await selectEvents(db).where('events.id', '=', id).executeTakeFirst();
  return row && toEvent(row);
}

/**
 * Every event in order, a page at a time (keyset on datetime, id), so a network with years of events is sent
 * without holding them all in memory or a database connection while the client reads.
 */
export async function* allEventsInPages(db: Kysely<DB>, networkZone: string, pageSize = 2000, detail = false): AsyncGenerator<Event[] | EventDetail[]> {
  let after: { datetime: Instant; id: number } | undefined;
  for (;;) {
    let query = selectEventDetails(db);
    if (after) {
      const { datetime, id } = after;
      // A row-value comparison, not `datetime > ? or (datetime = ? and id > ?)`: both databases seek the
      // (datetime, id) index with it, where the `or` form made SQLite scan the index from the start and
      // PostgreSQL sort everything after the key — for every page, so the whole list cost grew as n².
      query = query.where((eb) => eb(eb.refTuple('events.datetime', 'events.id'), '>', eb.tuple(datetime, id)));
    }
    const rows = await query.orderBy('events.datetime').orderBy('events.id').limit(pageSize).execute();
    if (rows.length === 0) return;
    yield detail ? rows.map((row) => toEventDetail(row, networkZone)) : rows.map(toEvent);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { datetime: last.datetime, id: last.id };
  }
}

/** Whether the event type an event names exists (read here so the commands need nothing of eventTypes/). */
export async function eventTypeExists(db: Kysely<DB> | Transaction<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('event_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether a church exists (read here so the commands need nothing of churches/). */
export async function churchExists(db: Kysely<DB> | Transaction<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('churches').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
