import type { Transaction } from 'kysely';
import type { TeamMembership } from '../../shared/schemas/network.ts';
import { recordAudit } from '../audit/public.ts';
import type { DB } from '../db/schema.ts';
import { lockMemberships } from './lockMemberships.ts';
import { listTeamMembers, putTeamMember } from './teamQueries.ts';

export interface AddedToTeam {
  /** False when the person was on the team already (their positions were added to). */
  joined: boolean;
  membership: TeamMembership;
}

/**
 * Puts a person on a team with `positions` added to the ones they have (docs/product.md §13: an invitation link, an
 * e-mail invitation): a join, or more positions for a member; the leader flag is kept. The change is written to the
 * audit log in the caller's transaction, as the admin's PUT does (docs/product.md §11). The positions must be the
 * department's (the caller checked them).
 */
export async function addToTeam(
  trx: Transaction<DB>,
  team: { churchId: number; departmentId: number; userId: number },
  input: { positions: readonly number[]; actorId: number | null },
  now: Date,
): Promise<AddedToTeam> {
  await lockMemberships(trx, team.userId);
  const before = (await listTeamMembers(trx, team.churchId, team.departmentId, team.userId))[0];
  const positions = [...new Set([...(before?.positions.map((position) => position.id) ?? []), ...input.positions])];
  await putTeamMember(trx, team, { positions, leader: undefined }, now);
  const membership = (await listTeamMembers(trx, team.churchId, team.departmentId, team.userId))[0]!;
  const details = {
    church_id: team.churchId,
    department_id: team.departmentId,
    leader: membership.leader,
    position_ids: membership.positions.map((position) => position.id).sort((a, b) => a - b),
  };
  if (!before) {
    await recordAudit(trx, { actorId: input.actorId, action: 'team_member_added', subjectId: team.userId, details, at: now.toISOString() });
  } else {
    const was = before.positions.map((position) => position.id).sort((a, b) => a - b);
    if (was.join() !== details.position_ids.join()) {
      await recordAudit(trx, {
        actorId: input.actorId,
        action: 'team_member_changed',
        subjectId: team.userId,
        details: { ...details, was_leader: before.leader, was_position_ids: was },
        at: now.toISOString(),
      });
    }
  }
  return { joined: !before, membership };
}
