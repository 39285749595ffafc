import type { Kysely, Transaction } from 'kysely';
import type { TeamMembership } from '../../shared/schemas/network.ts';
import type { TeamJoinRequest } from '../../shared/schemas/joinRequests.ts';
import type { DB } from '../db/schema.ts';
import { enqueueMessage } from '../outbox/outboxQueries.ts';
import type { Decision } from '../policy/decision.ts';
import { addToTeam } from '../teams/public.ts';
import { AlreadyDecided, JoinRequestNotFound, NotTheTeamsLeader, UnknownPosition } from './errors.ts';
import { decideJoinRequest, findJoinRequest, findRequestedTeam, teamJoinRequest, type JoinRequestRow } from './joinRequestQueries.ts';

/** Who decides, and whether the policy lets them decide for the request's team (server/policy/teamAdmission.ts). */
export interface Decider {
  userId: number;
  mayDecideFor(team: { churchId: number; departmentId: number }): Decision;
}

async function pendingRequestFor(db: Kysely<DB>, decider: Decider, id: number): Promise<JoinRequestRow> {
  const request = await findJoinRequest(db, id);
  if (!request) throw new JoinRequestNotFound();
  const decision = decider.mayDecideFor({ churchId: request.church_id, departmentId: request.department_id });
  if (!decision.allowed) throw new NotTheTeamsLeader(decision.reason);
  if (request.status !== 'pending') throw new AlreadyDecided(request.status);
  return request;
}

/** A second decision lost the race: it says what the first one was. */
async function decidedMeanwhile(db: Kysely<DB> | Transaction<DB>, id: number): Promise<never> {
  const current = await findJoinRequest(db, id);
  throw current && current.status !== 'pending' ? new AlreadyDecided(current.status) : new JoinRequestNotFound();
}

/**
 * A team's leader (or an admin) approves a pending request (docs/product.md §13): the member joins the team with the
 * positions the leader chose (added to any they hold, if they joined meanwhile) through server/teams, which writes
 * the audit entry (§11); the member is e-mailed. All in one transaction; of two decisions at once exactly one wins.
 */
export async function approveJoinRequest(db: Kysely<DB>, decider: Decider, id: number, positions: readonly number[], now: Date): Promise<TeamMembership> {
  const request = await pendingRequestFor(db, decider, id);
  return db.transaction().execute(async (trx) => {
    if ((await findRequestedTeam(trx, request.church_id, request.department_id, positions)).outside.length > 0) throw new UnknownPosition();
    if (!(await decideJoinRequest(trx, id, { status: 'approved', decidedBy: decider.userId, reason: null, now }))) await decidedMeanwhile(trx, id);
    const { membership } = await addToTeam(trx, { churchId: request.church_id, departmentId: request.department_id, userId: request.user_id }, { positions, actorId: decider.userId }, now);
    await enqueueMessage(trx, { kind: 'join_approved', key: `join_approved:${id}`, recipientId: request.user_id, payload: { join_request_id: id }, now });
    return membership;
  });
}

/** A team's leader (or an admin) declines a pending request, with an optional reason the member reads; the member is e-mailed. */
export async function declineJoinRequest(db: Kysely<DB>, decider: Decider, id: number, reason: string | null, now: Date): Promise<TeamJoinRequest> {
  const request = await pendingRequestFor(db, decider, id);
  await db.transaction().execute(async (trx) => {
    if (!(await decideJoinRequest(trx, id, { status: 'declined', decidedBy: decider.userId, reason, now }))) await decidedMeanwhile(trx, id);
    await enqueueMessage(trx, { kind: 'join_declined', key: `join_declined:${id}`, recipientId: request.user_id, payload: { join_request_id: id }, now });
  });
  return (await teamJoinRequest(db, id))!;
}
