import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectEventShape } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/**
 * Issue 25, attack item 3: an event's church, title, description and location are for signed-in users
 * (docs/product.md §8, §11). An anonymous `?detail=` read goes through the session chain and is refused; the
 * specification's reads stay exactly as they are for everyone.
 */
describe.each(testDatabases)('event details are for signed-in users on $name', ({ open }) => {
  let w: NetworkWorld;
  let eventId: number;
  beforeAll(async () => {
    w = await networkWorld(open);
    eventId = await createNetworkEvent(w.admin.agent, {
      datetime: '2030-05-10T19:00',
      church_id: w.churchA,
      title: 'Célula da família Souza',
      description: 'Estudo e lanche.',
      location: 'Rua das Flores, 123, apto 45',
    });
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const DETAIL_READS = [
    () => `/api/events/${eventId}?detail=full`,
    () => '/api/events?from=2030-05-01&to=2030-05-31&detail=full',
    () => '/api/events?date=2030-05-10&detail=full',
    () => '/api/events?detail=full',
    () => `/api/events/${eventId}?detail=yes`,
    () => '/api/events?detail=',
  ];

  it('an anonymous ?detail= read answers 401 unauthenticated (pt-BR), never the details', async () => {
    for (const path of DETAIL_READS) {
      const res = await request(w.t.app).get(path());
      expectApiError(res, 401, 'unauthenticated');
      expect(res.text).not.toContain('Rua das Flores');
      expect(res.text).not.toContain('Souza');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // HEAD too: no body, same status.
    expect((await request(w.t.app).head(`/api/events/${eventId}?detail=full`)).status).toBe(401);
  });

  it('without detail, every caller reads exactly the specification’s keys, with the public ETag', async () => {
    const anonymous = request(w.t.app);
    for (const agent of [anonymous, w.member.agent, w.admin.agent]) {
      const one = await agent.get(`/api/events/${eventId}`).expect(200);
      expect(one.body).toEqual({ id: eventId, datetime: '2030-05-10T22:00:00.000Z', event_types: null });
      const range = await agent.get('/api/events?from=2030-05-01&to=2030-05-31').expect(200);
      for (const event of range.body) expectEventShape(event);
      expect(range.body.map((event: { id: number }) => event.id)).toContain(eventId);
      for (const event of (await agent.get('/api/events?date=2030-05-10').expect(200)).body) expectEventShape(event);
    }
    // The spec's read keeps being answered before the session chain: no no-store, revalidation still works on SQLite.
    const plain = await request(w.t.app).get(`/api/events/${eventId}`).expect(200);
    expect(plain.headers['cache-control']).not.toBe('no-store');
    // A malformed query stays a 400 for the spec's read.
    expectApiError(await request(w.t.app).get(`/api/events/${eventId}?foo=1`), 400, 'invalid_request');
  });

  it('a signed-in member reads the details; a bad detail= is 400 for them', async () => {
    const full = await w.member.agent.get(`/api/events/${eventId}?detail=full`).expect(200);
    expect(full.body).toMatchObject({ id: eventId, church_id: w.churchA, title: 'Célula da família Souza', location: 'Rua das Flores, 123, apto 45' });
    expect(full.headers['cache-control']).toBe('no-store');
    const range = await w.member.agent.get('/api/events?from=2030-05-01&to=2030-05-31&detail=full').expect(200);
    expect(range.body.find((event: { id: number }) => event.id === eventId)).toMatchObject({ description: 'Estudo e lanche.' });
    expectApiError(await w.member.agent.get(`/api/events/${eventId}?detail=yes`), 400, 'invalid_request');
    expectApiError(await w.member.agent.get('/api/events/2147483647?detail=full'), 404, 'not_found');
  });
});
