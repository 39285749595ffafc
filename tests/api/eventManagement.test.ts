import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { expectApiError, expectEventShape } from '../support/apiAssertions.ts';
import { createTestUser, signedInAgent, type Agent } from '../support/authAgent.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';
import { testDatabases } from '../support/testDatabases.ts';

interface ManagedEvent {
  id: number;
  datetime: string;
  event_types: { name: string } | null;
  series_id: number | null;
}

/** The details of an event that was given none: whole network, no texts, ending two hours after it starts. */
const noDetails = (datetime: string) => ({
  church_id: null,
  title: null,
  description: null,
  location: null,
  ends_at: new Date(Date.parse(datetime) + 2 * 60 * 60 * 1000).toISOString(),
  timezone: 'America/Sao_Paulo',
});

/**
 * Tests run in America/Sao_Paulo (UTC-3 all year), except those that use `ny`: a second API instance on the same
 * database whose network timezone is America/New_York (daylight saving on 8 March and 1 November 2026).
 */
describe.each(testDatabases)('event management API on $name', ({ open }) => {
  let t: ApiTestApp;
  let ny: ApiTestApp;
  let leader: Agent;
  let admin: Agent;
  let member: Agent;
  let nyLeader: Agent;
  let culto: number;
  let celula: number;
  let louvor: number;

  beforeAll(async () => {
    t = await apiTestApp(open);
    const nyConfig = testConfig({ APP_TIMEZONE: 'America/New_York' });
    ny = { ...t, config: nyConfig, app: createApiApp({ database: t.database, config: nyConfig, logger: silentLogger, now: () => t.clock.now }) };
    [{ agent: leader }, { agent: admin }, { agent: member }, { agent: nyLeader }] = await Promise.all([
      signedInAgent(t.app, t.database, { role: 'leader' }),
      signedInAgent(t.app, t.database, { role: 'admin' }),
      signedInAgent(t.app, t.database, { role: 'member' }),
      signedInAgent(ny.app, ny.database, { role: 'leader' }),
    ]);
    const types = await t.database.db.insertInto('event_types').values([{ name: 'Culto' }, { name: 'Célula' }]).returning(['id', 'name']).execute();
    culto = types.find((type) => type.name === 'Culto')!.id;
    celula = types.find((type) => type.name === 'Célula')!.id;
    louvor = (await t.database.db.selectFrom('departments').select('id').where('name', '=', 'Louvor').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.database.dispose();
  });

  const noServerError = (res: request.Response) => {
    expect(res.status, `answered ${res.status}: ${res.text}`).toBeLessThan(500);
    return res;
  };
  const create = async (body: unknown, agent = leader) => noServerError(await agent.post('/api/events').send(body as object));
  const patch = async (path: string, body: unknown, agent = leader) => noServerError(await agent.patch(path).send(body as object));
  const remove = async (path: string, agent = leader) => noServerError(await agent.delete(path));
  const created = async (body: unknown, agent = leader) => {
    const res = await create(body, agent);
    expect(res.status, res.text).toBe(201);
    return res.body as ManagedEvent;
  };
  /** The events of an inclusive day range, as everyone reads them. */
  const between = async (from: string, to: string, app = t) => {
    const res = await request(app.app).get(`/api/events?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    return res.body as Array<{ id: number; datetime: string; event_types: { name: string } | null }>;
  };
  const rowOf = (id: number, app = t) =>
    app.database.db.selectFrom('events').select(['id', 'datetime', 'event_type_id', 'series_id', 'series_slot']).where('id', '=', id).executeTakeFirst();
  const rowsOfSeries = (seriesId: number, app = t) =>
    app.database.db
      .selectFrom('events')
      .select(['id', 'datetime', 'event_type_id', 'series_id', 'series_slot'])
      .where('series_id', '=', seriesId)
      .orderBy('series_slot')
      .execute();
  const ruleOf = async (seriesId: number) => {
    const row = await t.database.db.selectFrom('series').select('rule').where('id', '=', seriesId).executeTakeFirst();
    return row && (JSON.parse(row.rule) as { start: string; repeat: Record<string, unknown>; event_type_id: number | null });
  };
  const counts = async () => ({
    events: (await t.database.db.selectFrom('events').select('id').execute()).length,
    series: (await t.database.db.selectFrom('series').select('id').execute()).length,
  });
  const allocate = async (eventId: number) => {
    const person = await createTestUser(t.database);
    return t.database.db
      .insertInto('allocations')
      .values({ event_id: eventId, department_id: louvor, member_id: person.id, allocated_by: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const allocationsOf = async (eventId: number) =>
    (await t.database.db.selectFrom('allocations').select('id').where('event_id', '=', eventId).execute()).length;

  describe('permissions', () => {
    it('refuses anonymous visitors (401) and members (403) without writing anything', async () => {
      const target = await created({ datetime: '2026-10-04T19:30', event_type_id: culto });
      const before = await counts();
      const anonymous = request(t.app);
      expectApiError(await anonymous.post('/api/events').send({ datetime: '2026-10-05T19:30', event_type_id: null }), 401, 'unauthenticated');
      expectApiError(await anonymous.patch(`/api/events/${target.id}`).send({ event_type_id: null }), 401, 'unauthenticated');
      expectApiError(await anonymous.delete(`/api/events/${target.id}`), 401, 'unauthenticated');
      expectApiError(await create({ datetime: '2026-10-05T19:30', event_type_id: null }, member), 403, 'forbidden');
      expectApiError(await patch(`/api/events/${target.id}`, { event_type_id: null }, member), 403, 'forbidden');
      expectApiError(await remove(`/api/events/${target.id}`, member), 403, 'forbidden');
      expect(await counts()).toEqual(before);
      expect(await rowOf(target.id)).toMatchObject({ event_type_id: culto });
    });

    it('lets leaders and admins create, edit and delete', async () => {
      for (const agent of [leader, admin]) {
        const event = await created({ datetime: '2026-10-06T19:30', event_type_id: null }, agent);
        expect((await patch(`/api/events/${event.id}`, { event_type_id: celula }, agent)).status).toBe(200);
        expect((await remove(`/api/events/${event.id}`, agent)).status).toBe(204);
        expect(await rowOf(event.id)).toBeUndefined();
      }
    });
  });

  describe('creating one event', () => {
    it('answers 201 with the spec keys plus series_id, and the event reads back in the spec shape', async () => {
      const res = await create({ datetime: '2026-12-06T19:30:00-03:00', event_type_id: culto });
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.body as object).sort()).toEqual(['church_id', 'datetime', 'description', 'ends_at', 'event_types', 'id', 'location', 'series_id', 'timezone', 'title']);
      expect(res.body).toMatchObject({ datetime: '2026-12-06T22:30:00.000Z', event_types: { name: 'Culto' }, series_id: null });
      const read = await request(t.app).get(`/api/events/${(res.body as ManagedEvent).id}`);
      expectEventShape(read.body);
      expect(read.body).toEqual({ id: (res.body as ManagedEvent).id, datetime: '2026-12-06T22:30:00.000Z', event_types: { name: 'Culto' } });
    });

    it('reads a time without offset in the network timezone, and an offset or Z as that instant', async () => {
      expect((await created({ datetime: '2026-12-07T19:30', event_type_id: null })).datetime).toBe('2026-12-07T22:30:00.000Z');
      expect((await created({ datetime: '2026-12-07T19:30:15', event_type_id: null })).datetime).toBe('2026-12-07T22:30:15.000Z');
      expect((await created({ datetime: '2026-12-07T19:30:00Z', event_type_id: null })).datetime).toBe('2026-12-07T19:30:00.000Z');
      expect((await created({ datetime: '2026-12-07T19:30:00+01:00', event_type_id: null })).datetime).toBe('2026-12-07T18:30:00.000Z');
      const untyped = await created({ datetime: '2026-12-07T21:00', event_type_id: null });
      expect(untyped.event_types).toBeNull();
    });

    it('reads a local time in New York by the offset in force that day', async () => {
      const winter = await created({ datetime: '2026-01-10T19:30', event_type_id: null }, nyLeader);
      const summer = await created({ datetime: '2026-07-10T19:30', event_type_id: null }, nyLeader);
      expect([winter.datetime, summer.datetime]).toEqual(['2026-01-11T00:30:00.000Z', '2026-07-10T23:30:00.000Z']);
    });
  });

  describe('validation', () => {
    const bad: Array<[string, unknown]> = [
      ['an impossible date', { datetime: '2026-02-30T10:00', event_type_id: null }],
      ['month 13', { datetime: '2026-13-01T10:00', event_type_id: null }],
      ['hour 24', { datetime: '2026-12-06T24:00', event_type_id: null }],
      ['a date without time', { datetime: '2026-12-06', event_type_id: null }],
      ['a Brazilian-style date', { datetime: '06/12/2026 19:30', event_type_id: null }],
      ['a bad offset', { datetime: '2026-12-06T19:30+25:00', event_type_id: null }],
      ['a number as datetime', { datetime: 1796000000000, event_type_id: null }],
      ['no datetime', { event_type_id: null }],
      ['no event_type_id', { datetime: '2026-12-06T19:30' }],
      ['a string type id', { datetime: '2026-12-06T19:30', event_type_id: '1' }],
      ['type id 0', { datetime: '2026-12-06T19:30', event_type_id: 0 }],
      ['an extra field', { datetime: '2026-12-06T19:30', event_type_id: null, name: 'Culto' }],
      ['repeat without until or count', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', interval: 1 } }],
      ['repeat with until and count', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', interval: 1, count: 2, until: '2026-12-31' } }],
      ['weekly interval 5', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', interval: 5, count: 2 } }],
      ['monthly nth 5', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'monthly', nth: 5, count: 2 } }],
      ['monthly without nth', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'monthly', count: 2 } }],
      ['daily', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'daily', count: 2 } }],
      ['an impossible until', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', until: '2026-12-32' } }],
      ['count 0', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', count: 0 } }],
      ['an extra repeat field', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', count: 2, byday: 'SU' } }],
      ['until before the first occurrence', { datetime: '2026-12-06T19:30', event_type_id: null, repeat: { freq: 'weekly', until: '2026-12-05' } }],
      ['an array', [{ datetime: '2026-12-06T19:30', event_type_id: null }]],
    ];

    it.each(bad)('refuses %s with 400 invalid_request and writes nothing', async (_name, body) => {
      const before = await counts();
      expectApiError(await create(body), 400, 'invalid_request');
      expect(await counts()).toEqual(before);
    });

    it('refuses malformed JSON with 400', async () => {
      const res = await leader.post('/api/events').set('Content-Type', 'application/json').send('{"datetime": ');
      expectApiError(res, 400, 'invalid_request');
    });

    it('refuses an unknown event type with 422 unknown_event_type', async () => {
      const before = await counts();
      expectApiError(await create({ datetime: '2026-12-06T19:30', event_type_id: 999999 }), 422, 'unknown_event_type');
      expectApiError(
        await create({ datetime: '2026-12-06T19:30', event_type_id: 999999, repeat: { freq: 'weekly', count: 3 } }),
        422,
        'unknown_event_type',
      );
      expect(await counts()).toEqual(before);
    });

    it('refuses more than 200 occurrences or more than 2 years with 422 too_many_occurrences', async () => {
      const before = await counts();
      for (const repeat of [
        { freq: 'weekly', interval: 1, count: 201 },
        { freq: 'weekly', interval: 1, count: 106 },
        { freq: 'weekly', interval: 4, until: '2029-12-31' },
        { freq: 'monthly', nth: 1, count: 30 },
      ]) {
        expectApiError(await create({ datetime: '2026-12-06T19:30', event_type_id: null, repeat }), 422, 'too_many_occurrences');
      }
      expect(await counts()).toEqual(before);
      // The largest weekly series that fits: 105 Sundays, two years to the day.
      const largest = await created({ datetime: '2030-01-06T19:30', event_type_id: null, repeat: { freq: 'weekly', interval: 1, count: 105 } });
      expect((await rowsOfSeries(largest.series_id!)).length).toBe(105);
    });

    it('refuses bad ids, scopes and bodies on PATCH and DELETE with 400, and missing events with 404', async () => {
      const event = await created({ datetime: '2026-12-08T19:30', event_type_id: null });
      for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
        expectApiError(await patch(`/api/events/${id}`, { event_type_id: null }), 400, 'invalid_request');
        expectApiError(await remove(`/api/events/${id}`), 400, 'invalid_request');
      }
      expectApiError(await patch(`/api/events/${event.id}?scope=all`, { event_type_id: null }), 400, 'invalid_request');
      expectApiError(await patch(`/api/events/${event.id}?scope=one&scope=following`, { event_type_id: null }), 400, 'invalid_request');
      expectApiError(await patch(`/api/events/${event.id}?other=1`, { event_type_id: null }), 400, 'invalid_request');
      expectApiError(await remove(`/api/events/${event.id}?scope=series`), 400, 'invalid_request');
      expectApiError(await remove(`/api/events/${event.id}?confirm=yes`), 400, 'invalid_request');
      expectApiError(await patch(`/api/events/${event.id}`, {}), 400, 'invalid_request');
      expectApiError(await patch(`/api/events/${event.id}`, { datetime: '2026-02-29T10:00' }), 400, 'invalid_request');
      expectApiError(await patch(`/api/events/${event.id}`, { repeat: { freq: 'weekly', count: 2 } }), 400, 'invalid_request');
      expectApiError(await patch(`/api/events/${event.id}`, { event_type_id: 999999 }), 422, 'unknown_event_type');
      expect(await rowOf(event.id)).toMatchObject({ datetime: '2026-12-08T22:30:00.000Z', event_type_id: null });
      expectApiError(await patch('/api/events/2147483647', { event_type_id: null }), 404, 'not_found');
      expectApiError(await remove('/api/events/2147483647'), 404, 'not_found');
    });
  });

  describe('repeating events', () => {
    it('creates a weekly series: a series row and one event per occurrence, each with its slot', async () => {
      const first = await created({ datetime: '2027-01-03T19:30', event_type_id: culto, repeat: { freq: 'weekly', interval: 2, count: 4 } });
      expect(first).toMatchObject({ datetime: '2027-01-03T22:30:00.000Z', event_types: { name: 'Culto' } });
      expect(first.series_id).toEqual(expect.any(Number));
      const rows = await rowsOfSeries(first.series_id!);
      expect(rows.map((row) => row.datetime)).toEqual([
        '2027-01-03T22:30:00.000Z',
        '2027-01-17T22:30:00.000Z',
        '2027-01-31T22:30:00.000Z',
        '2027-02-14T22:30:00.000Z',
      ]);
      expect(rows.every((row) => row.series_slot === row.datetime && row.event_type_id === culto)).toBe(true);
      expect(rows[0]!.id).toBe(first.id);
      const listed = await between('2027-01-01', '2027-02-28');
      expect(listed.filter((event) => rows.some((row) => row.id === event.id))).toHaveLength(4);
      listed.forEach(expectEventShape);
      expect(await ruleOf(first.series_id!)).toEqual({
        start: '2027-01-03T19:30:00.000',
        repeat: { freq: 'weekly', interval: 2, count: 4 },
        event_type_id: culto,
      });
    });

    it('creates a monthly series on the 3rd Wednesday and on the last Sunday, until an inclusive day', async () => {
      // 6 January 2027 is a Wednesday; its 3rd is the 20th.
      const third = await created({ datetime: '2027-01-06T20:00', event_type_id: null, repeat: { freq: 'monthly', nth: 3, until: '2027-04-21' } });
      expect(third.datetime).toBe('2027-01-20T23:00:00.000Z');
      expect((await rowsOfSeries(third.series_id!)).map((row) => row.datetime.slice(0, 10))).toEqual([
        '2027-01-20',
        '2027-02-17',
        '2027-03-17',
        '2027-04-21',
      ]);
      // 3 January 2027 is a Sunday; May 2027 has five Sundays (2 … 30).
      const last = await created({ datetime: '2027-01-03T09:00', event_type_id: null, repeat: { freq: 'monthly', nth: -1, count: 5 } });
      expect((await rowsOfSeries(last.series_id!)).map((row) => row.datetime.slice(0, 10))).toEqual([
        '2027-01-31',
        '2027-02-28',
        '2027-03-28',
        '2027-04-25',
        '2027-05-30',
      ]);
    });

    it('keeps 19:30 New York time across both daylight-saving changes', async () => {
      const spring = await created({ datetime: '2026-03-01T19:30', event_type_id: null, repeat: { freq: 'weekly', count: 3 } }, nyLeader);
      expect((await rowsOfSeries(spring.series_id!, ny)).map((row) => row.datetime)).toEqual([
        '2026-03-02T00:30:00.000Z',
        '2026-03-08T23:30:00.000Z',
        '2026-03-15T23:30:00.000Z',
      ]);
      const autumn = await created({ datetime: '2026-10-25T19:30', event_type_id: null, repeat: { freq: 'weekly', until: '2026-11-08' } }, nyLeader);
      const autumnRows = await rowsOfSeries(autumn.series_id!, ny);
      expect(autumnRows.map((row) => row.datetime)).toEqual(['2026-10-25T23:30:00.000Z', '2026-11-02T00:30:00.000Z', '2026-11-09T00:30:00.000Z']);
      // Each falls on its Sunday in New York: the last one is found by ?date= of that day.
      const lastDay = await request(ny.app).get('/api/events?date=2026-11-08');
      expect((lastDay.body as Array<{ id: number }>).map((event) => event.id)).toContain(autumnRows[2]!.id);
    });
  });

  describe('editing', () => {
    it('scope=one changes only that occurrence, which stays in its series with its slot', async () => {
      const first = await created({ datetime: '2027-02-07T19:30', event_type_id: culto, repeat: { freq: 'weekly', count: 3 } });
      const [, second, third] = await rowsOfSeries(first.series_id!);
      const res = await patch(`/api/events/${second!.id}?scope=one`, { datetime: '2027-02-13T18:00' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body as object).sort()).toEqual(['church_id', 'datetime', 'description', 'ends_at', 'event_types', 'id', 'location', 'series_id', 'timezone', 'title']);
      expect(res.body).toEqual({ id: second!.id, datetime: '2027-02-13T21:00:00.000Z', event_types: { name: 'Culto' }, series_id: first.series_id, ...noDetails('2027-02-13T21:00:00.000Z') });
      expect(await rowOf(second!.id)).toMatchObject({ series_id: first.series_id, series_slot: '2027-02-14T22:30:00.000Z' });
      // The default scope is one.
      expect((await patch(`/api/events/${third!.id}`, { event_type_id: null })).body).toMatchObject({ event_types: null, series_id: first.series_id });
      expect(await rowOf(first.id)).toMatchObject({ datetime: '2027-02-07T22:30:00.000Z', event_type_id: culto });
      expect(await rowOf(third!.id)).toMatchObject({ datetime: '2027-02-21T22:30:00.000Z', event_type_id: null });
      expect(await ruleOf(first.series_id!)).toMatchObject({ repeat: { count: 3 }, event_type_id: culto });
    });

    it('scope=following moves this and later occurrences by the same wall-clock change and splits the series', async () => {
      const first = await created({ datetime: '2027-03-07T19:30', event_type_id: culto, repeat: { freq: 'weekly', count: 5 } });
      const original = first.series_id!;
      const rows = await rowsOfSeries(original);
      const [e1, e2, e3, e4, e5] = rows.map((row) => row.id) as [number, number, number, number, number];
      const allocation = await allocate(e5);
      // The 4th was moved on its own to Saturday 18:00 earlier.
      expect((await patch(`/api/events/${e4}?scope=one`, { datetime: '2027-03-27T18:00' })).status).toBe(200);

      const res = await patch(`/api/events/${e3}?scope=following`, { datetime: '2027-03-21T20:00' });
      expect(res.status).toBe(200);
      const tail = (res.body as ManagedEvent).series_id!;
      expect(res.body).toEqual({ id: e3, datetime: '2027-03-21T23:00:00.000Z', event_types: { name: 'Culto' }, series_id: tail, ...noDetails('2027-03-21T23:00:00.000Z') });
      expect(tail).not.toBe(original);

      expect(await rowsOfSeries(original)).toEqual([
        { id: e1, datetime: '2027-03-07T22:30:00.000Z', event_type_id: culto, series_id: original, series_slot: '2027-03-07T22:30:00.000Z' },
        { id: e2, datetime: '2027-03-14T22:30:00.000Z', event_type_id: culto, series_id: original, series_slot: '2027-03-14T22:30:00.000Z' },
      ]);
      expect(await rowsOfSeries(tail)).toEqual([
        { id: e3, datetime: '2027-03-21T23:00:00.000Z', event_type_id: culto, series_id: tail, series_slot: '2027-03-21T23:00:00.000Z' },
        // Moved on its own before, it moves by the same +30 min and stays an exception to its new rule.
        { id: e4, datetime: '2027-03-27T21:30:00.000Z', event_type_id: culto, series_id: tail, series_slot: '2027-03-28T23:00:00.000Z' },
        { id: e5, datetime: '2027-04-04T23:00:00.000Z', event_type_id: culto, series_id: tail, series_slot: '2027-04-04T23:00:00.000Z' },
      ]);
      expect(await ruleOf(original)).toMatchObject({ start: '2027-03-07T19:30:00.000', repeat: { freq: 'weekly', interval: 1, count: 2 } });
      expect(await ruleOf(tail)).toEqual({ start: '2027-03-21T20:00:00.000', repeat: { freq: 'weekly', interval: 1, count: 3 }, event_type_id: culto });
      // Same rows, so the people allocated to them stay allocated.
      expect(await t.database.db.selectFrom('allocations').select('event_id').where('id', '=', allocation.id).executeTakeFirst()).toEqual({ event_id: e5 });

      // A type change from the 4th on: the 3rd keeps its type.
      const retyped = await patch(`/api/events/${e4}?scope=following`, { event_type_id: celula });
      expect(retyped.body).toMatchObject({ id: e4, datetime: '2027-03-27T21:30:00.000Z', event_types: { name: 'Célula' } });
      expect((await rowOf(e3))!.event_type_id).toBe(culto);
      expect((await rowOf(e5))!.event_type_id).toBe(celula);
      expect((await rowOf(e5))!.series_id).toBe((retyped.body as ManagedEvent).series_id);
    });

    it('scope=following from the first occurrence rewrites the series in place, across days', async () => {
      const first = await created({ datetime: '2027-05-02T19:00', event_type_id: culto, repeat: { freq: 'weekly', count: 3 } });
      const res = await patch(`/api/events/${first.id}?scope=following`, { datetime: '2027-05-03T19:00', event_type_id: celula });
      expect(res.body).toMatchObject({ id: first.id, series_id: first.series_id, event_types: { name: 'Célula' } });
      expect((await rowsOfSeries(first.series_id!)).map((row) => [row.datetime, row.event_type_id])).toEqual([
        ['2027-05-03T22:00:00.000Z', celula],
        ['2027-05-10T22:00:00.000Z', celula],
        ['2027-05-17T22:00:00.000Z', celula],
      ]);
      expect(await ruleOf(first.series_id!)).toMatchObject({ start: '2027-05-03T19:00:00.000', event_type_id: celula });
    });

    it('scope=following rewrites the series in place when the earlier occurrences were all deleted', async () => {
      const first = await created({ datetime: '2027-05-09T19:00', event_type_id: culto, repeat: { freq: 'weekly', count: 3 } });
      const [, second, third] = await rowsOfSeries(first.series_id!);
      expect((await remove(`/api/events/${first.id}`)).status).toBe(204);
      const res = await patch(`/api/events/${second!.id}?scope=following`, { datetime: '2027-05-16T18:00' });
      expect(res.body).toMatchObject({ id: second!.id, series_id: first.series_id, datetime: '2027-05-16T21:00:00.000Z' });
      expect((await rowsOfSeries(first.series_id!)).map((row) => [row.id, row.datetime, row.series_slot])).toEqual([
        [second!.id, '2027-05-16T21:00:00.000Z', '2027-05-16T21:00:00.000Z'],
        [third!.id, '2027-05-23T21:00:00.000Z', '2027-05-23T21:00:00.000Z'],
      ]);
      expect(await ruleOf(first.series_id!)).toEqual({ start: '2027-05-16T18:00:00.000', repeat: { freq: 'weekly', interval: 1, count: 2 }, event_type_id: culto });
    });

    it('scope=following keeps the new wall-clock time across a daylight-saving change (New York)', async () => {
      const first = await created({ datetime: '2026-10-18T19:00', event_type_id: null, repeat: { freq: 'weekly', count: 4 } }, nyLeader);
      const res = await patch(`/api/events/${first.id}?scope=following`, { datetime: '2026-10-18T19:30' }, nyLeader);
      expect(res.status).toBe(200);
      expect((await rowsOfSeries(first.series_id!, ny)).map((row) => row.datetime)).toEqual([
        '2026-10-18T23:30:00.000Z',
        '2026-10-25T23:30:00.000Z',
        '2026-11-02T00:30:00.000Z',
        '2026-11-09T00:30:00.000Z',
      ]);
    });

    it('scope=following on an event without a series edits just it', async () => {
      const event = await created({ datetime: '2027-05-20T19:00', event_type_id: null });
      const res = await patch(`/api/events/${event.id}?scope=following`, { datetime: '2027-05-20T20:00' });
      expect(res.body).toEqual({ id: event.id, datetime: '2027-05-20T23:00:00.000Z', event_types: null, series_id: null, ...noDetails('2027-05-20T23:00:00.000Z') });
    });
  });

  describe('deleting', () => {
    it('scope=one deletes only that occurrence', async () => {
      const first = await created({ datetime: '2027-06-06T19:30', event_type_id: null, repeat: { freq: 'weekly', count: 3 } });
      const [, second] = await rowsOfSeries(first.series_id!);
      const res = await remove(`/api/events/${second!.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectApiError(await request(t.app).get(`/api/events/${second!.id}`), 404, 'not_found');
      expect((await rowsOfSeries(first.series_id!)).map((row) => row.datetime)).toEqual(['2027-06-06T22:30:00.000Z', '2027-06-20T22:30:00.000Z']);
      expect(await ruleOf(first.series_id!)).toMatchObject({ repeat: { count: 3 } });
      expectApiError(await remove(`/api/events/${second!.id}`), 404, 'not_found');
    });

    it('scope=following deletes this and later occurrences and ends the rule before them', async () => {
      const first = await created({ datetime: '2027-07-04T19:30', event_type_id: null, repeat: { freq: 'weekly', until: '2027-08-01' } });
      const rows = await rowsOfSeries(first.series_id!);
      expect(rows).toHaveLength(5);
      expect((await remove(`/api/events/${rows[2]!.id}?scope=following`)).status).toBe(204);
      expect((await rowsOfSeries(first.series_id!)).map((row) => row.id)).toEqual([rows[0]!.id, rows[1]!.id]);
      expect(await ruleOf(first.series_id!)).toMatchObject({ repeat: { freq: 'weekly', count: 2 } });
      expect((await ruleOf(first.series_id!))!.repeat).not.toHaveProperty('until');
      // From the first occurrence: nothing is left, not even the series.
      expect((await remove(`/api/events/${first.id}?scope=following`)).status).toBe(204);
      expect(await rowsOfSeries(first.series_id!)).toEqual([]);
      expect(await ruleOf(first.series_id!)).toBeUndefined();
    });

    it('answers 409 has_allocations while people are allocated, and confirm=true removes them too', async () => {
      const event = await created({ datetime: '2027-08-08T19:30', event_type_id: culto });
      await allocate(event.id);
      const refused = await remove(`/api/events/${event.id}`);
      expectApiError(refused, 409, 'has_allocations');
      expect(refused.body).toMatchObject({ error: { allocations: 1 } });
      expect((refused.body as { error: { message: string } }).error.message).toContain('1 pessoa escalada');
      expect(await rowOf(event.id)).toBeDefined();
      expect(await allocationsOf(event.id)).toBe(1);
      expectApiError(await remove(`/api/events/${event.id}?confirm=false`), 409, 'has_allocations');

      expect((await remove(`/api/events/${event.id}?confirm=true`)).status).toBe(204);
      expect(await rowOf(event.id)).toBeUndefined();
      expect(await allocationsOf(event.id)).toBe(0);
    });

    it('counts the allocations of every occurrence a following delete would remove', async () => {
      const first = await created({ datetime: '2027-09-05T19:30', event_type_id: culto, repeat: { freq: 'weekly', count: 3 } });
      const rows = await rowsOfSeries(first.series_id!);
      await allocate(rows[1]!.id);
      await allocate(rows[2]!.id);
      await allocate(rows[2]!.id);
      const refused = await remove(`/api/events/${first.id}?scope=following`);
      expectApiError(refused, 409, 'has_allocations');
      expect((refused.body as { error: { message: string } }).error.message).toContain('3 pessoas escaladas nestes 3 eventos');
      expect(await rowsOfSeries(first.series_id!)).toHaveLength(3);
      // Deleting just the first needs no confirmation: nobody serves at it.
      expect((await remove(`/api/events/${first.id}`)).status).toBe(204);
      expect((await remove(`/api/events/${rows[1]!.id}?scope=following&confirm=true`)).status).toBe(204);
      expect(await rowsOfSeries(first.series_id!)).toEqual([]);
      expect(await allocationsOf(rows[2]!.id)).toBe(0);
    });
  });
});
