import type { Kysely } from 'kysely';
import type { CoverRequest } from '../../shared/schemas/coverRequests.ts';
import type { DB } from '../db/schema.ts';
import { findCoverPlace, isCoverable, placeRefusals, type PlaceRuleSettings } from '../escalas/public.ts';
import { enqueueMessages } from '../outbox/outboxQueries.ts';
import { insertCoverRequest } from './coverRequestQueries.ts';
import { AllocationNotFound, CoverAlreadyOpen, EventStarted, NotCoverable, NotYourAllocation } from './errors.ts';

export interface CoverContext extends PlaceRuleSettings {
  db: Kysely<DB>;
  now: Date;
}

/**
 * The allocated member asks for someone to take their place (docs/product.md §10): an open request, and in the same
 * transaction an e-mail to every person the rules of §9 let take that one place (their link opens the portal's
 * list, where they accept). The member stays allocated until someone does.
 */
export async function requestCover(ctx: CoverContext, userId: number, allocationId: number, note: string | null): Promise<CoverRequest> {
  return ctx.db.transaction().execute(async (trx) => {
    const place = await findCoverPlace(trx, allocationId);
    if (!place) throw new AllocationNotFound();
    if (place.memberId !== userId) throw new NotYourAllocation();
    if (Date.parse(place.event.datetime) <= ctx.now.getTime()) throw new EventStarted();
    if (!isCoverable(place, ctx.now)) throw new NotCoverable();
    const request = await insertCoverRequest(trx, { allocation_id: allocationId, requester_id: userId, note, created_at: ctx.now.toISOString() });
    if (!request) throw new CoverAlreadyOpen();
    const refusals = await placeRefusals(trx, place, ctx);
    const eligible = [...refusals].filter(([id, refusal]) => refusal === null && id !== userId).map(([id]) => id);
    await enqueueMessages(
      trx,
      eligible.map((recipientId) => ({
        kind: 'cover_requested' as const,
        key: `cover_requested:${request.id}:${recipientId}`,
        recipientId,
        payload: { cover_request_id: request.id },
        now: ctx.now,
      })),
    );
    return { id: request.id, allocation_id: request.allocation_id, status: request.status, note: request.note, created_at: request.created_at };
  });
}
