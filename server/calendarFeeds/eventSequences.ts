import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Each event's revision (migration 014), for the SEQUENCE of the entries that show it. */
export async function eventSequences(db: Kysely<DB>, eventIds: readonly number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db.selectFrom('events').select(['id', 'sequence']).where('id', 'in', [...new Set(eventIds)]).execute();
  return new Map(rows.map((row) => [row.id, row.sequence]));
}
