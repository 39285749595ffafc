import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import type { Agent } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from './networkWorld.ts';

/** What a path id may not be (docs/api.md §4: ids are integers 1 … 2147483647; anything else in a path is 400). */
const BAD_IDS = ['0', '-1', 'abc', '99999999999', '2147483648', '1.5', '1e3', '007', '%20'];
/** Well-formed, but no such row. */
const UNKNOWN_ID = 2_147_483_647;

/**
 * The network's calls (docs/product.md §8) under bad input: malformed ids, wrong types, extra fields, bodies over the
 * limit and ids of nothing answer a 4xx `{ error: { code, message } }` in pt-BR — never a 500 — and write nothing.
 */
describe.each(testDatabases)('the network’s calls under bad input on $name', ({ open }) => {
  let w: NetworkWorld;
  let eventId: number;

  beforeAll(async () => {
    w = await networkWorld(open);
    eventId = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-01T19:00', church_id: w.churchA });
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  type Ids = { church: string; department: string; user: string; event: string };
  type Call = (agent: Agent) => Promise<Parameters<typeof expectApiError>[0]>;

  /** Every call of the network with path ids, as the admin makes it; `team`: those under /api/teams. */
  function calls(ids: Ids): Array<{ name: string; team: boolean; call: Call }> {
    const team = `/api/teams/${ids.church}/${ids.department}/members`;
    return [
      { name: 'GET positions', team: false, call: (a) => a.get(`/api/departments/${ids.department}/positions`) },
      { name: 'POST positions', team: false, call: (a) => a.post(`/api/departments/${ids.department}/positions`).send({ name: 'Guitarra' }) },
      { name: 'GET team', team: true, call: (a) => a.get(team) },
      { name: 'PUT team member', team: true, call: (a) => a.put(`${team}/${ids.user}`).send({ positions: [] }) },
      { name: 'DELETE team member', team: true, call: (a) => a.delete(`${team}/${ids.user}`) },
      { name: 'PATCH user', team: false, call: (a) => a.patch(`/api/users/${ids.user}`).send({ role: 'leader' }) },
      { name: 'GET needs', team: false, call: (a) => a.get(`/api/events/${ids.event}/needs`) },
      { name: 'PUT needs', team: false, call: (a) => a.put(`/api/events/${ids.event}/needs`).send([]) },
      { name: 'GET candidates', team: false, call: (a) => a.get(`/api/events/${ids.event}/candidates`) },
      {
        name: 'POST allocation',
        team: false,
        call: (a) => a.post(`/api/events/${ids.event}/allocations`).send({ department: w.louvor, member: w.member.user.id }),
      },
    ];
  }

  /**
   * Each call once with every id it takes bad, then each team call with one bad id beside real ones (the church;
   * the department; the user), so every id of every path is tried alone.
   */
  function callsWith(bad: string): Array<{ label: string; call: Call }> {
    const real = { church: String(w.churchA), department: String(w.louvor), user: String(w.member.user.id) };
    const allBad = calls({ church: bad, department: bad, user: bad, event: bad }).map(({ name, call }) => ({ label: `${name} (${bad})`, call }));
    const oneBad = (ids: Ids, which: string) =>
      calls(ids)
        .filter((entry) => entry.team && (which !== 'user' || entry.name !== 'GET team'))
        .map(({ name, call }) => ({ label: `${name} (${which} ${bad})`, call }));
    return [
      ...allBad,
      ...oneBad({ ...real, church: bad, event: bad }, 'church'),
      ...oneBad({ ...real, department: bad, event: bad }, 'department'),
      ...oneBad({ ...real, user: bad, event: bad }, 'user'),
    ];
  }

  it('answers 400 for an id that is not a positive 32-bit integer, in every path', async () => {
    for (const bad of BAD_IDS) {
      for (const { label, call } of callsWith(bad)) {
        const res = await call(w.admin.agent);
        expect(res.status, label).toBe(400);
        expectApiError(res, 400, 'invalid_request');
      }
      expectApiError(await w.admin.agent.get(`/api/escalas/overview?church_id=${bad}`), 400, 'invalid_request');
      expectApiError(await w.admin.agent.get(`/api/escalas/overview?department_id=${bad}`), 400, 'invalid_request');
    }
  });

  it('answers 404 for an id of nothing, in every path', async () => {
    for (const { label, call } of callsWith(String(UNKNOWN_ID))) {
      const res = await call(w.admin.agent);
      expect(res.status, label).toBe(404);
      expectApiError(res, 404, 'not_found');
    }
  });

  it('answers 400 for bodies of the wrong type or with extra fields, 413 over 100 kB, and writes nothing', async () => {
    const member = `/api/teams/${w.churchA}/${w.louvor}/members/${w.member.user.id}`;
    const needs = `/api/events/${eventId}/needs`;
    const wrong: unknown[] = [0, -1, 'abc', 99_999_999_999, 1.5, true, null, [], {}, '1'];
    const isId = (value: unknown) => Number.isInteger(value) && (value as number) > 0 && (value as number) <= UNKNOWN_ID;
    /** Each field, and which of the values above are well-formed for it (those are left out). */
    const cases: Array<[string, (value: unknown) => Promise<unknown>, (value: unknown) => boolean]> = [
      ['POST church name', (value) => w.admin.agent.post('/api/churches').send({ name: value }), (value) => typeof value === 'string'],
      [
        'POST event church_id',
        (value) => w.admin.agent.post('/api/events').send({ datetime: '2030-03-02T19:00', event_type_id: null, church_id: value }),
        (value) => value === null || isId(value),
      ],
      ['PATCH event church_id', (value) => w.admin.agent.patch(`/api/events/${eventId}`).send({ church_id: value }), (value) => value === null || isId(value)],
      ['PUT needs department_id', (value) => w.admin.agent.put(needs).send([{ department_id: value, position_id: null, count: 1 }]), isId],
      [
        'PUT needs position_id',
        (value) => w.admin.agent.put(needs).send([{ department_id: w.louvor, position_id: value, count: 1 }]),
        (value) => value === null || isId(value),
      ],
      ['PUT needs count', (value) => w.admin.agent.put(needs).send([{ department_id: w.louvor, position_id: null, count: value }]), (value) => value === 0],
      ['PUT team positions', (value) => w.admin.agent.put(member).send({ positions: [value] }), isId],
      ['PUT team leader', (value) => w.admin.agent.put(member).send({ positions: [], leader: value }), (value) => typeof value === 'boolean'],
      [
        'POST allocation position',
        (value) => w.admin.agent.post(`/api/events/${eventId}/allocations`).send({ department: w.louvor, member: w.member.user.id, position: value }),
        (value) => value === null || isId(value),
      ],
      ['PATCH user role', (value) => w.admin.agent.patch(`/api/users/${w.member.user.id}`).send({ role: value }), () => false],
    ];
    for (const [name, call, accepts] of cases) {
      for (const value of wrong.filter((candidate) => !accepts(candidate))) {
        const res = (await call(value)) as Parameters<typeof expectApiError>[0];
        expect(res.status, `${name} ${JSON.stringify(value)}`).toBe(400);
        expectApiError(res, 400, 'invalid_request');
      }
    }
    for (const [name, res] of [
      ['church', await w.admin.agent.post('/api/churches').send({ name: 'Nova', pastor: 'x' })],
      ['team', await w.admin.agent.put(member).send({ positions: [], role: 'leader' })],
      ['needs', await w.admin.agent.put(needs).send([{ department_id: w.louvor, position_id: null, count: 1, note: 'x' }])],
      ['position', await w.admin.agent.post(`/api/departments/${w.louvor}/positions`).send({ name: 'Baixo', order: 1 })],
      ['role', await w.admin.agent.patch(`/api/users/${w.member.user.id}`).send({ role: 'leader', name: 'x' })],
    ] as const) {
      expect(res.status, name).toBe(400);
      expectApiError(res, 400, 'invalid_request');
      expect(res.body.error.message, name).toMatch(/Campo não permitido/);
    }
    const big = 'x'.repeat(120_000);
    expectApiError(await w.admin.agent.post('/api/churches').send({ name: big }), 413, 'payload_too_large');
    expectApiError(await w.admin.agent.put(needs).send(Array.from({ length: 3000 }, () => ({ department_id: w.louvor, position_id: null, count: 1 }))), 413, 'payload_too_large');
    expectApiError(await w.admin.agent.put(member).send({ positions: Array.from({ length: 20_000 }, (_, i) => i + 1) }), 413, 'payload_too_large');

    // Nothing of the above was written.
    expect((await w.t.database.db.selectFrom('churches').select('name').execute()).map((row) => row.name).sort()).toEqual(['Igreja A', 'Igreja B']);
    expect(await w.t.database.db.selectFrom('event_needs').selectAll().execute()).toEqual([]);
    expect(await w.t.database.db.selectFrom('team_members').select('user_id').where('user_id', '=', w.member.user.id).execute()).toEqual([]);
    expect(await w.t.database.db.selectFrom('allocations').selectAll().execute()).toEqual([]);
    expect((await w.admin.agent.get(`/api/users?q=${encodeURIComponent(w.member.user.email)}`).expect(200)).body[0].role).toBe('member');
  });

  it('refuses an event of a church that does not exist (422 unknown_church), alone or as a series, and writes none', async () => {
    const count = async () => (await w.t.database.db.selectFrom('events').select('id').execute()).length;
    const before = await count();
    for (const body of [
      { datetime: '2030-03-09T19:00', church_id: UNKNOWN_ID },
      { datetime: '2030-03-09T19:00', church_id: UNKNOWN_ID, repeat: { freq: 'weekly', count: 4 } },
    ]) {
      const res = await w.admin.agent.post('/api/events').send({ event_type_id: null, ...body });
      expectApiError(res, 422, 'unknown_church');
      expect(res.body.error.message).toBe('Igreja não encontrada.');
    }
    expectApiError(await w.admin.agent.patch(`/api/events/${eventId}?scope=following`).send({ church_id: UNKNOWN_ID }), 422, 'unknown_church');
    expect(await count()).toBe(before);
    expect((await w.admin.agent.get(`/api/events/${eventId}?detail=full`).expect(200)).body.church_id).toBe(w.churchA);
  });
});
