import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { putTeamMemberRequestSchema, type TeamMembership } from '../../shared/schemas/network.ts';
import { teamSettingsPatchSchema } from '../../shared/schemas/openPlaces.ts';
import { recordAudit } from '../audit/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { requireLeadership, requireScope } from '../http/requireLeadership.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin, requireUser } from '../http/requireUser.ts';
import { NotATeamMember, UnknownPosition } from './errors.ts';
import { lockMemberships } from './lockMemberships.ts';
import { deleteTeamMember, findTeamParts, listMyTeams, listTeamMembers, positionsOutside, putTeamMember } from './teamQueries.ts';
import { findTeamSettings, saveTeamSettings } from './teamSettingsQueries.ts';

/**
 * Teams (docs/product.md §8): a church + a department, its members, the positions each can fill, and its leaders. Admins
 * manage them; a team's leaders (and network-wide leaders) read their team; everyone reads their own teams.
 */
export function teamsRouter({ database, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  const teamPath = (params: Record<string, string | undefined>) => ({
    churchId: parseInput(idParamSchema, params.churchId),
    departmentId: parseInput(idParamSchema, params.departmentId),
  });

  async function requireTeam(churchId: number, departmentId: number, userId?: number): Promise<void> {
    const parts = await findTeamParts(db, churchId, departmentId, userId);
    if (!parts.church) throw notFound('Igreja não encontrada.');
    if (!parts.department) throw notFound('Departamento não encontrado.');
    if (userId !== undefined && !parts.user) throw notFound('Usuário não encontrado.');
  }

  router.get('/api/me/teams', async (req, res) => {
    const user = requireUser(req);
    res.json(await listMyTeams(db, user.id));
  });

  router.get('/api/teams/:churchId/:departmentId/members', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const { churchId, departmentId } = teamPath(req.params);
    await requireTeam(churchId, departmentId);
    requireScope(scope, churchId, departmentId);
    res.json(await listTeamMembers(db, churchId, departmentId));
  });

  // A team's settings (docs/product.md §10): its leaders and admins read and change them.
  router.get('/api/teams/:churchId/:departmentId', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const { churchId, departmentId } = teamPath(req.params);
    await requireTeam(churchId, departmentId);
    requireScope(scope, churchId, departmentId);
    res.json(await findTeamSettings(db, churchId, departmentId));
  });

  router.patch('/api/teams/:churchId/:departmentId', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const { churchId, departmentId } = teamPath(req.params);
    const input = parseInput(teamSettingsPatchSchema, req.body);
    await requireTeam(churchId, departmentId);
    requireScope(scope, churchId, departmentId);
    res.json(await saveTeamSettings(db, churchId, departmentId, input, now()));
  });

  router.put('/api/teams/:churchId/:departmentId/members/:userId', async (req, res) => {
    const admin = requireAdmin(req);
    const { churchId, departmentId } = teamPath(req.params);
    const userId = parseInput(idParamSchema, req.params.userId);
    const input = parseInput(putTeamMemberRequestSchema, req.body);
    await requireTeam(churchId, departmentId, userId);
    // The answer is read in the same transaction: the membership as this request left it, not as a request running
    // at the same time did. The change is written to the audit log in it (docs/product.md §11).
    const membership = await db.transaction().execute(async (trx) => {
      if ((await positionsOutside(trx, departmentId, input.positions)).length > 0) throw new UnknownPosition();
      await lockMemberships(trx, userId);
      const before = (await listTeamMembers(trx, churchId, departmentId, userId))[0];
      await putTeamMember(trx, { churchId, departmentId, userId }, { positions: input.positions, leader: input.leader }, now());
      const after = (await listTeamMembers(trx, churchId, departmentId, userId))[0]!;
      const change = membershipChange(before, after);
      if (change) await recordAudit(trx, { actorId: admin.id, subjectId: userId, at: now().toISOString(), ...change });
      return after;
    });
    res.json(membership);
  });

  router.delete('/api/teams/:churchId/:departmentId/members/:userId', async (req, res) => {
    const admin = requireAdmin(req);
    const { churchId, departmentId } = teamPath(req.params);
    const userId = parseInput(idParamSchema, req.params.userId);
    await requireTeam(churchId, departmentId, userId);
    await db.transaction().execute(async (trx) => {
      await lockMemberships(trx, userId);
      const before = (await listTeamMembers(trx, churchId, departmentId, userId))[0];
      if (!before || !(await deleteTeamMember(trx, churchId, departmentId, userId))) throw new NotATeamMember();
      await recordAudit(trx, { actorId: admin.id, action: 'team_member_removed', subjectId: userId, details: membershipDetails(before), at: now().toISOString() });
    });
    res.status(204).end();
  });

  return router;
}

/** What the audit log keeps of a membership: ids and the leader flag (docs/product.md §11). */
function membershipDetails(membership: TeamMembership) {
  return {
    church_id: membership.church_id,
    department_id: membership.department_id,
    leader: membership.leader,
    position_ids: membership.positions.map((position) => position.id).sort((a, b) => a - b),
  };
}

/** The entry a PUT makes: a join, a change of positions or of the leader flag, or nothing when nothing changed. */
function membershipChange(before: TeamMembership | undefined, after: TeamMembership) {
  const now = membershipDetails(after);
  if (!before) return { action: 'team_member_added' as const, details: now };
  const was = membershipDetails(before);
  if (was.leader === now.leader && was.position_ids.join() === now.position_ids.join()) return undefined;
  return { action: 'team_member_changed' as const, details: { ...now, was_leader: was.leader, was_position_ids: was.position_ids } };
}
