import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { enqueueMessage } from '../outbox/outboxQueries.ts';

/**
 * Queues the notice to the leader who made the allocation that the member cannot serve (docs/product.md §7), in the
 * transaction that records the decline. Each decline is its own cause: declining, confirming and declining again
 * tells the leader twice. An allocation nobody is known to have made tells nobody.
 */
export async function queueDeclineNotice(trx: Transaction<DB>, allocationId: number, reason: string | null, now: Date): Promise<void> {
  const row = await trx.selectFrom('allocations').select('allocated_by').where('id', '=', allocationId).executeTakeFirst();
  if (!row || row.allocated_by === null) return;
  await enqueueMessage(trx, {
    kind: 'declined',
    key: `declined:${allocationId}:${now.toISOString()}`,
    recipientId: row.allocated_by,
    payload: { allocation_id: allocationId, reason },
    now,
  });
}
