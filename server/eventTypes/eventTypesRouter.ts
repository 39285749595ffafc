import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createEventTypeRequestSchema } from '../../shared/schemas/eventManagement.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { refuseWhileInUse } from '../http/inUse.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { EventTypeExists } from './errors.ts';
import { deleteEventType, eventTypeUses, renameEventType } from './eventTypeEdits.ts';
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

  // Renamed and deleted from Gestão da rede (admins); a type its events still show is not deleted (409 in_use).
  router.patch('/api/event-types/:id', async (req, res) => {
    requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { name } = parseInput(createEventTypeRequestSchema, req.body);
    const eventType = await renameEventType(db, id, name);
    if (eventType === 'exists') throw new EventTypeExists();
    if (!eventType) throw notFound('Tipo de evento não encontrado.');
    res.json(eventType);
  });

  router.delete('/api/event-types/:id', async (req, res) => {
    requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const eventType = (await listEventTypes(db)).find((type) => type.id === id);
    if (!eventType) throw notFound('Tipo de evento não encontrado.');
    refuseWhileInUse(`O tipo ${eventType.name}`, await eventTypeUses(db, id));
    await deleteEventType(db, id);
    res.status(204).end();
  });

  return router;
}
