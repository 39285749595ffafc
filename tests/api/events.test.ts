import http from 'node:http';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonArray } from '../../server/http/sendJsonArray.ts';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { expectApiError, expectEventShape } from '../support/apiAssertions.ts';
import { rawRequest, withListeningApp } from '../support/rawHttp.ts';
import { insertEvents, insertManyEvents, type EventFixture } from '../support/eventFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';

interface ApiEvent {
  id: number;
  datetime: string;
  event_types: { name: string } | null;
}

/**
 * The network timezone of these tests is America/Sao_Paulo (UTC-3, no daylight saving since 2019).
 * Inserted out of order on purpose; `a` and `a2` share an instant.
 */
const FIXTURES = {
  c: { datetime: '2026-11-23T03:30:00.000Z', type: 'Célula' }, // 00:30 on 23/11
  late: { datetime: '2026-11-23T02:30:00.000Z', type: null }, // 23:30 on 22/11, no type
  a: { datetime: '2026-11-22T22:30:00.000Z', type: 'Culto' }, // 19:30 on 22/11
  g: { datetime: '2026-12-31T12:00:00.000Z', type: 'Culto' }, // 09:00 on 31/12
  a2: { datetime: '2026-11-22T22:30:00.000Z', type: 'Ensaio' }, // the same instant as `a`
  midnight: { datetime: '2026-11-21T03:00:00.000Z', type: 'Vigília' }, // 00:00 on 21/11
  lastMs: { datetime: '2026-11-21T02:59:59.999Z', type: 'Vigília' }, // 23:59:59.999 on 20/11
} satisfies Record<string, EventFixture>;
type Name = keyof typeof FIXTURES;
const SORTED: Name[] = ['lastMs', 'midnight', 'a', 'a2', 'late', 'c', 'g'];

describe.each(testDatabases)('events API on $name', ({ open }) => {
  let t: ApiTestApp;
  const id = {} as Record<Name, number>;

  beforeAll(async () => {
    t = await apiTestApp(open);
    const names = Object.keys(FIXTURES) as Name[];
    const ids = await insertEvents(
      t.database.db,
      names.map((name) => FIXTURES[name]),
    );
    names.forEach((name, index) => (id[name] = ids[index]!));
  });
  afterAll(async () => {
    await t?.database.dispose();
  });

  const get = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status, `${path} answered ${res.status}: ${res.text}`).toBeLessThan(500);
    return res;
  };
  const idsOf = (res: request.Response) => (res.body as ApiEvent[]).map((event) => event.id);
  const idsNamed = (...names: Name[]) => names.map((name) => id[name]);

  it('lists every event ordered by datetime then id, with exactly the specified keys', async () => {
    const res = await get('/api/events');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(idsOf(res)).toEqual(idsNamed(...SORTED));
    for (const event of res.body as ApiEvent[]) expectEventShape(event);
    const byId = new Map((res.body as ApiEvent[]).map((event) => [event.id, event]));
    expect(byId.get(id.a)).toEqual({ id: id.a, datetime: '2026-11-22T22:30:00.000Z', event_types: { name: 'Culto' } });
    expect(byId.get(id.late)).toEqual({ id: id.late, datetime: '2026-11-23T02:30:00.000Z', event_types: null });
    expect(byId.get(id.c)?.event_types).toEqual({ name: 'Célula' });
  });

  it('returns one event by id with the same keys, and 404 JSON when there is none', async () => {
    const one = await get(`/api/events/${id.late}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ id: id.late, datetime: '2026-11-23T02:30:00.000Z', event_types: null });
    const typed = await get(`/api/events/${id.a2}`);
    expect(typed.body).toEqual({ id: id.a2, datetime: '2026-11-22T22:30:00.000Z', event_types: { name: 'Ensaio' } });

    expectApiError(await get('/api/events/2147483647'), 404, 'not_found');
    expectApiError(await get(`/api/events/${Math.max(...Object.values(id)) + 1}`), 404, 'not_found');
  });

  it('?date= gives the events of that day in the network timezone', async () => {
    // 23:30 local on 22/11 is 02:30Z on 23/11: it belongs to the 22nd only.
    expect(idsOf(await get('/api/events?date=2026-11-22'))).toEqual(idsNamed('a', 'a2', 'late'));
    // 00:30 local on 23/11 is on the 23rd, not the 22nd.
    expect(idsOf(await get('/api/events?date=2026-11-23'))).toEqual(idsNamed('c'));
    // Both edges of a day: its first instant belongs to it, the millisecond before does not.
    expect(idsOf(await get('/api/events?date=2026-11-21'))).toEqual(idsNamed('midnight'));
    expect(idsOf(await get('/api/events?date=2026-11-20'))).toEqual(idsNamed('lastMs'));
    const empty = await get('/api/events?date=2026-11-24');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    for (const event of (await get('/api/events?date=2026-11-22')).body as ApiEvent[]) expectEventShape(event);
  });

  it('?from=&to= is an inclusive range of network days', async () => {
    expect(idsOf(await get('/api/events?from=2026-11-21&to=2026-11-22'))).toEqual(idsNamed('midnight', 'a', 'a2', 'late'));
    expect(idsOf(await get('/api/events?from=2026-11-23&to=2026-11-23'))).toEqual(idsNamed('c'));
    expect(idsOf(await get('/api/events?from=2026-11-20&to=2026-12-31'))).toEqual(idsNamed(...SORTED));
    expect(idsOf(await get('/api/events?from=2026-11-24&to=2026-12-30'))).toEqual([]);
    // 366 days counted inclusively is the most a range may span.
    expect((await get('/api/events?from=2026-01-01&to=2027-01-01')).status).toBe(200);
    expect((await get('/api/events?from=2028-01-01&to=2028-12-31')).status).toBe(200);
  });

  it.each([
    ['an impossible date', '/api/events?date=2026-13-45'],
    ['the 30th of February', '/api/events?date=2026-02-30'],
    ['a date that is not yyyy-MM-dd', '/api/events?date=22/11/2026'],
    ['an empty date', '/api/events?date='],
    ['a non-numeric id', '/api/events/abc'],
    ['id 0', '/api/events/0'],
    ['an id beyond 32 bits', '/api/events/99999999999'],
    ['an id just beyond the largest', '/api/events/2147483648'],
    ['a fractional id', '/api/events/1.5'],
    ['a negative id', '/api/events/-1'],
    ['an id with leading zeros', '/api/events/007'],
    ['an id with an exponent', '/api/events/1e3'],
    ['a malformed %-escape in the path', '/api/events/%E0%A4%A'],
    ['a span over 366 days', '/api/events?from=2026-01-01&to=2027-01-02'],
    ['to before from', '/api/events?from=2026-11-23&to=2026-11-22'],
    ['only from', '/api/events?from=2026-11-22'],
    ['only to', '/api/events?to=2026-11-22'],
    ['date together with from', '/api/events?date=2026-11-22&from=2026-11-22'],
    ['an unknown query parameter', '/api/events?limit=10'],
    ['an unknown parameter next to date', '/api/events?date=2026-11-22&x=1'],
    ['a repeated date', '/api/events?date=2026-11-22&date=2026-11-23'],
    ['a repeated from', '/api/events?from=2026-11-22&from=2026-11-23&to=2026-11-24'],
    ['bracket syntax', '/api/events?date[gt]=2026-11-22'],
  ])('400 invalid_request in pt-BR for %s', async (_what, path) => {
    expectApiError(await get(path), 400, 'invalid_request');
  });

  it.each(['/api/nope', '/api', '/api/events/1/nope', '/api/event'])('404 JSON for the unknown API path %s', async (path) => {
    expectApiError(await get(path), 404, 'not_found');
  });

  it('answers a malformed JSON body with 400 and a body over 100 kB with 413, as JSON', async () => {
    const malformed = await request(t.app).post('/api/nope').set('Content-Type', 'application/json').send('{"name": ');
    expectApiError(malformed, 400, 'invalid_request');

    const big = JSON.stringify({ text: 'x'.repeat(101 * 1024) });
    expectApiError(await request(t.app).post('/api/nope').set('Content-Type', 'application/json').send(big), 413, 'payload_too_large');

    // Compressed bodies, sent byte for byte.
    const gzipPost = (body: Buffer) =>
      withListeningApp(t.app, (port) =>
        rawRequest(port, {
          method: 'POST',
          path: '/api/nope',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': body.length },
          body,
        }),
      );
    const corrupt = await gzipPost(Buffer.from('not gzip at all'));
    expectApiError({ ...corrupt, body: corrupt.json }, 400, 'invalid_request');
    // A gzip bomb is measured after inflating.
    const bomb = await gzipPost(zlib.gzipSync(JSON.stringify({ text: ' '.repeat(2 * 1024 * 1024) })));
    expectApiError({ ...bomb, body: bomb.json }, 413, 'payload_too_large');
  });
});

describe.each(testDatabases)('the full list on $name, over several pages', ({ open }) => {
  let t: ApiTestApp;
  afterAll(async () => {
    await t?.database.dispose();
  });

  it('streams 4,500 events in order (page size 2,000), ties at the page edges included', async () => {
    t = await apiTestApp(open);
    // Three events per minute, inserted in a scrambled order, so each page boundary falls inside a tie.
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const fixtures: EventFixture[] = [];
    for (let i = 0; i < 4500; i++) {
      const slot = (i * 7919) % 1500; // a permutation of 0..1499, three times over
      fixtures.push({ datetime: new Date(base + slot * 60_000).toISOString(), type: i % 5 === 0 ? null : 'Culto' });
    }
    expect(await insertManyEvents(t.database.db, fixtures)).toBe(4500);

    const res = await request(t.app).get('/api/events');
    expect(res.status).toBe(200);
    const events = res.body as ApiEvent[];
    expect(events).toHaveLength(4500);
    expect(new Set(events.map((event) => event.id)).size).toBe(4500);
    for (let i = 1; i < events.length; i++) {
      const previous = events[i - 1]!;
      const current = events[i]!;
      const inOrder = previous.datetime < current.datetime || (previous.datetime === current.datetime && previous.id < current.id);
      if (!inOrder) expect.fail(`out of order at ${i}: ${JSON.stringify(previous)} then ${JSON.stringify(current)}`);
    }
    expectEventShape(events[0]);
    expectEventShape(events[4499]);
    expect(events.filter((event) => event.event_types === null)).toHaveLength(900);
  });
});

describe('streaming a list to a client that goes away', () => {
  it('stops reading pages and ends the handler instead of waiting forever for the client', async () => {
    let pagesRead = 0;
    let sourceClosed!: () => void;
    const closed = new Promise<void>((resolve) => (sourceClosed = resolve));
    let handlerDone!: (outcome: string) => void;
    const handled = new Promise<string>((resolve) => (handlerDone = resolve));
    async function* endless() {
      try {
        for (;;) {
          pagesRead += 1;
          yield Array.from({ length: 500 }, (_, i) => ({ id: pagesRead * 1000 + i, text: 'x'.repeat(200) }));
        }
      } finally {
        sourceClosed();
      }
    }
    const app = express();
    app.get('/list', (_req, res) => {
      sendJsonArray(res, endless()).then(
        () => handlerDone('returned'),
        (error: unknown) => handlerDone(`threw ${String(error)}`),
      );
    });
    await withListeningApp(app, async (port) => {
      await new Promise<void>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/list', agent: false }, (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', () => {
              res.destroy();
              resolve();
            });
          })
          .on('error', reject);
      });
      await closed;
      expect(await handled).toBe('returned');
      expect(pagesRead).toBeGreaterThan(0);
    });
  });
});
