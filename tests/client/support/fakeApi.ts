import { vi } from 'vitest';
import { dayKeyOf } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/events?date=2026-11-22`. */
  path: string;
  headers: Headers;
  /** The JSON body of a request that has one (POST…). */
  body?: unknown;
}

/** What a `route` handler gets. */
export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Override = {
  match: (path: string) => boolean;
  /** Only requests with this method; any method when absent. */
  method?: string;
  respond: (url: URL, request: FakeRequest) => Promise<Response> | Response;
};

export interface FakeApi {
  requests: RecordedRequest[];
  /** The paths asked so far, in order. */
  paths(): string[];
  /**
   * The paths asked so far without the start's `GET /api/auth/me`, which every page asks once (PRODUCT.md §1,
   * departure 3): the list the specification's "exactly these calls" rules are about.
   */
  specPaths(): string[];
  /** Answer requests whose path matches with this status (and an error body) from now on. */
  failWith(match: string | RegExp, status: number): void;
  /** Hold requests whose path matches until the returned function is called. */
  hold(match: string | RegExp): () => void;
  /**
   * Delay requests whose path matches until the returned function is called, then answer them as usual
   * (routes included; unlike `hold`, which answers them from the events list).
   */
  pause(match: string | RegExp): () => void;
  /** Answer requests with this method whose path (and query) matches with `respond`, from now on. */
  route(method: string, match: string | RegExp, respond: (request: FakeRequest) => Promise<Response> | Response): void;
}

/** The session question every page asks once at start (PRODUCT.md §1, departure 3). */
export const SESSION_PATH = '/api/auth/me';

function matcher(match: string | RegExp): (path: string) => boolean {
  return typeof match === 'string' ? (path) => path === match : (path) => match.test(path);
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A JSON answer for `route` handlers; 204 has no body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return status === 204 ? new Response(null, { status }) : json(body, status);
}

/**
 * Replaces `fetch` with the events API over an in-memory list, answering like the real one (network-day
 * filters in `timeZone`). Undone after each test by `vi.unstubAllGlobals()` in setup.
 */
export function installFakeApi(events: Event[], timeZone = 'America/Sao_Paulo'): FakeApi {
  const requests: RecordedRequest[] = [];
  const overrides: Override[] = [];
  const pauses: Array<{ match: (path: string) => boolean; released: Promise<void> }> = [];

  const answer = (url: URL): Response => {
    const dayOf = (event: Event) => dayKeyOf(event.datetime, timeZone);
    if (url.pathname === '/api/events') {
      const date = url.searchParams.get('date');
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      if (date) return json(events.filter((event) => dayOf(event) === date));
      if (from && to) return json(events.filter((event) => dayOf(event) >= from && dayOf(event) <= to));
      return json(events);
    }
    const byId = /^\/api\/events\/(\d+)$/.exec(url.pathname);
    if (byId) {
      const event = events.find((candidate) => candidate.id === Number(byId[1]));
      return event ? json(event) : json({ error: { code: 'not_found', message: 'Evento não encontrado.' } }, 404);
    }
    // The start's session question (PRODUCT.md §1, departure 3), as the API answers an anonymous visitor.
    if (url.pathname === SESSION_PATH) return json({ user: null });
    return json({ error: { code: 'not_found', message: 'Recurso não encontrado.' } }, 404);
  };

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    requests.push({ method: request.method, path, headers: request.headers, ...(body === undefined ? {} : { body }) });
    for (const pause of pauses) if (pause.match(path)) await pause.released;
    const override = overrides.findLast(
      (candidate) => candidate.match(path) && (candidate.method === undefined || candidate.method === request.method),
    );
    return override ? override.respond(url, { method: request.method, url, body }) : answer(url);
  });
  vi.stubGlobal('fetch', fetchFake);

  return {
    requests,
    paths: () => requests.map((request) => request.path),
    specPaths: () => requests.filter((request) => request.path !== SESSION_PATH).map((request) => request.path),
    failWith(match, status) {
      overrides.push({
        match: matcher(match),
        respond: () => json({ error: { code: 'internal', message: 'Erro interno.' } }, status),
      });
    },
    pause(match) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      pauses.push({ match: matcher(match), released });
      return release;
    },
    route(method, match, respond) {
      overrides.push({ match: matcher(match), method, respond: (_url, request) => respond(request) });
    },
    hold(match) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      overrides.push({
        match: matcher(match),
        respond: async (url) => {
          await released;
          return answer(url);
        },
      });
      return release;
    },
  };
}
