import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { closeCoverRequest, findCoverRequest } from './coverRequestQueries.ts';
import { AlreadyCovered, CoverClosed, CoverRequestNotFound, NotYourRequest } from './errors.ts';

/** The requester withdraws their open request (docs/product.md §10): it is `withdrawn`, and they keep their place. */
export async function withdrawCover(db: Kysely<DB>, userId: number, requestId: number, now: Date): Promise<void> {
  const request = await findCoverRequest(db, requestId);
  if (!request) throw new CoverRequestNotFound();
  if (request.requester_id !== userId) throw new NotYourRequest();
  if (await closeCoverRequest(db, requestId, 'withdrawn', now)) return;
  const current = await findCoverRequest(db, requestId);
  throw current?.status === 'taken' ? new AlreadyCovered() : new CoverClosed();
}
