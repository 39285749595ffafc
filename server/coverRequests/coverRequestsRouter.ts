import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createCoverRequestSchema } from '../../shared/schemas/coverRequests.ts';
import { addDays, dayKeyOf } from '../../shared/dayKey.ts';
import { OVERVIEW_DEFAULT_WEEKS, overviewQuerySchema } from '../../shared/schemas/needs.ts';
import { zonedDayWindow } from '../churches/public.ts';
import { findAllocation } from '../escalas/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireLeadership } from '../http/requireLeadership.ts';
import { requireUser } from '../http/requireUser.ts';
import { personalDataViewOf } from '../policy/personalDataView.ts';
import { acceptCover } from './acceptCover.ts';
import { AllocationNotFound } from './errors.ts';
import { escalaHealing } from './escalaHealing.ts';
import { listCoverRequestsFor } from './listCoverRequests.ts';
import { requestCover, type CoverContext } from './requestCover.ts';
import { withdrawCover } from './withdrawCover.ts';

/** Cover requests (docs/product.md §10): ask, list the ones I may take, take one, withdraw mine. */
export function coverRequestsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const context = (): CoverContext => ({ db, now: now(), timeZone: config.timeZone, bufferMinutes: config.allocationBufferMinutes });

  router.post('/api/allocations/:id/cover', async (req, res) => {
    const user = requireUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { note } = parseInput(createCoverRequestSchema, req.body ?? {});
    res.status(201).json(await requestCover(context(), user.id, id, note));
  });

  router.get('/api/me/cover-requests', async (req, res) => {
    const user = requireUser(req);
    res.json(await listCoverRequestsFor(context(), user));
  });

  router.post('/api/cover-requests/:id/accept', async (req, res) => {
    const user = requireUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    const allocationId = await acceptCover(context(), user.id, id);
    const allocation = await findAllocation(db, allocationId, await personalDataViewOf(db, user));
    if (!allocation) throw new AllocationNotFound();
    res.json(allocation);
  });

  // Lacunas beside its counts: the open requests and the places members took themselves, in the overview's range.
  router.get('/api/escalas/healing', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const query = parseInput(overviewQuerySchema, req.query);
    const today = dayKeyOf(now(), config.timeZone);
    const from = query.from ?? today;
    const to = query.to ?? addDays(today, OVERVIEW_DEFAULT_WEEKS * 7 - 1);
    // The overview's events are each on its own zone's day (docs/product.md §12): the zones' window holds them all, and
    // Lacunas matches these to its events by id.
    res.json(await escalaHealing(db, scope, await zonedDayWindow(db, from, to, config.timeZone)));
  });

  router.delete('/api/cover-requests/:id', async (req, res) => {
    const user = requireUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    await withdrawCover(db, user.id, id, now());
    res.status(204).end();
  });

  return router;
}
