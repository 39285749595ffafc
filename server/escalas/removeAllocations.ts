import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/public.ts';
import type { DB } from '../db/schema.ts';
import { allocationDetails } from './allocationAudit.ts';

/** Who removes allocations, and when: a leader's id, or null for the portal itself. */
export interface AllocationRemover {
  actorId: number | null;
  now: Date;
}

const REMOVED_FIELDS = ['id', 'event_id', 'department_id', 'position_id', 'source', 'member_id'] as const;

/**
 * Removes an allocation (`DELETE /api/allocations/{id}`) and writes who removed it from whom in the same
 * transaction (docs/product.md §11); false when there was no such allocation.
 */
export async function removeAllocation(db: Kysely<DB>, id: number, by: AllocationRemover): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('allocations').where('id', '=', id).returning([...REMOVED_FIELDS]).execute();
    await recordRemovals(trx, removed, by, {});
    return removed.length > 0;
  });
}

/** Removes every allocation of the events (they are being deleted), each with its audit entry, in `trx`. */
export async function removeAllocationsOfEvents(trx: Transaction<DB>, eventIds: readonly number[], by: AllocationRemover): Promise<void> {
  if (eventIds.length === 0) return;
  const removed = await trx.deleteFrom('allocations').where('event_id', 'in', eventIds).returning([...REMOVED_FIELDS]).execute();
  await recordRemovals(trx, removed, by, { cause: 'event_deleted' });
}

async function recordRemovals(
  trx: Transaction<DB>,
  removed: ReadonlyArray<Parameters<typeof allocationDetails>[0] & { member_id: number }>,
  by: AllocationRemover,
  extra: Record<string, string>,
): Promise<void> {
  await recordAudit(
    trx,
    removed.map((allocation) => ({
      actorId: by.actorId,
      action: 'allocation_removed' as const,
      subjectId: allocation.member_id,
      details: { ...allocationDetails(allocation), ...extra },
      at: by.now.toISOString(),
    })),
  );
}
