import type { Transaction } from 'kysely';
import type { TeamMembership } from '../../shared/schemas/network.ts';
import type { DB } from '../db/schema.ts';
import { addTeamMembers } from './addTeamMembers.ts';
import { listTeamMembers } from './teamQueries.ts';

export interface AddedToTeam {
  /** False when the person was on the team already (their positions were added to). */
  joined: boolean;
  membership: TeamMembership;
}

/**
 * Puts one person on a team with `positions` added to the ones they have (docs/product.md §13: an invitation link,
 * an e-mail invitation, an approved join request): addTeamMembers for one, audited the same way in the caller's
 * transaction, and the membership as it is now. The positions must be the department's (the caller checked them).
 */
export async function addToTeam(
  trx: Transaction<DB>,
  team: { churchId: number; departmentId: number; userId: number },
  input: { positions: readonly number[]; actorId: number | null },
  now: Date,
): Promise<AddedToTeam> {
  const [outcome] = await addTeamMembers(trx, [{ ...team, positionIds: input.positions }], input.actorId, now);
  const membership = (await listTeamMembers(trx, team.churchId, team.departmentId, team.userId))[0]!;
  return { joined: outcome === 'added', membership };
}
