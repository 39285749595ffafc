import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { findCoverPlace } from '../escalas/public.ts';
import { enqueueMessages } from '../outbox/outboxQueries.ts';
import { coverRequestsToEscalate, expireStartedCoverRequests, markEscalated, teamLeadersOf, withdrawOrphanedCoverRequests } from './coverRequestQueries.ts';

const HOUR_MS = 3_600_000;

export interface CoverSweep {
  expired: number;
  withdrawn: number;
  escalated: number;
}

/**
 * What time does to open cover requests (docs/product.md §10), on every outbox worker's scan: a request whose event
 * started expires; one whose place is no longer the requester's (declined, removed) is withdrawn; one still open
 * `escalateHours` before its event is escalated once to the team's leaders by e-mail. Once across instances: each
 * change is a conditional update (`where escalated_at is null`, `where status = 'open'`), and the escalation's
 * messages are queued in the transaction of the update that won.
 */
export async function closeDueCoverRequests(db: Kysely<DB>, options: { now: Date; escalateHours: number }): Promise<CoverSweep> {
  const { now } = options;
  const expired = await expireStartedCoverRequests(db, now);
  const withdrawn = await withdrawOrphanedCoverRequests(db, now);
  let escalated = 0;
  for (const request of await coverRequestsToEscalate(db, now, new Date(now.getTime() + options.escalateHours * HOUR_MS))) {
    const won = await db.transaction().execute(async (trx) => {
      if (!(await markEscalated(trx, request.id, now))) return false;
      const place = await findCoverPlace(trx, request.allocation_id);
      if (!place) return true;
      const leaders = await teamLeadersOf(trx, { churchId: place.event.church_id, departmentId: place.department.id, allocatedBy: place.allocatedBy });
      await enqueueMessages(
        trx,
        leaders
          .filter((id) => id !== request.requester_id)
          .map((recipientId) => ({ kind: 'cover_escalated' as const, key: `cover_escalated:${request.id}:${recipientId}`, recipientId, payload: { cover_request_id: request.id }, now })),
      );
      return true;
    });
    if (won) escalated += 1;
  }
  return { expired, withdrawn, escalated };
}
