import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_EVENT_HOURS, type Event } from '../../shared/schemas/events.ts';
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

/**
 * What the escalas need of an event: when it starts and ends (null: start + 2 h), its church (null: the network)
 * and that church's own zone (null: the network's — docs/product.md §12).
 */
export interface EventSlot {
  id: number;
  datetime: Instant;
  ends_at: Instant | null;
  church_id: number | null;
  church_timezone: string | null;
}

const SLOT_COLUMNS = ['events.id', 'events.datetime', 'events.ends_at', 'events.church_id', 'churches.timezone as church_timezone'] as const;

/** The event people are being allocated to, or undefined when there is none. */
export async function findEventStart(db: Kysely<DB> | Transaction<DB>, id: number): Promise<EventSlot | undefined> {
  return db.selectFrom('events').leftJoin('churches', 'churches.id', 'events.church_id').select(SLOT_COLUMNS).where('events.id', '=', id).executeTakeFirst();
}

const HOUR_MS = 60 * 60 * 1000;

/** When an event ends, in epoch ms: its own end, or DEFAULT_EVENT_HOURS after it starts. */
export function endMsOf(event: { datetime: Instant; ends_at: Instant | null }): number {
  return event.ends_at === null ? Date.parse(event.datetime) + DEFAULT_EVENT_HOURS * HOUR_MS : Date.parse(event.ends_at);
}

/** `findEventStart` for several events at once, by id. */
export async function findEventSlots(db: Kysely<DB> | Transaction<DB>, ids: readonly number[]): Promise<Map<number, EventSlot>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('events').leftJoin('churches', 'churches.id', 'events.church_id').select(SLOT_COLUMNS).where('events.id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
