import http from 'node:http';
import { CookieJar } from 'tough-cookie';

/**
 * The page's origin in the client tests (vitest.config.ts, `environmentOptions.jsdom.url`): a reserved name
 * (RFC 2606 `.test`), so nothing real ever answers it.
 */
export const PORTAL_ORIGIN = 'http://portal.test';
const PORTAL_HOST = new URL(PORTAL_ORIGIN).host;

/** The session question every page asks once at start (docs/product.md §1, departure 3). */
export const SESSION_PATH = '/api/auth/me';

/** Where the harness sends the page's requests: the real API app listening on 127.0.0.1. */
export interface Backend {
  port: number;
  close(): Promise<void>;
}

/** One request the page made, as the API received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/events?date=2026-11-22`. */
  path: string;
  /** The headers sent to the API: the page's own, and what a same-origin browser adds (cookie, origin…). */
  headers: Headers;
  /** The body of a request that has one, parsed when it is JSON. */
  body?: unknown;
}

type Matcher = (path: string) => boolean;

interface Override {
  match: Matcher;
  method: string | undefined;
  once: boolean;
  respond: () => Response;
}

interface Hold {
  match: Matcher;
  released: Promise<void>;
  release: () => void;
}

interface TestState {
  jar: CookieJar;
  requests: RecordedRequest[];
  overrides: Override[];
  holds: Hold[];
  /** Requests to another origin: each fails the test. */
  strays: string[];
  inFlight: Set<Promise<unknown>>;
  backend: Promise<Backend> | undefined;
  /** Set once the page asked something: a seed after that would come too late. */
  used: boolean;
}

let state: TestState | undefined;

/** Starts the API a test gets when it did not seed one (an empty network); given by setup.ts. */
let defaultBackend: (() => Promise<Backend>) | undefined;

function activeState(): TestState {
  if (!state) throw new Error('apiHarness: fora de um teste (setup.ts inicia o harness em cada teste)');
  return state;
}

function matcher(match: string | RegExp): Matcher {
  return typeof match === 'string' ? (path) => path === match : (path) => match.test(path);
}

function jsonError(status: number, error: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Sends one request to the API over HTTP, with the Host of the page's origin, and turns the answer into a
 * fetch Response. Set-Cookie goes into the jar (a page never sees it, as in a browser).
 */
function forward(
  backend: Backend,
  jar: CookieJar | undefined,
  method: string,
  url: URL,
  headers: Headers,
  body: Buffer | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const outgoing: http.OutgoingHttpHeaders = Object.fromEntries(headers);
    if (body) outgoing['content-length'] = body.length;
    const request = http.request(
      { host: '127.0.0.1', port: backend.port, method, path: url.pathname + url.search, headers: outgoing, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            if (name === 'set-cookie') {
              for (const line of [value].flat()) jar?.setCookieSync(line, url.href);
              continue;
            }
            for (const item of [value].flat()) responseHeaders.append(name, item);
          }
          const status = response.statusCode ?? 500;
          const data = Buffer.concat(chunks);
          resolve(
            new Response(NULL_BODY.has(status) ? null : data, {
              status,
              statusText: response.statusMessage ?? '',
              headers: responseHeaders,
            }),
          );
        });
      },
    );
    const onAbort = () => {
      request.destroy();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', reject);
    request.end(body);
  });
}

function backendOf(current: TestState): Promise<Backend> {
  if (!current.backend) {
    if (!defaultBackend) throw new Error('apiHarness: installPortalFetch não foi chamado (setup.ts)');
    current.backend = defaultBackend();
  }
  return current.backend;
}

/** The headers a same-origin browser sends with the page's fetch to `url`. */
function browserHeaders(current: TestState, request: Request, url: URL): Headers {
  const headers = new Headers(request.headers);
  headers.set('host', PORTAL_HOST);
  if (!headers.has('accept')) headers.set('accept', '*/*');
  headers.set('sec-fetch-site', 'same-origin');
  headers.set('sec-fetch-mode', 'cors');
  headers.set('sec-fetch-dest', 'empty');
  headers.set('referer', window.location.href);
  // Browsers send Origin with every same-origin request but GET and HEAD.
  if (request.method !== 'GET' && request.method !== 'HEAD') headers.set('origin', PORTAL_ORIGIN);
  const cookie = request.credentials === 'omit' ? '' : current.jar.getCookieStringSync(url.href);
  if (cookie) headers.set('cookie', cookie);
  return headers;
}

/** A logged body: parsed when it is JSON (and parses), else the text as sent. */
function parsedBody(text: string, headers: Headers): unknown {
  if (!/[/+]json\b/.test(headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One request from the page: recorded, then answered by a per-test override when the test set one for it,
 * otherwise by the real API. A request for another origin fails the test (and the fetch, as offline).
 */
async function portalFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const current = activeState();
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.origin !== PORTAL_ORIGIN) {
    current.strays.push(`${request.method} ${url.href}`);
    throw new TypeError(`Failed to fetch: ${url.href} não é o portal (${PORTAL_ORIGIN})`);
  }
  current.used = true;
  const path = url.pathname + url.search;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  const body = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers = browserHeaders(current, request, url);
  const text = body?.toString('utf8');
  current.requests.push({
    method: request.method,
    path,
    headers,
    ...(text === undefined || text === '' ? {} : { body: parsedBody(text, headers) }),
  });

  for (const hold of current.holds) if (hold.match(path)) await hold.released;
  const override = current.overrides.findLast(
    (candidate) => candidate.match(path) && (candidate.method === undefined || candidate.method === request.method),
  );
  if (override) {
    if (override.once) current.overrides.splice(current.overrides.indexOf(override), 1);
    return override.respond();
  }
  const answer = backendOf(current).then((backend) =>
    forward(backend, request.credentials === 'omit' ? undefined : current.jar, request.method, url, headers, body, request.signal),
  );
  current.inFlight.add(answer);
  void answer.finally(() => current.inFlight.delete(answer)).catch(() => {});
  return answer;
}

/** Installs the harness's fetch for the whole client project (setup.ts). */
export function installPortalFetch(defaultApi: () => Promise<Backend>): void {
  defaultBackend = defaultApi;
  globalThis.fetch = portalFetch;
}

/** A fresh browser for each test: no cookies, no log, no overrides, no API yet. */
export function beginPortalTest(): void {
  state = {
    jar: new CookieJar(),
    requests: [],
    overrides: [],
    holds: [],
    strays: [],
    inFlight: new Set(),
    backend: undefined,
    used: false,
  };
}

/**
 * After each test: lets held and running requests finish, stops the API and deletes its database; throws
 * when the page asked another origin.
 */
export async function endPortalTest(): Promise<void> {
  const current = state;
  state = undefined;
  if (!current) return;
  for (const hold of current.holds) hold.release();
  const settled = Promise.allSettled([...current.inFlight]);
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (current.backend) await (await current.backend).close();
  if (current.strays.length > 0) {
    throw new Error(`O teste pediu fora do portal (${PORTAL_ORIGIN}):\n${current.strays.join('\n')}`);
  }
}

/** The test's API: seeded by a test before the page asks anything (realApi.ts). */
export function attachBackend(backend: Promise<Backend>): void {
  const current = activeState();
  if (current.used || current.backend) throw new Error('apiHarness: a API do teste já foi iniciada (semeie antes de renderizar)');
  current.backend = backend;
}

/** The cookies of the test's browser (the session cookie lands here, as in a browser). */
export function cookieJar(): CookieJar {
  return activeState().jar;
}

/** Sends a request as the page would (same origin, the jar's cookies) but outside the log: for seeding. */
export async function unloggedRequest(method: string, path: string, body?: unknown): Promise<Response> {
  const current = activeState();
  const url = new URL(path, PORTAL_ORIGIN);
  const request = new Request(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return forward(await backendOf(current), current.jar, method, url, browserHeaders(current, request, url), payload, undefined);
}

/** The request log of the running test, and its per-test overrides. */
export const requestLog = {
  /** Every request the page made so far, in order. */
  get requests(): RecordedRequest[] {
    return activeState().requests;
  },
  /** The paths (with query) asked so far, in order. */
  paths(): string[] {
    return activeState().requests.map((request) => request.path);
  },
  /**
   * The paths asked so far without the start's `GET /api/auth/me`, which every page asks once (docs/product.md §1,
   * departure 3): the list the specification's "exactly these calls" rules are about.
   */
  specPaths(): string[] {
    return activeState()
      .requests.filter((request) => !(request.method === 'GET' && request.path === SESSION_PATH))
      .map((request) => request.path);
  },
  /** The state-changing requests so far (not GET), as `{ method, path, body? }`. */
  writes(): Array<{ method: string; path: string; body?: unknown }> {
    return activeState()
      .requests.filter((request) => request.method !== 'GET' && request.method !== 'HEAD')
      .map(({ method, path, body }) => ({ method, path, ...(body === undefined ? {} : { body }) }));
  },
  /** How many times `GET path` was asked. */
  count(path: string): number {
    return activeState().requests.filter((request) => request.method === 'GET' && request.path === path).length;
  },
  /** Resolves once no request of the page is waiting for the API (answers already given are not awaited again). */
  async settled(): Promise<void> {
    const current = activeState();
    while (current.inFlight.size > 0) await Promise.allSettled([...current.inFlight]);
  },
  /** Override: answer every request whose path matches with this status and an error body, from now on. */
  failWith(match: string | RegExp, status: number): void {
    activeState().overrides.push({
      match: matcher(match),
      method: undefined,
      once: false,
      respond: () => jsonError(status, { code: 'internal', message: 'Erro interno.' }),
    });
  },
  /** Override: answer the next request with this method whose path matches with this status and error (once). */
  failNext(method: string, match: string | RegExp, status: number, error: Record<string, unknown>): void {
    activeState().overrides.push({ match: matcher(match), method, once: true, respond: () => jsonError(status, error) });
  },
  /**
   * Holds the requests whose path matches until the returned function is called; the real API answers them
   * then. Released by the harness at the end of the test at the latest.
   */
  hold(match: string | RegExp): () => void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    activeState().holds.push({ match: matcher(match), released, release });
    return release;
  },
};
