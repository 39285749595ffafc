import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { openPlacesQuerySchema, signupRequestSchema, sosRequestSchema } from '../../shared/schemas/openPlaces.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireLeadership } from '../http/requireLeadership.ts';
import { requireUser } from '../http/requireUser.ts';
import { personalDataViewOf } from '../policy/personalDataView.ts';
import { listOpenPlaces } from './listOpenPlaces.ts';
import { nudgePending, nudgeState } from './nudgePending.ts';
import { sendSos } from './sendSos.ts';
import { signUp } from './signUp.ts';

/**
 * The escala heals itself (docs/product.md §10): the open places a member may take and their sign-up, a leader's
 * SOS for one place, and the reminder to the members who have not answered.
 */
export function openPlacesRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const settings = () => ({ timeZone: config.timeZone, bufferMinutes: config.allocationBufferMinutes, now: now() });

  router.get('/api/me/open-places', async (req, res) => {
    const user = requireUser(req);
    const range = parseInput(openPlacesQuerySchema, req.query);
    res.json(await listOpenPlaces(db, user.id, range, settings()));
  });

  router.post('/api/events/:id/signups', async (req, res) => {
    const user = requireUser(req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const input = parseInput(signupRequestSchema, req.body);
    res.status(201).json(await signUp(db, user, { eventId, departmentId: input.department_id, positionId: input.position_id ?? null }, settings()));
  });

  router.post('/api/events/:id/sos', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const input = parseInput(sosRequestSchema, req.body);
    const note = input.note ? input.note : null;
    res.status(202).json(await sendSos(db, config, { id: user.id, scope }, { eventId, departmentId: input.department_id, positionId: input.position_id ?? null, note }, settings()));
  });

  router.get('/api/events/:id/nudge', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    res.json(await nudgeState(db, parseInput(idParamSchema, req.params.id), scope, now()));
  });

  router.post('/api/events/:id/nudge', async (req, res) => {
    const { user, scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    res.status(202).json(await nudgePending(db, config, { id: user.id, scope, view: await personalDataViewOf(db, user) }, eventId, now()));
  });

  return router;
}
