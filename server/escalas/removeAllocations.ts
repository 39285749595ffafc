import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../audit/public.ts';
import type { DB } from '../db/schema.ts';
import { allocationDetails } from './allocationAudit.ts';

/** Who removes allocations, and when: a leader's id, or null for the portal itself. */
export interface AllocationRemover {
  actorId: number | null;
  now: Date;
}

function selectRemovable(trx: Transaction<DB>) {
  return trx
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .select([
      'allocations.id',
      'allocations.event_id',
      'allocations.department_id',
      'allocations.position_id',
      'allocations.source',
      'allocations.member_id',
      'events.datetime as event_at',
    ]);
}

type Removable = Awaited<ReturnType<ReturnType<typeof selectRemovable>['execute']>>[number];

/**
 * Removes an allocation (`DELETE /api/allocations/{id}`) and writes who removed it from whom in the same
 * transaction (docs/product.md §11); false when there was no such allocation.
 */
export async function removeAllocation(db: Kysely<DB>, id: number, by: AllocationRemover): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await selectRemovable(trx).where('allocations.id', '=', id).execute();
    const result = await trx.deleteFrom('allocations').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await recordRemovals(trx, found, by, {});
    return true;
  });
}

/** Removes every allocation of the events (they are being deleted), each with its audit entry, in `trx`. */
export async function removeAllocationsOfEvents(trx: Transaction<DB>, eventIds: readonly number[], by: AllocationRemover): Promise<void> {
  if (eventIds.length === 0) return;
  const found = await selectRemovable(trx).where('allocations.event_id', 'in', eventIds).execute();
  await trx.deleteFrom('allocations').where('event_id', 'in', eventIds).execute();
  await recordRemovals(trx, found, by, { cause: 'event_deleted' });
}

async function recordRemovals(trx: Transaction<DB>, removed: readonly Removable[], by: AllocationRemover, extra: Record<string, string>): Promise<void> {
  await recordAudit(
    trx,
    removed.map((allocation) => ({
      actorId: by.actorId,
      action: 'allocation_removed' as const,
      subjectId: allocation.member_id,
      details: { ...allocationDetails(allocation, allocation.event_at), ...extra },
      at: by.now.toISOString(),
    })),
  );
}
