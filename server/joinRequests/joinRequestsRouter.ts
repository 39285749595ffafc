import { Router, type Request } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import {
  approveJoinRequestSchema,
  createJoinRequestSchema,
  declineJoinRequestSchema,
  joinRequestListQuerySchema,
} from '../../shared/schemas/joinRequests.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { forbidUnless, requireLeadership } from '../http/requireLeadership.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { leaderScopeOf, scopeCovers } from '../policy/leaderScope.ts';
import { mayAdmitTo } from '../policy/teamAdmission.ts';
import { approveJoinRequest, declineJoinRequest, type Decider } from './decideJoinRequest.ts';
import { allJoinRequests, findRequestedTeam, myJoinRequests, teamJoinRequests } from './joinRequestQueries.ts';
import { requestToJoin } from './requestToJoin.ts';

/**
 * Join requests (docs/product.md §13): a member asks to serve in a team ("Quero servir") and reads their requests;
 * the team's leaders (and admins) list them and approve or decline.
 */
export function joinRequestsRouter({ database, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  async function deciderOf(req: Request): Promise<Decider> {
    const user = requireUser(req);
    const scope = await leaderScopeOf(db, user);
    return { userId: user.id, mayDecideFor: (team) => mayAdmitTo(scope, team.churchId, team.departmentId) };
  }

  router.post('/api/me/join-requests', async (req, res) => {
    const user = requireUser(req);
    const input = parseInput(createJoinRequestSchema, req.body);
    const created = await requestToJoin(db, user.id, { churchId: input.church_id, departmentId: input.department_id, positions: input.positions, note: input.note }, now());
    res.status(201).json(created);
  });

  router.get('/api/me/join-requests', async (req, res) => {
    const user = requireUser(req);
    res.json(await myJoinRequests(db, user.id));
  });

  // Every pending request (or `?status=`) of the teams the caller leads: an admin's one list across the network.
  router.get('/api/join-requests', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const { status = 'pending' } = parseInput(joinRequestListQuerySchema, req.query);
    res.json((await allJoinRequests(db, status)).filter((request) => scopeCovers(scope, request.church.id, request.department.id)));
  });

  router.get('/api/teams/:churchId/:departmentId/join-requests', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const churchId = parseInput(idParamSchema, req.params.churchId);
    const departmentId = parseInput(idParamSchema, req.params.departmentId);
    const { status = 'pending' } = parseInput(joinRequestListQuerySchema, req.query);
    const team = await findRequestedTeam(db, churchId, departmentId, []);
    if (!team.church) throw notFound('Igreja não encontrada.');
    if (!team.department) throw notFound('Departamento não encontrado.');
    forbidUnless(mayAdmitTo(scope, churchId, departmentId));
    res.json(await teamJoinRequests(db, { churchId, departmentId }, status));
  });

  router.post('/api/join-requests/:id/approve', async (req, res) => {
    const decider = await deciderOf(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { positions } = parseInput(approveJoinRequestSchema, req.body);
    res.json(await approveJoinRequest(db, decider, id, positions, now()));
  });

  router.post('/api/join-requests/:id/decline', async (req, res) => {
    const decider = await deciderOf(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { reason } = parseInput(declineJoinRequestSchema, req.body ?? {});
    res.json(await declineJoinRequest(db, decider, id, reason, now()));
  });

  return router;
}
