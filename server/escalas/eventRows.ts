import type { Kysely, Transaction } from 'kysely';
import type { Event } from '../../shared/schemas/events.ts';
import type { DB, Instant } from '../db/schema.ts';

/** An events row joined to its type's name, as the escalas queries select it. */
export interface EventRow {
  id: number;
  datetime: Instant;
  type_name: string | null;
}

export function toEvent(row: EventRow): Event {
  return { id: row.id, datetime: row.datetime, event_types: row.type_name === null ? null : { name: row.type_name } };
}

/** The event people are being allocated to, or undefined when there is none. */
export async function findEventStart(db: Kysely<DB> | Transaction<DB>, id: number): Promise<{ id: number; datetime: Instant } | undefined> {
  return db.selectFrom('events').select(['id', 'datetime']).where('id', '=', id).executeTakeFirst();
}
