import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';

/**
 * Takes the events' rows for the rest of the transaction (PostgreSQL; SQLite runs one write transaction at a time):
 * sign-ups for the same event wait here in turn, in id order. FOR NO KEY UPDATE leaves other allocations' foreign-key
 * checks free, as lockMembers does for users.
 */
export async function lockEvents(trx: Transaction<DB>, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0 || dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('events').select('id').where('id', 'in', [...eventIds]).orderBy('id').forNoKeyUpdate().execute();
}

/**
 * Places still open per need of these events, keyed `event:department:position` (position empty for none):
 * needed − pending − confirmed (docs/product.md §9); a need with nothing left reads 0 or less.
 */
export async function placesLeft(trx: Transaction<DB>, eventIds: readonly number[]): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (eventIds.length === 0) return left;
  const [needs, taken] = await Promise.all([
    trx.selectFrom('event_needs').select(['event_id', 'department_id', 'position_id', 'count']).where('event_id', 'in', [...eventIds]).execute(),
    trx
      .selectFrom('allocations')
      .select(['event_id', 'department_id', 'position_id', sql<number>`count(*)`.as('n')])
      .where('event_id', 'in', [...eventIds])
      .where('status', 'in', ['pending', 'confirmed'])
      .groupBy(['event_id', 'department_id', 'position_id'])
      .execute(),
  ]);
  const key = (row: { event_id: number; department_id: number; position_id: number | null }) => `${row.event_id}:${row.department_id}:${row.position_id ?? ''}`;
  for (const need of needs) left.set(key(need), need.count);
  for (const row of taken) if (left.has(key(row))) left.set(key(row), left.get(key(row))! - Number(row.n));
  return left;
}
