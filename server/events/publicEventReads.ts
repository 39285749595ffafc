import { endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { eventListQuerySchema, eventReadQuerySchema } from '../../shared/schemas/events.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { jsonResponseCache } from '../http/jsonResponseCache.ts';
import { parseInput } from '../http/parseInput.ts';
import { sendJsonArray } from '../http/sendJsonArray.ts';
import type { SessionlessRead, SessionlessRequest } from '../http/sessionlessRead.ts';
import { allEventsInPages, findEvent, listEventsBetween } from './eventQueries.ts';

/**
 * The instants a valid `?date=` or `?from=&to=` stands for (range undefined: the whole list), and whether
 * `?detail=full` asks for the details (docs/product.md §8; without it the specification's keys, exactly).
 */
type Range = { range: { start: string; end: string } | undefined; detail: boolean };

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
    const known = ranges.get(key);
    if (known) return known;
    const query = parseInput(eventListQuerySchema, req.query);
    let range: Range['range'];
    if (query.date !== undefined) range = { start: startOfDayUtc(query.date, tz), end: endOfDayUtc(query.date, tz) };
    else if (query.from !== undefined && query.to !== undefined) range = { start: startOfDayUtc(query.from, tz), end: endOfDayUtc(query.to, tz) };
    const answer = { range, detail: query.detail === 'full' };
    if (ranges.size >= MAX_REMEMBERED_RANGES) ranges.clear();
    ranges.set(key, answer);
    return answer;
  };

  return {
    '/api/events': async (req, res) => {
      const { range, detail } = rangeOf(req);
      const suffix = detail ? '/full' : '';
      if (range) await sendCached(res, `${range.start}/${range.end}${suffix}`, () => listEventsBetween(db, range.start, range.end, detail));
      else await sendJsonArray(res, allEventsInPages(db, undefined, detail));
    },
    '/api/events/:id': async (req, res) => {
      const id = parseInput(idParamSchema, req.params.id);
      const detail = parseInput(eventReadQuerySchema, req.query).detail === 'full';
      if (!(await sendCached(res, `#${id}${detail ? '/full' : ''}`, () => findEvent(db, id, detail)))) throw notFound('Evento não encontrado.');
    },
  };
}
