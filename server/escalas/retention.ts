import type { Kysely } from 'kysely';
import type { DB, Instant } from '../db/schema.ts';

/**
 * Retention (docs/product.md §11): the decline reasons of allocations whose event started before `before` are
 * erased; the answer (declined) and everything else of the allocation stay. Returns how many reasons went.
 */
export async function eraseDeclineReasonsBefore(db: Kysely<DB>, before: Instant): Promise<number> {
  const result = await db
    .updateTable('allocations')
    .set({ reason: null })
    .where('reason', 'is not', null)
    .where('event_id', 'in', db.selectFrom('events').select('events.id').where('events.datetime', '<', before))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
