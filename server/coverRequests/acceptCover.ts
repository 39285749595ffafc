import { recordAudit } from '../audit/public.ts';
import { PlaceAlreadyCovered, PlaceNotCoverable, takeCoverPlace } from '../escalas/public.ts';
import { enqueueMessages } from '../outbox/outboxQueries.ts';
import { closeCoverRequest, findCoverRequest, teamLeadersOf } from './coverRequestQueries.ts';
import { AlreadyCovered, CoverClosed, CoverRequestNotFound } from './errors.ts';
import type { CoverContext } from './requestCover.ts';

/**
 * Someone takes an open request's place (docs/product.md §10): escalas checks the rules for them and gives them the
 * place (`confirmed`, source `cover`) while the original becomes `covered`; in that transaction the request is
 * closed as taken, the audit log records it (§11), and the requester and the team's leaders are told. Of many
 * takers at once exactly one wins; the others get `AlreadyCovered`. Returns the new allocation's id.
 */
export async function acceptCover(ctx: CoverContext, userId: number, requestId: number): Promise<number> {
  const request = await findCoverRequest(ctx.db, requestId);
  if (!request) throw new CoverRequestNotFound();
  if (request.status === 'taken') throw new AlreadyCovered();
  if (request.status !== 'open') throw new CoverClosed();
  const at = ctx.now.toISOString();
  try {
    return await takeCoverPlace(ctx.db, { allocationId: request.allocation_id, memberId: userId, now: ctx.now, timeZone: ctx.timeZone, bufferMinutes: ctx.bufferMinutes }, async (trx, taken) => {
      if (!(await closeCoverRequest(trx, request.id, 'taken', ctx.now, taken.allocationId))) {
        const current = await findCoverRequest(trx, request.id);
        throw current?.status === 'taken' ? new AlreadyCovered() : new CoverClosed();
      }
      const { place } = taken;
      await recordAudit(trx, {
        actorId: userId,
        action: 'cover_taken',
        subjectId: request.requester_id,
        details: {
          cover_request_id: request.id,
          allocation_id: taken.allocationId,
          covered_allocation_id: request.allocation_id,
          event_id: place.event.id,
          event_at: place.event.datetime,
          department_id: place.department.id,
          position_id: place.position?.id ?? null,
        },
        at,
      });
      const leaders = await teamLeadersOf(trx, { churchId: place.event.church_id, departmentId: place.department.id, allocatedBy: place.allocatedBy });
      const told = [...new Set([request.requester_id, ...leaders])].filter((id) => id !== userId);
      await enqueueMessages(
        trx,
        told.map((recipientId) => ({ kind: 'cover_taken' as const, key: `cover_taken:${request.id}:${recipientId}`, recipientId, payload: { cover_request_id: request.id }, now: ctx.now })),
      );
    });
  } catch (error) {
    if (error instanceof PlaceAlreadyCovered) throw new AlreadyCovered();
    if (error instanceof PlaceNotCoverable) throw new CoverClosed();
    throw error;
  }
}
