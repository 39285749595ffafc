import type { Kysely, Transaction } from 'kysely';
import type { Event } from '../../shared/schemas/events.ts';
import type { DB, Instant } from '../db/schema.ts';

export interface EventRow {
  id: number;
  datetime: Instant;
  type_name: string | null;
}

export function toEvent(row: EventRow): Event {
  return { id: row.id, datetime: row.datetime, event_types: row.type_name === null ? null : { name: row.type_name } };
}

export function selectEvents(db: Kysely<DB>) {
  return db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select(['events.id', 'events.datetime', 'event_types.name as type_name']);
}

/** Events starting in [start, end), ordered by datetime then id. */
export async function listEventsBetween(db: Kysely<DB>, start: Instant, end: Instant): Promise<Event[]> {
  const rows = await selectEvents(db)
    .where('events.datetime', '>=', start)
    .where('events.datetime', '<', end)
    .orderBy('events.datetime')
    .orderBy('events.id')
    .execute();
  return rows.map(toEvent);
}

export async function findEvent(db: Kysely<DB>, id: number): Promise<Event | undefined> {
  const row = await selectEvents(db).where('events.id', '=', id).executeTakeFirst();
  return row && toEvent(row);
}

/**
 * Every event in order, a page at a time (keyset on datetime, id), so a network with years of events is sent
 * without holding them all in memory or a database connection while the client reads.
 */
export async function* allEventsInPages(db: Kysely<DB>, pageSize = 2000): AsyncGenerator<Event[]> {
  let after: { datetime: Instant; id: number } | undefined;
  for (;;) {
    let query = selectEvents(db);
    if (after) {
      const { datetime, id } = after;
      // A row-value comparison, not `datetime > ? or (datetime = ? and id > ?)`: both databases seek the
      // (datetime, id) index with it, where the `or` form made SQLite scan the index from the start and
      // PostgreSQL sort everything after the key — for every page, so the whole list cost grew as n².
      query = query.where((eb) => eb(eb.refTuple('events.datetime', 'events.id'), '>', eb.tuple(datetime, id)));
    }
    const rows = await query.orderBy('events.datetime').orderBy('events.id').limit(pageSize).execute();
    if (rows.length === 0) return;
    yield rows.map(toEvent);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { datetime: last.datetime, id: last.id };
  }
}

/** Whether the event type an event names exists (read here so the commands need nothing of eventTypes/). */
export async function eventTypeExists(db: Kysely<DB> | Transaction<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('event_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
