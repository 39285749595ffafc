import { vi } from 'vitest';
import { dayjs } from '../../../shared/dayKey.ts';
import type { EventType } from '../../../shared/schemas/eventManagement.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { installFakeApi, type FakeApi } from './fakeApi.ts';
import { TIME_ZONE } from './fixtures.ts';

export const EVENT_TYPES: EventType[] = [
  { id: 1, name: 'Culto' },
  { id: 2, name: 'Célula' },
  { id: 3, name: 'Ensaio' },
  { id: 4, name: 'Escola Bíblica' },
  { id: 5, name: 'Reunião de Líderes' },
  { id: 6, name: 'Vigília' },
  { id: 7, name: 'Conferência' },
];

/** A management call as the fake received it. */
export interface ManagementCall {
  method: string;
  /** Path and query, e.g. `/api/events/5?scope=one`. */
  path: string;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export interface FakeEventManagementApi extends FakeApi {
  /** The POST, PATCH and DELETE calls on `/api/events…`, in order. */
  writes: ManagementCall[];
  /** How many allocations each event id has (a DELETE without confirm=true is then refused with 409). */
  allocations: Map<number, number>;
  /** Answer the next matching request with this status and error (once). */
  failNext(method: string, match: RegExp, status: number, error: Record<string, unknown>): void;
}

interface RepeatBody {
  freq: 'weekly' | 'monthly';
  interval?: number;
  nth?: number;
  until?: string;
  count?: number;
}

interface Failure {
  method: string;
  match: RegExp;
  status: number;
  error: Record<string, unknown>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * `installFakeApi` plus the leaders' calls over the same in-memory list (which the fake's GETs read, so lists
 * follow the writes): `GET /api/event-types`, `POST /api/events` (weekly repeats expanded; a monthly one keeps
 * only its first date), `PATCH` and `DELETE /api/events/{id}` with `scope` (a series is the events created
 * together), and the `has_allocations` refusal.
 */
export function installFakeEventManagementApi(events: Event[], eventTypes: EventType[] = EVENT_TYPES): FakeEventManagementApi {
  const fake = installFakeApi(events, TIME_ZONE);
  const inner = globalThis.fetch;
  const writes: ManagementCall[] = [];
  const allocations = new Map<number, number>();
  const failures: Failure[] = [];
  const seriesOf = new Map<number, number>();
  let nextId = Math.max(0, ...events.map((event) => event.id)) + 1;
  let nextSeries = 1;

  const typeRef = (id: number | null) => {
    if (id === null) return null;
    const type = eventTypes.find((candidate) => candidate.id === id);
    return type ? { name: type.name } : undefined;
  };
  const instantOf = (local: string) => dayjs.tz(local, TIME_ZONE).toISOString();
  const managed = (event: Event) => ({ ...event, series_id: seriesOf.get(event.id) ?? null });
  const sortEvents = () => events.sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.id - b.id);
  /** The event and, for `following`, the later ones of its series. */
  const scoped = (event: Event, scope: string) => {
    const series = seriesOf.get(event.id);
    if (scope !== 'following' || series === undefined) return [event];
    return events.filter((candidate) => seriesOf.get(candidate.id) === series && candidate.datetime >= event.datetime);
  };

  const create = (body: { datetime: string; event_type_id: number | null; repeat?: RepeatBody }) => {
    const eventTypes = typeRef(body.event_type_id);
    if (eventTypes === undefined) return json({ error: { code: 'unknown_event_type', message: 'Tipo de evento não encontrado.' } }, 422);
    const first = dayjs.tz(body.datetime, TIME_ZONE);
    const dates = [first];
    const repeat = body.repeat;
    if (repeat?.freq === 'weekly') {
      for (let week = repeat.interval ?? 1; ; week += repeat.interval ?? 1) {
        const next = first.add(week, 'week');
        if (repeat.count !== undefined ? dates.length >= repeat.count : next.format('YYYY-MM-DD') > repeat.until!) break;
        dates.push(next);
      }
    }
    const series = repeat ? nextSeries++ : null;
    const created = dates.map((date) => ({ id: nextId++, datetime: date.toISOString(), event_types: eventTypes }));
    for (const event of created) {
      events.push(event);
      if (series !== null) seriesOf.set(event.id, series);
    }
    sortEvents();
    return json(managed(created[0]!), 201);
  };

  const update = (event: Event, scope: string, body: { datetime?: string; event_type_id?: number | null }) => {
    const eventTypes = body.event_type_id === undefined ? undefined : typeRef(body.event_type_id);
    if (body.event_type_id !== undefined && eventTypes === undefined) {
      return json({ error: { code: 'unknown_event_type', message: 'Tipo de evento não encontrado.' } }, 422);
    }
    const shift = body.datetime === undefined ? 0 : Date.parse(instantOf(body.datetime)) - Date.parse(event.datetime);
    for (const target of scoped(event, scope)) {
      const index = events.indexOf(target);
      events[index] = {
        ...target,
        datetime: new Date(Date.parse(target.datetime) + shift).toISOString(),
        event_types: eventTypes === undefined ? target.event_types : eventTypes,
      };
    }
    sortEvents();
    return json(managed(events.find((candidate) => candidate.id === event.id)!));
  };

  const remove = (event: Event, scope: string, confirm: boolean) => {
    const targets = scoped(event, scope);
    const count = targets.reduce((sum, target) => sum + (allocations.get(target.id) ?? 0), 0);
    if (count > 0 && !confirm) {
      const who = count === 1 ? 'Há 1 pessoa escalada' : `Há ${count} pessoas escaladas`;
      return json(
        {
          error: {
            code: 'has_allocations',
            message: `${who} neste evento. Para excluir mesmo assim, confirme com confirm=true: as escalas serão removidas junto.`,
            allocations: count,
          },
        },
        409,
      );
    }
    for (const target of targets) {
      events.splice(events.indexOf(target), 1);
      allocations.delete(target.id);
    }
    return new Response(null, { status: 204 });
  };

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const isWrite = url.pathname.startsWith('/api/events') && request.method !== 'GET';
    if (url.pathname !== '/api/event-types' && !isWrite) return inner(request);

    fake.requests.push({ method: request.method, path, headers: request.headers });
    const text = await request.clone().text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    if (isWrite) writes.push({ method: request.method, path, body });
    const failure = failures.find((candidate) => candidate.method === request.method && candidate.match.test(path));
    if (failure) {
      failures.splice(failures.indexOf(failure), 1);
      return json({ error: failure.error }, failure.status);
    }
    if (url.pathname === '/api/event-types') return json(eventTypes);
    if (request.method === 'POST' && url.pathname === '/api/events') return create(body as Parameters<typeof create>[0]);
    const byId = /^\/api\/events\/(\d+)$/.exec(url.pathname);
    const event = byId ? events.find((candidate) => candidate.id === Number(byId[1])) : undefined;
    if (!event) return json({ error: { code: 'not_found', message: 'Evento não encontrado.' } }, 404);
    const scope = url.searchParams.get('scope') ?? 'one';
    if (request.method === 'PATCH') return update(event, scope, body as Parameters<typeof update>[2]);
    if (request.method === 'DELETE') return remove(event, scope, url.searchParams.get('confirm') === 'true');
    return json({ error: { code: 'not_found', message: 'Caminho da API não encontrado.' } }, 404);
  });
  vi.stubGlobal('fetch', fetchFake);

  return {
    ...fake,
    writes,
    allocations,
    failNext(method, match, status, error) {
      failures.push({ method, match, status, error });
    },
  };
}
