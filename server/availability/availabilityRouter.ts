import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createBlockoutRequestSchema } from '../../shared/schemas/responses.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { deleteBlockout, insertBlockout, listBlockouts } from './blockoutQueries.ts';
import { BlockoutNotFound } from './errors.ts';

/**
 * A member's availability: the day ranges they cannot serve (docs/product.md §6). Only the member reads and changes
 * their own; a leader allocating them on a blocked day meets the range (escalas), never the note.
 */
export function availabilityRouter({ database, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/me/blockouts', async (req, res) => {
    const user = requireUser(req);
    res.json(await listBlockouts(db, user.id));
  });

  router.post('/api/me/blockouts', async (req, res) => {
    const user = requireUser(req);
    const { from, to, note } = parseInput(createBlockoutRequestSchema, req.body);
    res.status(201).json(await insertBlockout(db, { memberId: user.id, from, to, note, createdAt: now().toISOString() }));
  });

  router.delete('/api/me/blockouts/:id', async (req, res) => {
    const user = requireUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    if (!(await deleteBlockout(db, user.id, id))) throw new BlockoutNotFound();
    res.status(204).end();
  });

  return router;
}
