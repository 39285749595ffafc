import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { answerRequestSchema } from '../../shared/schemas/responses.ts';
// The one edge from responses to another resource (eslint/serverBoundaries.js): the answer returns the
// allocation's own JSON, which escalas builds.
import { findAllocation } from '../escalas/public.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { answerAsMember, answerByToken, readByToken } from './answers.ts';
import { AllocationNotFound } from './errors.ts';

/**
 * Members answer their allocations (docs/product.md §6): signed in, or through the token of an e-mailed link (no
 * session; the token is the permission, valid until the event starts).
 */
export function responsesRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const context = () => ({ db, now: now(), timeZone: config.timeZone });

  router.post('/api/allocations/:id/response', async (req, res) => {
    const user = requireUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { answer, reason } = parseInput(answerRequestSchema, req.body);
    await answerAsMember(context(), user.id, id, { answer, reason });
    const allocation = await findAllocation(db, id);
    if (!allocation) throw new AllocationNotFound();
    res.json(allocation);
  });

  router.get('/api/responses/:token', async (req, res) => {
    // Never changes anything, and is never cached on the way: the answer may change.
    res.set('Cache-Control', 'no-store').json({ allocation: await readByToken(context(), req.params.token) });
  });

  router.post('/api/responses/:token', async (req, res) => {
    const { answer, reason } = parseInput(answerRequestSchema, req.body);
    res.set('Cache-Control', 'no-store').json({ allocation: await answerByToken(context(), req.params.token, { answer, reason }) });
  });

  return router;
}
