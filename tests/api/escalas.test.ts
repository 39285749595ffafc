import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectEventShape } from '../support/apiAssertions.ts';
import { createTestUser, type Agent } from '../support/authAgent.ts';
import {
  allocationsOf,
  countRows,
  createEvent,
  departmentId,
  ESCALAS_NOW,
  escalasWorld,
  HOUR,
  insertAllocation,
  keysOf,
  MINUTE,
  postAllocation,
  shift,
  type EscalasWorld,
} from '../support/escalasFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';

const SEEDED_DEPARTMENTS = ['Louvor', 'Mídia', 'Infantil', 'Recepção', 'Intercessão', 'Diaconia'];
const ALLOCATION_KEYS = ['cover', 'created_at', 'delivery', 'department', 'event_id', 'id', 'member', 'position', 'reason', 'responded_at', 'source', 'status'];
const MY_EVENT_KEYS = ['allocation_id', 'church', 'cover', 'datetime', 'department', 'ends_at', 'event_types', 'id', 'location', 'position', 'responded_at', 'status', 'timezone', 'title'];
/** What a new allocation says about the answer: nobody has answered yet. */
const UNANSWERED = { status: 'pending', responded_at: null, reason: null };
const UNANSWERED_MINE = { status: 'pending', responded_at: null, position: null, title: null, location: null, cover: null, timezone: 'America/Sao_Paulo', church: null };

type Caller = 'anonymous' | 'member' | 'leader' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'member', 'leader', 'admin'];

/** Who may call an endpoint: any signed-in user, leaders and admins, admins, or whoever holds the feed token. */
type Access = 'user' | 'leader' | 'admin' | 'token';

interface Endpoint {
  name: string;
  access: Access;
  /** The status of a permitted call. */
  ok: number;
  call(agent: Agent): Promise<request.Response>;
  /** A count that a permitted call changes by `delta` and a refused one leaves alone. */
  effect?: { count(): Promise<number>; delta: number };
}

function expectedOutcome(caller: Caller, access: Access, ok: number): { status: number; code?: string } {
  if (access === 'token') return { status: ok };
  if (caller === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (access === 'leader' && caller === 'member') return { status: 403, code: 'forbidden' };
  if (access === 'admin' && caller !== 'admin') return { status: 403, code: 'forbidden' };
  return { status: ok };
}

interface ConflictBody {
  error: { code: string; message: string; conflicts: Array<{ event: unknown; department: unknown }> };
}

describe.each(testDatabases)('escalas API on $name', ({ open }) => {
  let w: EscalasWorld;
  let louvor: number;
  let midia: number;
  /** Days far apart, one per scenario, so that no scenario's events clash with another's. */
  let slotCount = 0;
  const nextSlot = () => shift('2030-03-01T22:00:00.000Z', slotCount++ * 2 * 24 * HOUR);

  beforeAll(async () => {
    w = await escalasWorld(open);
    louvor = await departmentId(w.t.database, 'Louvor');
    midia = await departmentId(w.t.database, 'Mídia');
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const db = () => w.t.database;
  const agentOf = (caller: Caller): Agent => (caller === 'anonymous' ? w.anonymous : w[caller].agent);
  /** Every answer of these tests is below 500, whatever was sent. */
  const noServerError = (res: request.Response) => {
    expect(res.status, `${res.status}: ${res.text}`).toBeLessThan(500);
    return res;
  };

  describe('authorisation matrix', () => {
    let matrixEvent = 0;
    let departmentNumber = 0;
    beforeAll(async () => {
      await w.member.agent.post('/api/me/calendar-token').expect(201);
      matrixEvent = await createEvent(db(), nextSlot());
    });
    /** The member's current feed token (the matrix itself regenerates it). */
    const feedToken = async () =>
      (await db().db.selectFrom('calendar_tokens').select('token').where('user_id', '=', w.member.user.id).executeTakeFirstOrThrow()).token;

    const endpoints: Endpoint[] = [
      { name: 'GET /api/departments', access: 'user', ok: 200, call: (a) => a.get('/api/departments') },
      {
        name: 'POST /api/departments',
        access: 'admin',
        ok: 201,
        call: (a) => a.post('/api/departments').send({ name: `Equipe ${++departmentNumber}` }),
        effect: { count: () => countRows(db(), 'departments'), delta: 1 },
      },
      { name: 'GET /api/members', access: 'leader', ok: 200, call: (a) => a.get('/api/members?q=a') },
      { name: 'GET /api/allocations', access: 'leader', ok: 200, call: (a) => a.get('/api/allocations?from=2030-01-01&to=2030-12-31') },
      { name: 'GET /api/events/{id}/allocations', access: 'leader', ok: 200, call: (a) => a.get(`/api/events/${matrixEvent}/allocations`) },
      {
        name: 'POST /api/events/{id}/allocations',
        access: 'leader',
        ok: 201,
        call: async (a) => postAllocation(a, await createEvent(db(), nextSlot()), { department: 'Louvor', member: w.member.user.email }),
        effect: { count: () => countRows(db(), 'allocations'), delta: 1 },
      },
      {
        name: 'DELETE /api/allocations/{id}',
        access: 'leader',
        ok: 204,
        call: async (a) => {
          const id = await insertAllocation(db(), { eventId: await createEvent(db(), nextSlot()), memberId: w.member.user.id });
          return a.delete(`/api/allocations/${id}`);
        },
        effect: { count: () => countRows(db(), 'allocations'), delta: 0 },
      },
      { name: 'GET /api/me/events', access: 'user', ok: 200, call: (a) => a.get('/api/me/events') },
      { name: 'GET /api/me/calendar-token', access: 'user', ok: 200, call: (a) => a.get('/api/me/calendar-token') },
      { name: 'POST /api/me/calendar-token', access: 'user', ok: 201, call: (a) => a.post('/api/me/calendar-token') },
      { name: 'GET /api/me/calendar.ics?token=', access: 'token', ok: 200, call: async (a) => a.get(`/api/me/calendar.ics?token=${await feedToken()}`) },
    ];
    const cases = endpoints.flatMap((endpoint) => CALLERS.map((caller) => ({ caller, endpoint, label: `${caller} → ${endpoint.name}` })));

    it.each(cases)('$label', async ({ caller, endpoint }) => {
      const expected = expectedOutcome(caller, endpoint.access, endpoint.ok);
      const before = await endpoint.effect?.count();
      const res = await endpoint.call(agentOf(caller));
      if (expected.code) expectApiError(res, expected.status, expected.code);
      else expect(res.status, res.text).toBe(expected.status);
      if (endpoint.effect) {
        // DELETE: the helper added a row; a permitted call removes it again, a refused one leaves it.
        const added = endpoint.name.startsWith('DELETE') ? 1 : 0;
        const delta = expected.code ? added : endpoint.effect.delta;
        expect((await endpoint.effect.count()) - before!).toBe(delta);
      }
    });
  });

  describe('departments', () => {
    it('lists the seeded departments as exactly { id, name }', async () => {
      const res = await w.member.agent.get('/api/departments').expect(200);
      const list = res.body as Array<{ id: number; name: string }>;
      for (const department of list) {
        expect(keysOf(department)).toEqual(['id', 'name']);
        expect(Number.isInteger(department.id)).toBe(true);
      }
      expect(list.map((d) => d.name)).toEqual(expect.arrayContaining(SEEDED_DEPARTMENTS));
    });

    it('lets an admin add one (201 { id, name }), and refuses the same name in another case or accent', async () => {
      const res = await w.admin.agent.post('/api/departments').send({ name: '  Louvor Jovem ' });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number), name: 'Louvor Jovem' });
      const list = (await w.member.agent.get('/api/departments').expect(200)).body as unknown[];
      expect(list).toContainEqual(res.body);

      const before = await countRows(db(), 'departments');
      for (const name of ['louvor   JOVEM', 'Lóuvor Jovem', 'MÍDIA', 'midia']) {
        expectApiError(await w.admin.agent.post('/api/departments').send({ name }), 409, 'department_exists');
      }
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 3 }, { name: 'Som', extra: 1 }]) {
        expectApiError(await w.admin.agent.post('/api/departments').send(body), 400, 'invalid_request');
      }
      expect(await countRows(db(), 'departments')).toBe(before);
    });

    it('answers 400, never 500, for a name whose comparison form would be empty or too long', async () => {
      // Only a combining accent: nothing is left once accents are removed.
      expectApiError(await w.admin.agent.post('/api/departments').send({ name: '\u0301\u0301' }), 400, 'invalid_request');
      // 100 Hangul syllables decompose into 200+ letters: still one department, stored and found again.
      const korean = '찬양'.repeat(50);
      const res = noServerError(await w.admin.agent.post('/api/departments').send({ name: korean }));
      expect(res.status, res.text).toBe(201);
      const event = await createEvent(db(), nextSlot());
      const allocated = await postAllocation(w.leader.agent, event, { department: korean, member: w.member.user.email });
      expect(allocated.status, allocated.text).toBe(201);
      expect(allocated.body.department).toEqual(res.body);
    });
  });

  describe('GET /api/members', () => {
    beforeAll(async () => {
      const people = Array.from({ length: 25 }, (_, i) => ({ name: `Zebu Silva ${String(i + 1).padStart(2, '0')}`, email: `zebu.${i + 1}@rebanho.test` }));
      people.push(
        { name: 'Cem% Fiel', email: 'cem@fiel.test' },
        { name: 'Sub_Linha', email: 'sub@linha.test' },
        { name: 'Barra\\Dupla', email: 'barra@dupla.test' },
        { name: 'Érica Ângela Souza', email: 'souza@rebanho2.test' },
      );
      await Promise.all(people.map((person) => createTestUser(db(), person)));
    });

    const names = async (query: string) => {
      const res = noServerError(await w.leader.agent.get(`/api/members?${query}`));
      expect(res.status, res.text).toBe(200);
      return (res.body as Array<{ name: string }>).map((member) => member.name);
    };

    it('returns at most 20 members as exactly { id, name, email }, by name', async () => {
      const res = await w.leader.agent.get('/api/members?q=zebu').expect(200);
      const list = res.body as Array<{ id: number; name: string; email: string }>;
      expect(list).toHaveLength(20);
      expect(list.map((m) => m.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Zebu Silva ${String(i + 1).padStart(2, '0')}`));
      for (const member of list) expect(keysOf(member)).toEqual(['email', 'id', 'name']);
      expect(list[6]).toEqual({ id: expect.any(Number), name: 'Zebu Silva 07', email: 'zebu.7@rebanho.test' });
      expect(await names('')).toHaveLength(20);
      expect(await names('q=')).toHaveLength(20);
      expect(await names('q=%20%20')).toHaveLength(20);
      expect((await w.admin.agent.get('/api/members?q=zebu').expect(200)).body).toEqual(list);
    });

    it('matches the name or the email, ignoring case (accented letters too)', async () => {
      expect(await names('q=ZEBU%20SILVA%2007')).toEqual(['Zebu Silva 07']);
      expect(await names(`q=${encodeURIComponent(' zebu silva 07 ')}`)).toEqual(['Zebu Silva 07']);
      expect(await names('q=ZEBU.13%40REBANHO')).toEqual(['Zebu Silva 13']);
      expect(await names('q=rebanho2')).toEqual(['Érica Ângela Souza']);
      expect(await names(`q=${encodeURIComponent('érica')}`)).toEqual(['Érica Ângela Souza']);
      expect(await names(`q=${encodeURIComponent('ÂNGELA')}`)).toEqual(['Érica Ângela Souza']);
      expect(await names(`q=${encodeURIComponent('ÉRICA ÂNGELA')}`)).toEqual(['Érica Ângela Souza']);
      expect(await names('q=ninguem-assim')).toEqual([]);
    });

    it('takes % _ and \\ in q literally', async () => {
      expect(await names('q=%25')).toEqual(['Cem% Fiel']);
      expect(await names('q=_')).toEqual(['Sub_Linha']);
      expect(await names('q=%5C')).toEqual(['Barra\\Dupla']);
      expect(await names('q=m%25')).toEqual(['Cem% Fiel']);
      expect(await names('q=b_l')).toEqual(['Sub_Linha']);
      // As wildcards these would match "Maria Membro" and half the list.
      expect(await names('q=m_m')).toEqual([]);
      expect(await names('q=%25m')).toEqual([]);
    });

    it('answers 400 to a q that is too long, repeated or unknown parameters', async () => {
      for (const query of [`q=${'a'.repeat(101)}`, `q=${'%25'.repeat(5000)}`, 'q=a&q=b', 'q[]=a', 'name=a', 'q=a&limit=50']) {
        expectApiError(await w.leader.agent.get(`/api/members?${query}`), 400, 'invalid_request');
      }
    });
  });

  describe('POST /api/events/{id}/allocations', () => {
    it('answers 201 with exactly the allocation keys, and GET lists it', async () => {
      const event = await createEvent(db(), nextSlot());
      w.t.clock.set('2030-01-02T09:08:07.006Z');
      const res = await postAllocation(w.leader.agent, event, { department: 'Louvor', member: w.member.user.email });
      w.t.clock.set(ESCALAS_NOW);
      expect(res.status, res.text).toBe(201);
      expect(keysOf(res.body)).toEqual(ALLOCATION_KEYS);
      expect(res.body).toEqual({
        id: expect.any(Number),
        event_id: event,
        department: { id: louvor, name: 'Louvor' },
        member: { id: w.member.user.id, name: 'Maria Membro', email: w.member.user.email },
        created_at: '2030-01-02T09:08:07.006Z',
        ...UNANSWERED,
        // Its invitation is queued with it (docs/product.md §7).
        delivery: 'queued',
        position: null,
        // A leader placed them by hand (docs/product.md §9).
        source: 'manual',
        cover: null,
      });
      expect(keysOf(res.body.department)).toEqual(['id', 'name']);
      expect(keysOf(res.body.member)).toEqual(['email', 'id', 'name']);
      const list = await w.leader.agent.get(`/api/events/${event}/allocations`).expect(200);
      expect(list.body).toEqual([res.body]);
      const stored = await allocationsOf(db(), w.member.user.id);
      expect(stored.find((row) => row.event_id === event)?.allocated_by).toBe(w.leader.user.id);
    });

    it('finds the department by name ignoring case, accents and spaces, or by id', async () => {
      const person = await createTestUser(db(), { name: 'Davi Departamento' });
      for (const department of ['midia', 'MÍDIA', ' Mídia ', 'Mi\u0301dia', 'MIDIA', midia]) {
        const res = await postAllocation(w.leader.agent, await createEvent(db(), nextSlot()), { department, member: person.id });
        expect(res.status, `${String(department)}: ${res.text}`).toBe(201);
        expect(res.body.department).toEqual({ id: midia, name: 'Mídia' });
      }
      const recepcao = await postAllocation(w.leader.agent, await createEvent(db(), nextSlot()), { department: 'recepcao', member: person.id });
      expect(recepcao.body.department.name).toBe('Recepção');
    });

    it('finds the member by email in any case or by id; leaders and admins can be allocated too', async () => {
      const upper = await postAllocation(w.admin.agent, await createEvent(db(), nextSlot()), { department: 'Louvor', member: `  ${w.member.user.email.toUpperCase()} ` });
      expect(upper.status, upper.text).toBe(201);
      expect(upper.body.member).toEqual({ id: w.member.user.id, name: 'Maria Membro', email: w.member.user.email });

      const self = await postAllocation(w.leader.agent, await createEvent(db(), nextSlot()), { department: 'Louvor', member: w.leader.user.email });
      expect(self.status, self.text).toBe(201);
      expect(self.body.member.id).toBe(w.leader.user.id);
      const admin = await postAllocation(w.leader.agent, await createEvent(db(), nextSlot()), { department: 'Diaconia', member: w.admin.user.id });
      expect(admin.status, admin.text).toBe(201);
      expect(admin.body.member).toEqual({ id: w.admin.user.id, name: 'Ada Admin', email: w.admin.user.email });
      const adminSelf = await postAllocation(w.admin.agent, await createEvent(db(), nextSlot()), { department: 'Diaconia', member: w.admin.user.id });
      expect(adminSelf.status, adminSelf.text).toBe(201);
    });

    it('answers 422 for an unknown department or member, 404 for a missing event, and stores nothing', async () => {
      const event = await createEvent(db(), nextSlot());
      const before = await countRows(db(), 'allocations');
      const member = w.member.user.email;
      expectApiError(await postAllocation(w.leader.agent, event, { department: 'Cozinha', member }), 422, 'unknown_department');
      expectApiError(await postAllocation(w.leader.agent, event, { department: 2147483647, member }), 422, 'unknown_department');
      expectApiError(await postAllocation(w.leader.agent, event, { department: '1', member }), 422, 'unknown_department');
      expectApiError(await postAllocation(w.leader.agent, event, { department: 'Louvor', member: 'ninguem@rebanho.test' }), 422, 'unknown_member');
      expectApiError(await postAllocation(w.leader.agent, event, { department: 'Louvor', member: 2147483647 }), 422, 'unknown_member');
      expectApiError(await postAllocation(w.leader.agent, 2147483647, { department: 'Louvor', member }), 404, 'not_found');
      expectApiError(await postAllocation(w.leader.agent, event + 1000, { department: 'Cozinha', member: 'ninguem@rebanho.test' }), 404, 'not_found');
      expect(await countRows(db(), 'allocations')).toBe(before);
    });

    it('answers 400 for a bad id, a malformed body or an extra field', async () => {
      const event = await createEvent(db(), nextSlot());
      const member = w.member.user.email;
      for (const id of ['abc', '0', '-1', '01', '1.5', '1e3', '2147483648', '99999999999', '%20']) {
        expectApiError(await postAllocation(w.leader.agent, id, { department: 'Louvor', member }), 400, 'invalid_request');
      }
      const bodies: unknown[] = [
        {},
        { department: 'Louvor' },
        { member },
        { department: 'Louvor', member, extra: true },
        { department: 'Louvor', member, event_id: event },
        { department: 'Louvor', member, force: 'true' },
        { department: 'Louvor', member, force: null },
        { department: '', member },
        { department: '   ', member },
        { department: 'x'.repeat(101), member },
        { department: 0, member },
        { department: -1, member },
        { department: 1.5, member },
        { department: 2147483648, member },
        { department: null, member },
        { department: {}, member },
        { department: ['Louvor'], member },
        { department: 'Louvor', member: 'Maria Membro' },
        { department: 'Louvor', member: '' },
        { department: 'Louvor', member: 0 },
        { department: 'Louvor', member: 2147483648 },
        { department: 'Louvor', member: [member] },
        { department: 'Louvor', member: { email: member } },
        [],
        [{ department: 'Louvor', member }],
      ];
      const before = await countRows(db(), 'allocations');
      for (const body of bodies) {
        expectApiError(await postAllocation(w.leader.agent, event, body), 400, 'invalid_request');
      }
      for (const raw of ['{"department":"Louvor",', 'null', '"Louvor"', '42', 'true']) {
        const res = await w.leader.agent.post(`/api/events/${event}/allocations`).set('Content-Type', 'application/json').send(raw);
        expectApiError(res, 400, 'invalid_request');
      }
      const notJson = await w.leader.agent.post(`/api/events/${event}/allocations`).set('Content-Type', 'text/plain').send('department=Louvor');
      expectApiError(notJson, 403, 'csrf');
      expect(await countRows(db(), 'allocations')).toBe(before);
    });

    it('refuses a second allocation of one member at one event with 409 already_allocated, even with force', async () => {
      const person = await createTestUser(db(), { name: 'Duda Duplicada' });
      const event = await createEvent(db(), nextSlot());
      const first = await postAllocation(w.leader.agent, event, { department: 'Louvor', member: person.email });
      expect(first.status, first.text).toBe(201);
      for (const body of [
        { department: 'Louvor', member: person.email },
        { department: 'louvor', member: person.id },
        { department: 'Mídia', member: person.email },
        { department: 'Louvor', member: person.email, force: true },
        { department: 'Mídia', member: person.id, force: true },
      ]) {
        expectApiError(await postAllocation(w.admin.agent, event, body), 409, 'already_allocated');
      }
      expect(await allocationsOf(db(), person.id)).toHaveLength(1);
      const list = await w.leader.agent.get(`/api/events/${event}/allocations`).expect(200);
      expect(list.body).toEqual([first.body]);
    });
  });

  describe('the network-wide schedule check', () => {
    it('refuses another allocation whose two hours come within the 60-minute buffer (less than 3 h apart), in any department, naming the clash', async () => {
      const person = await createTestUser(db(), { name: 'Clara Conflito' });
      const at = nextSlot();
      const first = await createEvent(db(), at, 'Culto');
      const created = await postAllocation(w.leader.agent, first, { department: 'Louvor', member: person.email });
      expect(created.status, created.text).toBe(201);
      // Someone else serving close by is no clash for this person.
      await insertAllocation(db(), { eventId: await createEvent(db(), shift(at, 30 * MINUTE)), memberId: w.member.user.id });

      const clashes = [shift(at, 2 * HOUR + 59 * MINUTE), shift(at, -(2 * HOUR + 59 * MINUTE)), shift(at, 3 * HOUR - 1), shift(at, -(3 * HOUR - 1)), at];
      for (const datetime of clashes) {
        const event = await createEvent(db(), datetime, 'Ensaio');
        for (const department of ['Louvor', 'Mídia', 'Infantil']) {
          const res = await postAllocation(w.leader.agent, event, { department, member: person.email });
          expectApiError(res, 409, 'schedule_conflict');
          const body = res.body as ConflictBody;
          expect(keysOf(body.error)).toEqual(['code', 'conflicts', 'message']);
          expect(body.error.conflicts).toEqual([
            { event: { id: first, datetime: at, event_types: { name: 'Culto' } }, department: { id: louvor, name: 'Louvor' } },
          ]);
          expect(keysOf(body.error.conflicts[0])).toEqual(['department', 'event']);
          expectEventShape(body.error.conflicts[0]!.event);
          expect(body.error.message).toContain('Clara Conflito');
        }
      }
      expect(await allocationsOf(db(), person.id)).toHaveLength(1);

      // Exactly 3 h apart is not a clash, before or after.
      const threeAfter = await createEvent(db(), shift(at, 3 * HOUR), 'Ensaio');
      const threeBefore = await createEvent(db(), shift(at, -3 * HOUR), null);
      expect((await postAllocation(w.leader.agent, threeAfter, { department: 'Louvor', member: person.email })).status).toBe(201);
      expect((await postAllocation(w.leader.agent, threeBefore, { department: 'Mídia', member: person.id })).status).toBe(201);

      // force: true allocates anyway.
      const clashing = await createEvent(db(), shift(at, 2 * HOUR + 59 * MINUTE), 'Célula');
      const forced = await postAllocation(w.leader.agent, clashing, { department: 'Infantil', member: person.email, force: true });
      expect(forced.status, forced.text).toBe(201);
      expect(forced.body.department.name).toBe('Infantil');
      // force: false is the same as leaving it out.
      const hourAfter = await createEvent(db(), shift(at, HOUR), 'Culto');
      const refused = await postAllocation(w.leader.agent, hourAfter, { department: 'Louvor', member: person.email, force: false });
      expectApiError(refused, 409, 'schedule_conflict');
      // Every clash is listed, in time order; an untyped event has event_types null.
      expect((refused.body as ConflictBody).error.conflicts).toEqual([
        { event: { id: first, datetime: at, event_types: { name: 'Culto' } }, department: { id: louvor, name: 'Louvor' } },
        { event: { id: clashing, datetime: shift(at, 2 * HOUR + 59 * MINUTE), event_types: { name: 'Célula' } }, department: { id: await departmentId(db(), 'Infantil'), name: 'Infantil' } },
        { event: { id: threeAfter, datetime: shift(at, 3 * HOUR), event_types: { name: 'Ensaio' } }, department: { id: louvor, name: 'Louvor' } },
      ]);
      const earlier = await createEvent(db(), shift(at, -4 * HOUR - 59 * MINUTE), 'Culto');
      const untyped = await postAllocation(w.leader.agent, earlier, { department: 'Louvor', member: person.email });
      expect((untyped.body as ConflictBody).error.conflicts).toEqual([
        { event: { id: threeBefore, datetime: shift(at, -3 * HOUR), event_types: null }, department: { id: midia, name: 'Mídia' } },
      ]);
      expect(await allocationsOf(db(), person.id)).toHaveLength(4);
    });

    it('frees the slot once the clashing allocation is deleted', async () => {
      const person = await createTestUser(db(), { name: 'Lia Liberada' });
      const at = nextSlot();
      const first = await postAllocation(w.leader.agent, await createEvent(db(), at), { department: 'Louvor', member: person.id });
      const second = await createEvent(db(), shift(at, HOUR));
      expectApiError(await postAllocation(w.leader.agent, second, { department: 'Louvor', member: person.id }), 409, 'schedule_conflict');
      await w.admin.agent.delete(`/api/allocations/${first.body.id}`).expect(204);
      expect((await postAllocation(w.leader.agent, second, { department: 'Louvor', member: person.id })).status).toBe(201);
    });
  });

  describe('DELETE /api/allocations/{id}', () => {
    it('answers 204 then 404, and 400 for a bad id', async () => {
      const event = await createEvent(db(), nextSlot());
      const created = await postAllocation(w.leader.agent, event, { department: 'Louvor', member: w.member.user.id });
      expect(created.status).toBe(201);
      const res = await w.leader.agent.delete(`/api/allocations/${created.body.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await w.leader.agent.get(`/api/events/${event}/allocations`).expect(200)).body).toEqual([]);
      expectApiError(await w.admin.agent.delete(`/api/allocations/${created.body.id}`), 404, 'not_found');
      expectApiError(await w.admin.agent.delete('/api/allocations/2147483647'), 404, 'not_found');
      for (const id of ['x', '0', '2147483648', '-3', '1.0']) {
        expectApiError(await w.admin.agent.delete(`/api/allocations/${id}`), 400, 'invalid_request');
      }
    });

    it('GET /api/events/{id}/allocations answers 404 for a missing event and 400 for a bad id', async () => {
      expectApiError(await w.leader.agent.get('/api/events/2147483647/allocations'), 404, 'not_found');
      expectApiError(await w.leader.agent.get('/api/events/abc/allocations'), 400, 'invalid_request');
    });
  });

  describe('GET /api/allocations?from=&to=', () => {
    // America/Sao_Paulo is UTC-3: 2031-06-10 runs from 03:00Z to 03:00Z the next day.
    const EDGES = {
      before: '2031-06-10T02:59:59.999Z',
      first: '2031-06-10T03:00:00.000Z',
      mid: '2031-06-11T22:00:00.000Z',
      last: '2031-06-12T02:59:59.999Z',
      after: '2031-06-12T03:00:00.000Z',
    };
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      for (const [name, datetime] of Object.entries(EDGES)) {
        const event = await createEvent(db(), datetime, name === 'mid' ? null : 'Culto');
        ids[name] = await insertAllocation(db(), { eventId: event, memberId: w.member.user.id, department: name === 'mid' ? 'Mídia' : 'Louvor' });
      }
    });

    it('returns the allocations of events in the inclusive day range of the network timezone, in event order', async () => {
      const res = await w.leader.agent.get('/api/allocations?from=2031-06-10&to=2031-06-11').expect(200);
      const list = res.body as Array<{ id: number; event_id: number }>;
      expect(list.map((a) => a.id)).toEqual([ids.first, ids.mid, ids.last]);
      for (const allocation of list) expect(keysOf(allocation)).toEqual(ALLOCATION_KEYS);
      expect(list[1]).toEqual({
        id: ids.mid,
        event_id: expect.any(Number),
        department: { id: midia, name: 'Mídia' },
        member: { id: w.member.user.id, name: 'Maria Membro', email: w.member.user.email },
        created_at: ESCALAS_NOW,
        ...UNANSWERED,
        // Stored without the API: no invitation was ever queued.
        delivery: null,
        position: null,
        source: 'manual',
        cover: null,
      });
      const one = await w.admin.agent.get('/api/allocations?from=2031-06-10&to=2031-06-10').expect(200);
      expect((one.body as Array<{ id: number }>).map((a) => a.id)).toEqual([ids.first]);
      const none = await w.admin.agent.get('/api/allocations?from=2031-07-01&to=2031-07-31').expect(200);
      expect(none.body).toEqual([]);
      const year = await w.admin.agent.get('/api/allocations?from=2031-01-01&to=2032-01-01').expect(200);
      expect((year.body as Array<{ id: number }>).map((a) => a.id)).toEqual([ids.before, ids.first, ids.mid, ids.last, ids.after]);
    });

    it('answers 400 to missing, malformed, reversed, repeated or over-long ranges', async () => {
      const queries = [
        '',
        'from=2031-06-10',
        'to=2031-06-10',
        'from=2031-06-11&to=2031-06-10',
        'from=2031-01-01&to=2032-01-02',
        'from=2031-02-30&to=2031-03-01',
        'from=2031-6-1&to=2031-06-10',
        'from=10/06/2031&to=2031-06-10',
        'from=2031-06-10T00:00:00Z&to=2031-06-11',
        'from=2031-06-10&to=2031-06-11&member=1',
        'from=2031-06-10&from=2031-06-11&to=2031-06-12',
        'from[]=2031-06-10&to=2031-06-11',
        `from=${'9'.repeat(5000)}&to=2031-06-11`,
      ];
      for (const query of queries) {
        const res = await w.leader.agent.get(`/api/allocations?${query}`);
        expect(res.status, query).toBe(400);
        expectApiError(res, 400, 'invalid_request');
      }
    });
  });

  describe('GET /api/me/events', () => {
    it('lists only my allocations as { id, datetime, event_types, allocation_id, department, status, responded_at }, upcoming first', async () => {
      const me = await createTestUser(db(), { name: 'Paulo Presente' });
      const agent = request.agent(w.t.app);
      await agent.post('/api/auth/login').send({ email: me.email, password: me.password }).expect(200);
      expect((await agent.get('/api/me/events').expect(200)).body).toEqual([]);

      const later = await createEvent(db(), nextSlot(), null);
      const sooner = await createEvent(db(), shift(ESCALAS_NOW, 24 * HOUR), 'Culto');
      const past = await createEvent(db(), '2029-12-25T22:00:00.000Z', 'Natal');
      const longAgo = await createEvent(db(), '2029-06-01T22:00:00.000Z', 'Culto');
      const allocation: Record<string, number> = {};
      for (const [name, event, department] of [
        ['later', later, 'Mídia'],
        ['past', past, 'Louvor'],
        ['sooner', sooner, 'Louvor'],
        ['longAgo', longAgo, 'Louvor'],
      ] as const) {
        const res = await postAllocation(w.leader.agent, event, { department, member: me.id });
        expect(res.status, res.text).toBe(201);
        allocation[name] = res.body.id;
      }
      await insertAllocation(db(), { eventId: sooner, memberId: w.member.user.id });

      const res = await agent.get('/api/me/events').expect(200);
      const list = res.body as Array<Record<string, unknown>>;
      for (const item of list) {
        expect(keysOf(item)).toEqual(MY_EVENT_KEYS);
        expect(keysOf(item.department)).toEqual(['id', 'name']);
      }
      expect(list).toEqual([
        { id: sooner, datetime: shift(ESCALAS_NOW, 24 * HOUR), event_types: { name: 'Culto' }, allocation_id: allocation.sooner, department: { id: louvor, name: 'Louvor' }, ...UNANSWERED_MINE, ends_at: shift(ESCALAS_NOW, 26 * HOUR) },
        { id: later, datetime: expect.any(String), event_types: null, allocation_id: allocation.later, department: { id: midia, name: 'Mídia' }, ...UNANSWERED_MINE, ends_at: expect.any(String) },
        { id: past, datetime: '2029-12-25T22:00:00.000Z', event_types: { name: 'Natal' }, allocation_id: allocation.past, department: { id: louvor, name: 'Louvor' }, ...UNANSWERED_MINE, ends_at: '2029-12-26T00:00:00.000Z' },
        { id: longAgo, datetime: '2029-06-01T22:00:00.000Z', event_types: { name: 'Culto' }, allocation_id: allocation.longAgo, department: { id: louvor, name: 'Louvor' }, ...UNANSWERED_MINE, ends_at: '2029-06-02T00:00:00.000Z' },
      ]);
      // The clock decides what is upcoming.
      w.t.clock.set('2029-12-01T00:00:00.000Z');
      try {
        const earlier = await agent.get('/api/me/events').expect(200);
        expect((earlier.body as Array<{ id: number }>).map((e) => e.id)).toEqual([past, sooner, later, longAgo]);
      } finally {
        w.t.clock.set(ESCALAS_NOW);
      }
    });
  });

  describe('never a 500', () => {
    it('answers odd input with the right 4xx JSON error (or a plain answer), never a 500', async () => {
      const event = await createEvent(db(), nextSlot());
      const leader = w.leader.agent;
      const member = w.member.user.email;
      const cases: Array<[label: string, send: () => Promise<request.Response>, status: number | number[]]> = [
        ['q of NULs', () => leader.get(`/api/members?q=${'%00'.repeat(50)}`), 400],
        ['q with NUL', () => leader.get(`/api/members?q=${encodeURIComponent('a\u0000\uFFFF')}`), 400],
        ['q of 12 000 characters', () => leader.get(`/api/members?q=${'x'.repeat(12000)}`), 400],
        ['q with a broken %-escape', () => leader.get('/api/members?q=%E0%A4%A'), 200],
        ['from with a broken %-escape', () => leader.get('/api/allocations?from=%E0%A4%A&to=2030-01-01'), 400],
        ['path id with a broken %-escape', () => leader.get('/api/events/%E0%A4%A/allocations'), 400],
        ['path id of 400 digits', () => leader.get(`/api/events/${'9'.repeat(400)}/allocations`), 400],
        ['DELETE with %ZZ', () => leader.delete('/api/allocations/%ZZ'), 400],
        ['feed without token', () => leader.get('/api/me/calendar.ics'), 400],
        ['feed with an empty token', () => leader.get('/api/me/calendar.ics?token='), 404],
        ['feed with two tokens', () => leader.get('/api/me/calendar.ics?token=a&token=b'), 400],
        ['feed with a 100-character token', () => leader.get(`/api/me/calendar.ics?token=${'x'.repeat(100)}`), 404],
        ['feed with a 101-character token', () => leader.get(`/api/me/calendar.ics?token=${'x'.repeat(101)}`), 400],
        ['feed with a NUL token', () => leader.get('/api/me/calendar.ics?token=%00'), 400],
        ['feed with SQL in the token', () => leader.get(`/api/me/calendar.ics?token=${encodeURIComponent("' or 1=1 --")}`), 404],
        ['department of accents alone', () => postAllocation(leader, event, { department: '\u0301', member }), 422],
        ['department of 100 Hangul syllables', () => postAllocation(leader, event, { department: '가'.repeat(100), member }), 422],
        ['department with NUL', () => postAllocation(leader, event, { department: 'Lou\u0000vor', member }), 400],
        ['department with SQL', () => postAllocation(leader, event, { department: "Louvor'; drop table allocations; --", member }), 422],
        ['member with a 240-character local part', () => postAllocation(leader, event, { department: 'Louvor', member: `${'a'.repeat(240)}@x.com` }), [400, 422]],
        ['member of 306 characters', () => postAllocation(leader, event, { department: 'Louvor', member: `${'a'.repeat(300)}@x.com` }), 400],
        ['body over 100 kB', () => postAllocation(leader, event, { department: 'Louvor', member, pad: 'x'.repeat(150_000) }), 413],
        ['__proto__ in the body', () => postAllocation(leader, event, JSON.parse(`{"__proto__":{"department":"Louvor"},"member":"${member}"}`)), 400],
        ['latin1 body', () => leader.post(`/api/events/${event}/allocations`).set('Content-Type', 'application/json; charset=latin1').send('{}'), 400],
        ['department name with a lone surrogate', () => w.admin.agent.post('/api/departments').send({ name: 'Som \uD800' }), 400],
        ['department name with NUL', () => w.admin.agent.post('/api/departments').send({ name: 'Som\u0000' }), 400],
      ];
      for (const [label, send, status] of cases) {
        const res = noServerError(await send());
        expect([status].flat(), `${label}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        expect(res.headers['content-type'], label).toMatch(/^application\/json/);
        if (res.status >= 400) expect(res.body.error.code, label).toEqual(expect.any(String));
      }
      expect(await allocationsOf(db(), w.member.user.id)).not.toContainEqual(expect.objectContaining({ event_id: event }));
    });
  });
});

describe.each(testDatabases)('escalas API on $name with ALLOCATION_BUFFER_MINUTES=0', ({ open }) => {
  let w: EscalasWorld;
  beforeAll(async () => {
    w = await escalasWorld(open, { ALLOCATION_BUFFER_MINUTES: '0' });
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('clashes only when the services overlap (two hours each when no end is given)', async () => {
    const db = w.t.database;
    const at = '2030-05-10T22:00:00.000Z';
    const member = w.member.user.email;
    expect((await postAllocation(w.leader.agent, await createEvent(db, at), { department: 'Louvor', member })).status).toBe(201);
    const overlaps = await postAllocation(w.leader.agent, await createEvent(db, shift(at, HOUR + 59 * MINUTE)), { department: 'Louvor', member });
    expectApiError(overlaps, 409, 'schedule_conflict');
    expect(overlaps.body.error.message).toBe('Maria Membro já serve em outro evento neste horário.');
    expectApiError(await postAllocation(w.leader.agent, await createEvent(db, shift(at, -(HOUR + 59 * MINUTE))), { department: 'Mídia', member }), 409, 'schedule_conflict');
    for (const offset of [2 * HOUR, -2 * HOUR]) {
      // One ends as the other starts: no clash without a buffer.
      const res = await postAllocation(w.leader.agent, await createEvent(db, shift(at, offset)), { department: 'Louvor', member });
      expect(res.status, `${offset}: ${res.text}`).toBe(201);
    }
  });
});
