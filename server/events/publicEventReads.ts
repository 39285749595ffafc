import type { Request, Response } from 'express';
import type { DayKey } from '../../shared/dayKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { eventListQuerySchema, eventReadQuerySchema } from '../../shared/schemas/events.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { jsonResponseCache } from '../http/jsonResponseCache.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { sendJsonArray } from '../http/sendJsonArray.ts';
import type { SessionlessRead, SessionlessRequest } from '../http/sessionlessRead.ts';
import { allEventsInPages, findEvent, listEventsOnDays } from './eventQueries.ts';

/**
 * The days a valid `?date=` or `?from=&to=` stands for (range undefined: the whole list), and whether
 * `?detail=full` asks for the details (docs/product.md §8; without it the specification's keys, exactly). Each
 * event is on the day of its own zone (docs/adr/0006-an-event-belongs-to-its-own-zone-day.md).
 */
type Range = { range: { from: DayKey; to: DayKey } | undefined; detail: boolean };

const MAX_REMEMBERED_RANGES = 512;

type EventReads = { '/api/events': SessionlessRead; '/api/events/:id': SessionlessRead };

/**
 * The events page's reads, answered before the session chain (api/sessionlessPublicReads.ts) and from the
 * response cache: the same for every caller, signed in or not, with exactly the specification's keys. A read
 * with `?detail=` never reaches them: it goes through the session chain to `eventDetailReads`.
 */
export function publicEventReads(context: ApiContext): EventReads {
  return eventReads(context, false);
}

/**
 * `?detail=full` on the same paths, mounted behind the session chain (events/eventsRouter.ts): the details are
 * for signed-in users (docs/product.md §8, §11) — an anonymous caller gets 401, whatever the rest of the query.
 */
export function eventDetailReads(context: ApiContext): Record<keyof EventReads, (req: Request, res: Response) => Promise<void>> {
  const reads = eventReads(context, true);
  return {
    '/api/events': async (req, res) => {
      requireUser(req);
      await reads['/api/events'](req, res);
    },
    '/api/events/:id': async (req, res) => {
      requireUser(req);
      await reads['/api/events/:id'](req, res);
    },
  };
}

/** The two reads; `withDetails` says whether `?detail=full` may add the details (else it is never honoured). */
function eventReads({ database, config }: ApiContext, withDetails: boolean): EventReads {
  const { db } = database;
  const tz = config.timeZone;
  const sendCached = jsonResponseCache(database.dataVersion);

  // Validating the day keys (zod) cost more than the query itself, and every member opening the events page asks
  // the same two months. A valid query string's range never changes, so it is worked out once; only valid ones
  // are remembered.
  const ranges = new Map<string, Range>();
  const rangeOf = (req: SessionlessRequest): Range => {
    const queryIndex = req.originalUrl.indexOf('?');
    const key = queryIndex === -1 ? '' : req.originalUrl.slice(queryIndex + 1);
    const known = ranges.get(key);
    if (known) return known;
    const query = parseInput(eventListQuerySchema, req.query);
    let range: Range['range'];
    if (query.date !== undefined) range = { from: query.date, to: query.date };
    else if (query.from !== undefined && query.to !== undefined) range = { from: query.from, to: query.to };
    const answer = { range, detail: withDetails && query.detail === 'full' };
    if (ranges.size >= MAX_REMEMBERED_RANGES) ranges.clear();
    ranges.set(key, answer);
    return answer;
  };

  return {
    '/api/events': async (req, res) => {
      const { range, detail } = rangeOf(req);
      const suffix = detail ? '/full' : '';
      if (range) await sendCached(res, `${range.from}/${range.to}${suffix}`, () => listEventsOnDays(db, range.from, range.to, tz, detail));
      else await sendJsonArray(res, allEventsInPages(db, tz, undefined, detail));
    },
    '/api/events/:id': async (req, res) => {
      const id = parseInput(idParamSchema, req.params.id);
      const query = parseInput(eventReadQuerySchema, req.query);
      const detail = withDetails && query.detail === 'full';
      if (!(await sendCached(res, `#${id}${detail ? '/full' : ''}`, () => findEvent(db, id, tz, detail)))) throw notFound('Evento não encontrado.');
    },
  };
}
