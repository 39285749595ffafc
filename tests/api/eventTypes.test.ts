import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { expectApiError } from '../support/apiAssertions.ts';
import { signedInAgent, type Agent } from '../support/authAgent.ts';
import { testDatabases } from '../support/testDatabases.ts';

describe.each(testDatabases)('event types API on $name', ({ open }) => {
  let t: ApiTestApp;
  let admin: Agent;
  let leader: Agent;
  let member: Agent;

  beforeAll(async () => {
    t = await apiTestApp(open);
    [{ agent: admin }, { agent: leader }, { agent: member }] = await Promise.all([
      signedInAgent(t.app, t.database, { role: 'admin' }),
      signedInAgent(t.app, t.database, { role: 'leader' }),
      signedInAgent(t.app, t.database, { role: 'member' }),
    ]);
  });
  afterAll(async () => {
    await t?.database.dispose();
  });

  const names = async () => (await t.database.db.selectFrom('event_types').select('name').execute()).map((row) => row.name).sort();

  it('lists no types on an empty database, to anyone', async () => {
    const res = await request(t.app).get('/api/event-types');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual([]);
  });

  it('lets only admins create a type: anonymous 401, member and leader 403', async () => {
    expectApiError(await request(t.app).post('/api/event-types').send({ name: 'Vigília' }), 401, 'unauthenticated');
    expectApiError(await member.post('/api/event-types').send({ name: 'Vigília' }), 403, 'forbidden');
    expectApiError(await leader.post('/api/event-types').send({ name: 'Vigília' }), 403, 'forbidden');
    expect(await names()).toEqual([]);

    const res = await admin.post('/api/event-types').send({ name: '  Vigília   de  oração ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Vigília de oração' });
    expect(Object.keys(res.body as object).sort()).toEqual(['id', 'name']);
    expect(await names()).toEqual(['Vigília de oração']);
  });

  it('refuses a name that exists, whatever its case, accents or spacing, with 409 event_type_exists', async () => {
    expect((await admin.post('/api/event-types').send({ name: 'Célula' })).status).toBe(201);
    for (const name of ['Célula', 'célula', 'CELULA', ' Ce\u0301lula ']) {
      expectApiError(await admin.post('/api/event-types').send({ name }), 409, 'event_type_exists');
    }
    expect((await names()).filter((name) => name.toLowerCase().startsWith('c'))).toEqual(['Célula']);
  });

  it('refuses bad bodies with 400 invalid_request', async () => {
    const before = await names();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 12 }, { name: 'Culto', extra: true }, ['Culto']]) {
      expectApiError(await admin.post('/api/event-types').send(body), 400, 'invalid_request');
    }
    expect(await names()).toEqual(before);
  });

  it('lists every type as { id, name } in pt-BR alphabetical order', async () => {
    for (const name of ['Culto', 'Ágape', 'ensaio', 'Escola Bíblica']) {
      expect((await admin.post('/api/event-types').send({ name })).status).toBe(201);
    }
    const res = await request(t.app).get('/api/event-types');
    expect(res.status).toBe(200);
    const list = res.body as Array<{ id: number; name: string }>;
    expect(list.map((type) => type.name)).toEqual(['Ágape', 'Célula', 'Culto', 'ensaio', 'Escola Bíblica', 'Vigília de oração']);
    for (const type of list) {
      expect(Object.keys(type).sort()).toEqual(['id', 'name']);
      expect(Number.isInteger(type.id)).toBe(true);
    }
  });

  it('offers a new type to event creation at once', async () => {
    const created = await admin.post('/api/event-types').send({ name: 'Conferência' });
    const res = await leader.post('/api/events').send({ datetime: '2026-12-12T10:00', event_type_id: (created.body as { id: number }).id });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ event_types: { name: 'Conferência' } });
  });
});
