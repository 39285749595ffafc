import { Router } from 'express';
import { createEventTypeRequestSchema } from '../../shared/schemas/eventManagement.ts';
import { insertEventType, listEventTypes } from './eventTypeQueries.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { HttpError } from '../http/httpError.ts';
import { requireAdmin } from '../accounts/loadSession.ts';
import { parseInput } from '../http/parseInput.ts';

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
    if (!eventType) throw new HttpError(409, 'event_type_exists', 'Já existe um tipo de evento com esse nome.');
    res.status(201).json(eventType);
  });

  return router;
}
