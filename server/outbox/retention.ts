import type { Kysely } from 'kysely';
import type { DB, Instant, OutboxStatus } from '../db/schema.ts';

/** A message in one of these states is never written again: its payload is read only while it is queued. */
const FINISHED: OutboxStatus[] = ['sent', 'failed', 'opted_out', 'skipped'];

/**
 * Retention (docs/product.md §11): finished messages queued before `before` lose their personal fields — the
 * payload (a decline's reason, a cancelled service, the days of a reminder) becomes `{}`, and the mail server's
 * last error, which often quotes the address, goes. Kind, recipient, state, times and links to allocations stay
 * (what a member's export lists). Returns how many messages lost something.
 */
export async function erasePersonalFieldsOfFinishedMessagesBefore(db: Kysely<DB>, before: Instant): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ payload: '{}', last_error: null })
    .where('status', 'in', FINISHED)
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('payload', '<>', '{}'), eb('last_error', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
