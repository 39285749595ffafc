import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';
import { findCoverPlace, isCoverable, placeRefusals, type CoverPlace, type PlaceRuleSettings } from './coverPlaces.ts';
import { PlaceAlreadyCovered, PlaceNotCoverable, PlaceRefused } from './errors.ts';
import { lockMembers } from './memberQueries.ts';
import { newResponseToken } from './responseTokens.ts';

export interface CoverTaking extends PlaceRuleSettings {
  /** The allocation whose place is taken. */
  allocationId: number;
  /** Who takes it. */
  memberId: number;
  now: Date;
}

/**
 * Someone takes the place of an allocation (docs/product.md §10), in one transaction: the rules of §9 for that one
 * place are checked for them (a refusal is `PlaceRefused` with the rule's code), they get a `confirmed` allocation
 * of source `cover` (nobody allocated it), and the original becomes `covered` — by a conditional update, so of
 * takers at once exactly one wins and the others are `PlaceAlreadyCovered` (on PostgreSQL they wait on the row and
 * find it covered; SQLite runs write transactions one at a time). `alongside` writes the caller's part (the cover
 * request, its audit entry and messages) in the same transaction. Returns the new allocation's id.
 */
export async function takeCoverPlace(
  db: Kysely<DB>,
  taking: CoverTaking,
  alongside: (trx: Transaction<DB>, taken: { allocationId: number; place: CoverPlace }) => Promise<void>,
): Promise<number> {
  const { allocationId, memberId, now } = taking;
  try {
    return await db.transaction().execute(async (trx) => {
      await lockMembers(trx, [memberId]);
      const place = await findCoverPlace(trx, allocationId);
      if (place?.status === 'covered') throw new PlaceAlreadyCovered();
      if (!place || !isCoverable(place, now)) throw new PlaceNotCoverable();
      const refusal = (await placeRefusals(trx, place, taking, [memberId])).get(memberId);
      if (refusal) throw new PlaceRefused(refusal.code, refusal.message);
      const covered = await trx
        .updateTable('allocations')
        .set({ status: 'covered' })
        .where('id', '=', allocationId)
        .where('status', 'in', ['pending', 'confirmed'])
        .executeTakeFirst();
      if (Number(covered.numUpdatedRows) === 0) throw new PlaceAlreadyCovered();
      const at = now.toISOString();
      const { id } = await trx
        .insertInto('allocations')
        .values({
          event_id: place.event.id,
          department_id: place.department.id,
          member_id: memberId,
          allocated_by: null,
          created_at: at,
          status: 'confirmed',
          responded_at: at,
          // An answer token like every allocation's: the member may still say they cannot, from a later e-mail.
          response_token_hash: newResponseToken().hash,
          position_id: place.position?.id ?? null,
          source: 'cover',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await alongside(trx, { allocationId: id, place });
      return id;
    });
  } catch (error) {
    // They were placed at the event meanwhile (the unique place per person and event).
    if (isUniqueViolation(error)) throw new PlaceRefused('already_at_event', 'Você já está escalado(a) neste evento.');
    throw error;
  }
}
