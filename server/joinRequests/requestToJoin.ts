import type { Kysely } from 'kysely';
import type { CreatedJoinRequest } from '../../shared/schemas/joinRequests.ts';
import type { DB } from '../db/schema.ts';
import { enqueueMessages } from '../outbox/outboxQueries.ts';
import { AlreadyMember, AlreadyRequested, UnknownChurch, UnknownDepartment, UnknownPosition } from './errors.ts';
import { findRequestedTeam, insertJoinRequest, isTeamMember, teamDeciders } from './joinRequestQueries.ts';

export interface JoinRequestInput {
  churchId: number;
  departmentId: number;
  positions: readonly number[];
  note: string | null;
}

/**
 * "Quero servir" (docs/product.md §13): a member asks to join a team with the positions they can fill. One pending
 * request per member and team; a member of the team has nothing to ask. In the same transaction the team's leaders
 * and the admins are e-mailed (the outbox, docs/adr/0003), each as their preferences allow.
 */
export async function requestToJoin(db: Kysely<DB>, userId: number, input: JoinRequestInput, now: Date): Promise<CreatedJoinRequest> {
  return db.transaction().execute(async (trx) => {
    const team = await findRequestedTeam(trx, input.churchId, input.departmentId, input.positions);
    if (!team.church) throw new UnknownChurch();
    if (!team.department) throw new UnknownDepartment();
    if (team.outside.length > 0) throw new UnknownPosition();
    if (await isTeamMember(trx, input.churchId, input.departmentId, userId)) throw new AlreadyMember();
    const request = await insertJoinRequest(
      trx,
      { user_id: userId, church_id: input.churchId, department_id: input.departmentId, note: input.note, created_at: now.toISOString() },
      input.positions,
    );
    if (!request) throw new AlreadyRequested();
    const deciders = (await teamDeciders(trx, input.churchId, input.departmentId)).filter((id) => id !== userId);
    await enqueueMessages(
      trx,
      deciders.map((recipientId) => ({
        kind: 'join_requested' as const,
        key: `join_requested:${request.id}:${recipientId}`,
        recipientId,
        payload: { join_request_id: request.id },
        now,
      })),
    );
    return { id: request.id, status: 'pending' as const };
  });
}
