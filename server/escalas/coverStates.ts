import type { Kysely, Transaction } from 'kysely';
import type { CoverState } from '../../shared/schemas/escalas.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The latest cover request of each allocation (docs/product.md §10), for the allocation JSON's `cover`: an open one
 * if there is one (at most one is open), else the last one made.
 */
export async function coverStatesOf(db: Db, allocationIds: readonly number[]): Promise<Map<number, CoverState>> {
  const states = new Map<number, CoverState>();
  if (allocationIds.length === 0) return states;
  const rows = await db
    .selectFrom('cover_requests')
    .select(['id', 'allocation_id', 'status'])
    .where('allocation_id', 'in', [...new Set(allocationIds)])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    if (states.get(row.allocation_id)?.status === 'open') continue;
    states.set(row.allocation_id, { id: row.id, status: row.status });
  }
  return states;
}
