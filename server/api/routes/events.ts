import { Router } from 'express';
import { endOfDayUtc, startOfDayUtc } from '../../../shared/dayKey.ts';
import { idParamSchema } from '../../../shared/schemas/common.ts';
import { eventListQuerySchema } from '../../../shared/schemas/events.ts';
import type { ApiContext } from '../apiContext.ts';
import { notFound } from '../httpError.ts';
import { allEventsInPages, findEvent, listEventsBetween } from '../queries/eventQueries.ts';
import { sendJsonArray } from '../sendJsonArray.ts';
import { parseInput } from '../validate.ts';

export function eventsRouter({ database, config }: ApiContext): Router {
  const router = Router();
  const { db } = database;
  const tz = config.timeZone;

  router.get('/api/events', async (req, res) => {
    const query = parseInput(eventListQuerySchema, req.query);
    if (query.date !== undefined) {
      res.json(await listEventsBetween(db, startOfDayUtc(query.date, tz), endOfDayUtc(query.date, tz)));
    } else if (query.from !== undefined && query.to !== undefined) {
      res.json(await listEventsBetween(db, startOfDayUtc(query.from, tz), endOfDayUtc(query.to, tz)));
    } else {
      await sendJsonArray(res, allEventsInPages(db));
    }
  });

  router.get('/api/events/:id', async (req, res) => {
    const id = parseInput(idParamSchema, req.params.id);
    const event = await findEvent(db, id);
    if (!event) throw notFound('Evento não encontrado.');
    res.json(event);
  });

  return router;
}
