import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { signedInAgent, type Agent } from '../support/authAgent.ts';
import { sharedDatabase, type SharedDatabase } from '../support/sharedDatabase.ts';
import { hasPostgres } from '../support/testDatabases.ts';

interface Event {
  id: number;
  datetime: string;
  event_types: { name: string } | null;
}

const WINDOW = '/api/events?from=2027-03-01&to=2027-04-30';

/**
 * The API remembers the JSON of its public reads while the database is unchanged (issue 7). What a user would
 * notice if that went wrong: a leader's change, made through one instance, missing from what another instance
 * (or the same one) answers next. Every check here reads, writes elsewhere, and reads again at once.
 */
describe.each([
  { name: 'sqlite' as const, enabled: true },
  { name: 'postgres' as const, enabled: hasPostgres },
])('public reads after writes on $name', ({ name, enabled }) => {
  let shared: SharedDatabase;
  let a: Express;
  let b: Express;
  let adminOnB: Agent;

  beforeAll(async () => {
    if (!enabled) return;
    shared = await sharedDatabase(name);
    a = (await shared.instance()).app;
    const second = await shared.instance();
    b = second.app;
    ({ agent: adminOnB } = await signedInAgent(b, second.database, { role: 'admin' }));
  });
  afterAll(async () => {
    await shared?.dispose();
  });

  const windowOn = async (app: Express) => {
    const res = await request(app).get(WINDOW).expect(200);
    return res.body as Event[];
  };

  it.runIf(enabled)('an event created, edited and cancelled through one instance shows at once through the other', async () => {
    expect(await windowOn(a)).toEqual([]);
    expect(await windowOn(a)).toEqual([]); // asked twice: the second answer may come from memory

    const created = await adminOnB.post('/api/events').send({ datetime: '2027-03-14T19:30', event_type_id: null }).expect(201);
    const id = (created.body as Event).id;
    expect((await windowOn(a)).map((event) => event.id)).toEqual([id]);
    expect((await request(a).get(`/api/events/${id}`).expect(200)).body).toEqual({ id, datetime: '2027-03-14T22:30:00.000Z', event_types: null });

    const type = await adminOnB.post('/api/event-types').send({ name: 'Ensaio do coral' }).expect(201);
    await adminOnB.patch(`/api/events/${id}`).send({ datetime: '2027-03-15T20:00', event_type_id: (type.body as { id: number }).id }).expect(200);
    const edited = { id, datetime: '2027-03-15T23:00:00.000Z', event_types: { name: 'Ensaio do coral' } };
    expect(await windowOn(a)).toEqual([edited]);
    expect((await request(a).get(`/api/events/${id}`).expect(200)).body).toEqual(edited);

    await adminOnB.delete(`/api/events/${id}`).expect(204);
    expect(await windowOn(a)).toEqual([]);
    await request(a).get(`/api/events/${id}`).expect(404);
  });

  it.runIf(enabled)('a write by the instance that answered is seen by its own next read', async () => {
    const before = await windowOn(b);
    const created = await adminOnB.post('/api/events').send({ datetime: '2027-04-02T09:00', event_type_id: null }).expect(201);
    expect((await windowOn(b)).map((event) => event.id)).toEqual([...before.map((event) => event.id), (created.body as Event).id]);
  });

  it.runIf(enabled)('a change made straight in the database, outside any API (a script, the seed CLI), is seen too', async () => {
    const before = await windowOn(a);
    const outside = await shared.connect();
    const row = await outside.db.insertInto('events').values({ datetime: '2027-04-20T12:00:00.000Z', event_type_id: null }).returning('id').executeTakeFirstOrThrow();
    expect((await windowOn(a)).map((event) => event.id)).toEqual([...before.map((event) => event.id), row.id]);
    await outside.db.updateTable('events').set({ datetime: '2027-04-21T12:00:00.000Z' }).where('id', '=', row.id).execute();
    expect((await request(a).get(`/api/events/${row.id}`).expect(200)).body).toMatchObject({ datetime: '2027-04-21T12:00:00.000Z' });
  });

  it.runIf(enabled)('a browser revalidating gets 304 while nothing changed, and the new list after a change', async () => {
    const first = await request(a).get(WINDOW).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await request(a).get(WINDOW).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    await adminOnB.post('/api/events').send({ datetime: '2027-03-30T19:00', event_type_id: null }).expect(201);
    const changed = await request(a).get(WINDOW).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body as Event[]).length).toBe((first.body as Event[]).length + 1);
  });
});
