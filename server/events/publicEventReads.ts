import { endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { eventListQuerySchema } from '../../shared/schemas/events.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { jsonResponseCache } from '../http/jsonResponseCache.ts';
import { parseInput } from '../http/parseInput.ts';
import { sendJsonArray } from '../http/sendJsonArray.ts';
import type { SessionlessRead, SessionlessRequest } from '../http/sessionlessRead.ts';
import { allEventsInPages, findEvent, listEventsBetween } from './eventQueries.ts';

/** The instants a valid `?date=` or `?from=&to=` stands for; undefined for the whole list. */
type Range = { start: string; end: string } | undefined;

const MAX_REMEMBERED_RANGES = 512;

/**
 * The events page's reads, answered before the session chain (api/sessionlessPublicReads.ts) and from the
 * response cache: the same for every caller, signed in or not.
 */
export function publicEventReads({ database, config }: ApiContext): { '/api/events': SessionlessRead; '/api/events/:id': SessionlessRead } {
  const { db } = database;
  const tz = config.timeZone;
  const sendCached = jsonResponseCache(database.dataVersion);

  // Validating the day keys and turning them into instants in the network's timezone (zod + dayjs) cost more
  // than the query itself, and every member opening the events page asks the same two months. A valid
  // query string's range never changes, so it is worked out once; only valid ones are remembered.
  const ranges = new Map<string, Range>();
  const rangeOf = (req: SessionlessRequest): Range => {
    const queryIndex = req.originalUrl.indexOf('?');
    const key = queryIndex === -1 ? '' : req.originalUrl.slice(queryIndex + 1);
    if (ranges.has(key)) return ranges.get(key);
    const query = parseInput(eventListQuerySchema, req.query);
    let range: Range;
    if (query.date !== undefined) range = { start: startOfDayUtc(query.date, tz), end: endOfDayUtc(query.date, tz) };
    else if (query.from !== undefined && query.to !== undefined) range = { start: startOfDayUtc(query.from, tz), end: endOfDayUtc(query.to, tz) };
    if (ranges.size >= MAX_REMEMBERED_RANGES) ranges.clear();
    ranges.set(key, range);
    return range;
  };

  return {
    '/api/events': async (req, res) => {
      const range = rangeOf(req);
      if (range) await sendCached(res, `${range.start}/${range.end}`, () => listEventsBetween(db, range.start, range.end));
      else await sendJsonArray(res, allEventsInPages(db));
    },
    '/api/events/:id': async (req, res) => {
      const id = parseInput(idParamSchema, req.params.id);
      if (!(await sendCached(res, `#${id}`, () => findEvent(db, id)))) throw notFound('Evento não encontrado.');
    },
  };
}
