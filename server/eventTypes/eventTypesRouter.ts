import { Router } from 'express';
import { createEventTypeRequestSchema } from '../../shared/schemas/eventManagement.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { EventTypeExists } from './errors.ts';
import { insertEventType, listEventTypes } from './eventTypeQueries.ts';

export function eventTypesRouter({ database }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/event-types', async (_req, res) => {
    res.json(await listEventTypes(db));
  });

  router.post('/api/event-types', async (req, res) => {
    requireAdmin(req);
    const { name } = parseInput(createEventTypeRequestSchema, req.body);
    const eventType = await insertEventType(db, name);
    if (!eventType) throw new EventTypeExists();
    res.status(201).json(eventType);
  });

  return router;
}
