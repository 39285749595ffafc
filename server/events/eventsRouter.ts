import { Router } from 'express';
import type { User } from '../../shared/schemas/auth.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import {
  createEventRequestSchema,
  deleteEventQuerySchema,
  updateEventQuerySchema,
  updateEventRequestSchema,
} from '../../shared/schemas/eventManagement.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireLeader } from '../http/requireUser.ts';
import { createEvent, deleteEvent, updateEvent, type EventCommandContext, type EventDetails } from './eventCommands.ts';
import { eventDetailReads } from './publicEventReads.ts';

/** The detail fields of a create or update body, parsed. */
interface EventDetailInput {
  church_id?: number | null | undefined;
  title?: string | null | undefined;
  description?: string | null | undefined;
  location?: string | null | undefined;
  ends_at?: string | null | undefined;
}

/**
 * Leaders and admins publish the calendar: create (optionally repeating), edit and cancel events; signed-in
 * users read the events' details (`?detail=full`). Mounted behind the session chain; the public reads of events
 * are in publicEventReads.ts.
 */
export function eventsRouter(context: ApiContext): Router {
  const { database, config, now } = context;
  const router = Router();
  const detailReads = eventDetailReads(context);
  router.get('/api/events', detailReads['/api/events']);
  router.get('/api/events/:id', detailReads['/api/events/:id']);
  // Times a leader types are read in the event's church's zone (docs/product.md §12); the network's is the default.
  const commandContext = (user: User): EventCommandContext => ({ db: database.db, timeZone: config.timeZone, now: now(), userId: user.id });
  const detailsOf = (input: EventDetailInput): EventDetails => ({
    churchId: input.church_id,
    title: input.title,
    description: input.description,
    location: input.location,
    endsAt: input.ends_at,
  });

  router.post('/api/events', async (req, res) => {
    const user = requireLeader(req);
    const input = parseInput(createEventRequestSchema, req.body);
    const event = await createEvent(commandContext(user), {
      datetime: input.datetime,
      eventTypeId: input.event_type_id,
      repeat: input.repeat,
      details: detailsOf(input),
    });
    res.status(201).json(event);
  });

  router.patch('/api/events/:id', async (req, res) => {
    const user = requireLeader(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { scope } = parseInput(updateEventQuerySchema, req.query);
    const input = parseInput(updateEventRequestSchema, req.body);
    const event = await updateEvent(commandContext(user), id, scope, {
      datetime: input.datetime,
      eventTypeId: input.event_type_id,
      ...detailsOf(input),
    });
    res.json(event);
  });

  router.delete('/api/events/:id', async (req, res) => {
    const user = requireLeader(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { scope, confirm } = parseInput(deleteEventQuerySchema, req.query);
    await deleteEvent(commandContext(user), id, scope, confirm);
    res.status(204).end();
  });

  return router;
}
