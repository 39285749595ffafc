import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser, signedInAgent, type Agent, type SignedIn } from '../../support/authAgent.ts';
import {
  createEvent,
  departmentId,
  ESCALAS_NOW,
  escalasWorld,
  HOUR,
  keysOf,
  MINUTE,
  postAllocation,
  shift,
  type EscalasWorld,
} from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const ALLOCATION_KEYS = ['cover', 'created_at', 'delivery', 'department', 'event_id', 'id', 'member', 'position', 'reason', 'responded_at', 'source', 'status'];

type Caller = 'owner' | 'otherMember' | 'leader' | 'admin' | 'anonymous';

describe.each(testDatabases)('answering an allocation on $name', ({ open }) => {
  let w: EscalasWorld;
  let other: SignedIn;
  let louvor: number;
  let slotCount = 0;
  /** Days far apart, one per scenario, so that no scenario's events clash with another's. */
  const nextSlot = () => shift('2030-03-01T22:00:00.000Z', slotCount++ * 2 * 24 * HOUR);
  /**
   * Soon after the API's clock, 4 h apart (outside each other's conflict window): for tests that move the clock
   * past the start, which must stay within the sessions' 30 idle days.
   */
  let soonCount = 0;
  const soonSlot = () => shift(ESCALAS_NOW, (1 + 4 * soonCount++) * HOUR);

  beforeAll(async () => {
    w = await escalasWorld(open);
    other = await signedInAgent(w.t.app, w.t.database, { role: 'member', name: 'Otávio Outro' });
    louvor = await departmentId(w.t.database, 'Louvor');
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const db = () => w.t.database;
  const agentOf = (caller: Caller): Agent =>
    caller === 'anonymous' ? w.anonymous : caller === 'otherMember' ? other.agent : caller === 'owner' ? w.member.agent : w[caller].agent;
  const answer = (agent: Agent, id: number | string, body: unknown) => agent.post(`/api/allocations/${id}/response`).send(body as object);
  /** A new event at `datetime` with `member` allocated (201 through the API); returns both ids. */
  const allocated = async (datetime: string, member: number = w.member.user.id, department = 'Louvor') => {
    const eventId = await createEvent(db(), datetime);
    const res = await postAllocation(w.leader.agent, eventId, { department, member });
    expect(res.status, res.text).toBe(201);
    return { eventId, id: res.body.id as number };
  };
  const statusOf = async (id: number) =>
    (await db().db.selectFrom('allocations').select(['status', 'reason', 'responded_at']).where('id', '=', id).executeTakeFirstOrThrow());
  const atClock = async <T>(instant: string, run: () => Promise<T>): Promise<T> => {
    w.t.clock.set(instant);
    try {
      return await run();
    } finally {
      w.t.clock.set(ESCALAS_NOW);
    }
  };

  describe('who may answer, before and after the start', () => {
    const BEFORE: Array<[Caller, number, string | undefined]> = [
      ['owner', 200, undefined],
      ['otherMember', 403, 'forbidden'],
      ['leader', 403, 'forbidden'],
      ['admin', 403, 'forbidden'],
      ['anonymous', 401, 'unauthenticated'],
    ];
    it.each(BEFORE)('before the start: %s → %i', async (caller, status, code) => {
      const { id } = await allocated(nextSlot());
      const res = await answer(agentOf(caller), id, { answer: 'declined', reason: 'Vou viajar' });
      if (code) {
        expectApiError(res, status, code);
        expect(await statusOf(id)).toEqual({ status: 'pending', reason: null, responded_at: null });
      } else {
        expect(res.status, res.text).toBe(200);
        expect((await statusOf(id)).status).toBe('declined');
      }
    });

    const AFTER: Array<[Caller, number, string]> = [
      ['owner', 409, 'event_started'],
      ['otherMember', 403, 'forbidden'],
      ['leader', 403, 'forbidden'],
      ['admin', 403, 'forbidden'],
      ['anonymous', 401, 'unauthenticated'],
    ];
    it.each(AFTER)('from the start on: %s → %i %s', async (caller, status, code) => {
      const at = soonSlot();
      const { id } = await allocated(at);
      // The start itself already counts as started; a minute and a week later too.
      for (const now of [at, shift(at, MINUTE), shift(at, 7 * 24 * HOUR)]) {
        expectApiError(await atClock(now, () => answer(agentOf(caller), id, { answer: 'confirmed' })), status, code);
      }
      expect(await statusOf(id)).toEqual({ status: 'pending', reason: null, responded_at: null });
      // A millisecond before the start the member still answers.
      if (caller === 'owner') {
        const res = await atClock(shift(at, -1), () => answer(w.member.agent, id, { answer: 'confirmed' }));
        expect(res.status, res.text).toBe(200);
        expect(res.body.responded_at).toBe(shift(at, -1));
      }
    });

    it('answers 404 for an allocation that does not exist and 400 for a bad id', async () => {
      expectApiError(await answer(w.member.agent, 2147483647, { answer: 'confirmed' }), 404, 'not_found');
      for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
        expectApiError(await answer(w.member.agent, id, { answer: 'confirmed' }), 400, 'invalid_request');
      }
    });

    it('a leader answers their own allocation like any member', async () => {
      const eventId = await createEvent(db(), nextSlot());
      const res = await postAllocation(w.admin.agent, eventId, { department: 'Louvor', member: w.leader.user.id });
      expect(res.status).toBe(201);
      expect((await answer(w.leader.agent, res.body.id, { answer: 'confirmed' })).status).toBe(200);
      expectApiError(await answer(w.admin.agent, res.body.id, { answer: 'declined' }), 403, 'forbidden');
    });
  });

  describe('what an answer records and returns', () => {
    it('returns the allocation JSON (status, responded_at, reason) and the leader and member views follow', async () => {
      const at = nextSlot();
      const { eventId, id } = await allocated(at);
      const before = (await w.leader.agent.get(`/api/events/${eventId}/allocations`).expect(200)).body[0];
      expect(keysOf(before)).toEqual(ALLOCATION_KEYS);
      expect(before).toMatchObject({ id, status: 'pending', responded_at: null, reason: null });

      const declinedAt = '2030-01-05T10:11:12.013Z';
      const declined = await atClock(declinedAt, () => answer(w.member.agent, id, { answer: 'declined', reason: '  Estarei viajando.  ' }));
      expect(declined.status, declined.text).toBe(200);
      expect(keysOf(declined.body)).toEqual(ALLOCATION_KEYS);
      expect(declined.body).toEqual({ ...before, status: 'declined', responded_at: declinedAt, reason: 'Estarei viajando.' });
      // The leader sees the decline and its reason, in both lists.
      expect((await w.leader.agent.get(`/api/events/${eventId}/allocations`).expect(200)).body).toEqual([declined.body]);
      const range = (await w.leader.agent.get(`/api/allocations?from=${at.slice(0, 10)}&to=${at.slice(0, 10)}`).expect(200)).body;
      expect(range).toContainEqual(declined.body);
      // The member sees the status (declined events stay listed), without the reason.
      const mine = ((await w.member.agent.get('/api/me/events').expect(200)).body as Array<Record<string, unknown>>).find((e) => e.allocation_id === id);
      expect(mine).toEqual({
        id: eventId,
        datetime: at,
        event_types: { name: 'Culto' },
        allocation_id: id,
        department: { id: louvor, name: 'Louvor' },
        status: 'declined',
        responded_at: declinedAt,
        position: null,
        title: null,
        location: null,
        ends_at: new Date(Date.parse(at) + 2 * 60 * 60 * 1000).toISOString(),
        cover: null,
        timezone: 'America/Sao_Paulo',
        church: null,
      });

      // The same answer again changes nothing (responded_at keeps the first time).
      const again = await answer(w.member.agent, id, { answer: 'declined', reason: 'Estarei viajando.' });
      expect(again.body).toEqual(declined.body);
      // Another reason is a new answer.
      const reworded = await atClock('2030-01-06T00:00:00.000Z', () => answer(w.member.agent, id, { answer: 'declined' }));
      expect(reworded.body).toMatchObject({ status: 'declined', reason: null, responded_at: '2030-01-06T00:00:00.000Z' });
      // Changing one's mind until the start: a confirmation clears the reason.
      const confirmedAt = '2030-01-07T08:00:00.000Z';
      await answer(w.member.agent, id, { answer: 'declined', reason: 'Talvez' }).expect(200);
      const confirmed = await atClock(confirmedAt, () => answer(w.member.agent, id, { answer: 'confirmed' }));
      expect(confirmed.body).toEqual({ ...before, status: 'confirmed', responded_at: confirmedAt, reason: null });
      expect(await statusOf(id)).toEqual({ status: 'confirmed', reason: null, responded_at: confirmedAt });
    });

    it('answers 400 to a malformed answer and stores nothing', async () => {
      const { id } = await allocated(nextSlot());
      const bodies: unknown[] = [
        {},
        { answer: 'pending' },
        { answer: 'yes' },
        { answer: 'Confirmed' },
        { answer: null },
        { answer: true },
        { answer: 'declined', reason: 'x'.repeat(301) },
        { answer: 'declined', reason: 42 },
        { answer: 'declined', reason: ['a'] },
        { answer: 'confirmed', reason: 'Porque sim' },
        { answer: 'confirmed', extra: 1 },
        { answer: 'declined', reason: 'nul \u0000 aqui' },
        [],
      ];
      for (const body of bodies) {
        expectApiError(await answer(w.member.agent, id, body), 400, 'invalid_request');
      }
      const notJson = await w.member.agent.post(`/api/allocations/${id}/response`).set('Content-Type', 'text/plain').send('answer=confirmed');
      expectApiError(notJson, 403, 'csrf');
      expect(await statusOf(id)).toEqual({ status: 'pending', reason: null, responded_at: null });

      // 300 characters is the limit; an empty or null reason is no reason; a confirmation may say reason: null.
      expect((await answer(w.member.agent, id, { answer: 'declined', reason: 'é'.repeat(300) })).body.reason).toBe('é'.repeat(300));
      expect((await answer(w.member.agent, id, { answer: 'declined', reason: '   ' })).body.reason).toBeNull();
      expect((await answer(w.member.agent, id, { answer: 'declined', reason: null })).body.reason).toBeNull();
      expect((await answer(w.member.agent, id, { answer: 'confirmed', reason: '' })).body.status).toBe('confirmed');
      expect((await answer(w.member.agent, id, { answer: 'confirmed', reason: null })).body.status).toBe('confirmed');
    });
  });

  describe('the schedule-conflict check counts pending and confirmed allocations, never declined ones', () => {
    it.each([
      ['pending', 409],
      ['confirmed', 409],
      ['declined', 201],
    ] as const)('an allocation 1 h away that is %s → %i', async (state, status) => {
      const person = await createTestUser(db(), { name: `Pessoa ${state}` });
      const agent = request.agent(w.t.app);
      await agent.post('/api/auth/login').send({ email: person.email, password: person.password }).expect(200);
      const at = nextSlot();
      const { id } = await allocated(at, person.id);
      if (state !== 'pending') await answer(agent, id, { answer: state }).expect(200);
      const near = await createEvent(db(), shift(at, HOUR));
      const res = await postAllocation(w.leader.agent, near, { department: 'Mídia', member: person.id });
      if (status === 409) expectApiError(res, 409, 'schedule_conflict');
      else expect(res.status, res.text).toBe(201);
      if (state === 'declined') {
        // The member changes their mind: their answer is theirs (the leader sees both allocations and both statuses).
        expect((await answer(agent, id, { answer: 'confirmed' })).status).toBe(200);
        // From now on the confirmed one counts again.
        const third = await createEvent(db(), shift(at, -HOUR));
        expectApiError(await postAllocation(w.leader.agent, third, { department: 'Louvor', member: person.id }), 409, 'schedule_conflict');
      }
    });

    it('the conflict list leaves declined allocations out', async () => {
      const person = await createTestUser(db(), { name: 'Lista Conflitos' });
      const agent = request.agent(w.t.app);
      await agent.post('/api/auth/login').send({ email: person.email, password: person.password }).expect(200);
      const at = nextSlot();
      const dropped = await allocated(shift(at, 2 * HOUR), person.id, 'Mídia');
      await answer(agent, dropped.id, { answer: 'declined' }).expect(200);
      // Two hours from a declined allocation: no clash.
      const kept = await allocated(at, person.id);
      const res = await postAllocation(w.leader.agent, await createEvent(db(), shift(at, HOUR)), { department: 'Infantil', member: person.id });
      expectApiError(res, 409, 'schedule_conflict');
      expect(res.body.error.conflicts.map((conflict: { event: { id: number } }) => conflict.event.id)).toEqual([kept.eventId]);
    });
  });

  describe('moving an event asks again', () => {
    it('puts confirmed allocations back to pending; declined and pending stay; a type change or the same time moves nothing', async () => {
      const at = nextSlot();
      const eventId = await createEvent(db(), at);
      const people = await Promise.all(['Confirma', 'Recusa', 'Pendente'].map((name) => signedInAgent(w.t.app, db(), { name })));
      const ids: number[] = [];
      for (const person of people) {
        const res = await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: person.user.id });
        expect(res.status, res.text).toBe(201);
        ids.push(res.body.id);
      }
      const [confirmer, decliner] = people;
      await answer(confirmer!.agent, ids[0]!, { answer: 'confirmed' }).expect(200);
      await answer(decliner!.agent, ids[1]!, { answer: 'declined', reason: 'Doente' }).expect(200);
      const declinedState = await statusOf(ids[1]!);

      // Not a move: the type alone, or the same instant written another way.
      const typeId = (await w.admin.agent.post('/api/event-types').send({ name: 'Vigília' }).expect(201)).body.id as number;
      await w.leader.agent.patch(`/api/events/${eventId}`).send({ event_type_id: typeId }).expect(200);
      await w.leader.agent.patch(`/api/events/${eventId}`).send({ datetime: at.replace('.000Z', 'Z') }).expect(200);
      expect((await statusOf(ids[0]!)).status).toBe('confirmed');

      await w.leader.agent.patch(`/api/events/${eventId}`).send({ datetime: shift(at, 30 * MINUTE) }).expect(200);
      expect(await statusOf(ids[0]!)).toEqual({ status: 'pending', reason: null, responded_at: null });
      expect(await statusOf(ids[1]!)).toEqual(declinedState);
      expect(await statusOf(ids[2]!)).toEqual({ status: 'pending', reason: null, responded_at: null });
      // And they can confirm the new time.
      expect((await answer(confirmer!.agent, ids[0]!, { answer: 'confirmed' })).body.status).toBe('confirmed');
    });

    it('a "following" edit of a series asks again at every occurrence it moves, and only those', async () => {
      const typeId = (await w.admin.agent.post('/api/event-types').send({ name: 'Culto semanal' }).expect(201)).body.id as number;
      const series = await w.leader.agent
        .post('/api/events')
        .send({ datetime: '2031-02-02T19:00', event_type_id: typeId, repeat: { freq: 'weekly', count: 3 } });
      expect(series.status, series.text).toBe(201);
      const rows = await db().db.selectFrom('events').select(['id', 'datetime']).where('series_id', '=', series.body.series_id).orderBy('datetime').execute();
      expect(rows).toHaveLength(3);
      const ids: number[] = [];
      for (const row of rows) {
        const res = await postAllocation(w.leader.agent, row.id, { department: 'Louvor', member: w.member.user.id });
        expect(res.status, res.text).toBe(201);
        ids.push(res.body.id);
        await answer(w.member.agent, res.body.id, { answer: 'confirmed' }).expect(200);
      }
      // The second occurrence and the following ones move from 19:00 to 20:00.
      const moved = await w.leader.agent.patch(`/api/events/${rows[1]!.id}?scope=following`).send({ datetime: '2031-02-09T20:00' });
      expect(moved.status, moved.text).toBe(200);
      expect((await statusOf(ids[0]!)).status).toBe('confirmed');
      expect((await statusOf(ids[1]!)).status).toBe('pending');
      expect((await statusOf(ids[2]!)).status).toBe('pending');
    });
  });

  describe('who serves with me: GET /api/events/{id}/team', () => {
    it('shows a member allocated there who serves (names and departments only, declined ones left out)', async () => {
      const eventId = await createEvent(db(), nextSlot());
      const serving = await signedInAgent(w.t.app, db(), { name: 'Bia Bateria' });
      const declining = await signedInAgent(w.t.app, db(), { name: 'Caio Cancela' });
      for (const [person, department] of [
        [w.member, 'Louvor'],
        [serving, 'Mídia'],
        [declining, 'Louvor'],
      ] as const) {
        expect((await postAllocation(w.leader.agent, eventId, { department, member: person.user.id })).status).toBe(201);
      }
      const declinedId = (await db().db.selectFrom('allocations').select('id').where('event_id', '=', eventId).where('member_id', '=', declining.user.id).executeTakeFirstOrThrow()).id;
      await answer(declining.agent, declinedId, { answer: 'declined', reason: 'Segredo' }).expect(200);

      const team = await w.member.agent.get(`/api/events/${eventId}/team`);
      expect(team.status, team.text).toBe(200);
      const midia = await departmentId(db(), 'Mídia');
      expect(team.body).toEqual([
        { department: { id: louvor, name: 'Louvor' }, member: { id: w.member.user.id, name: 'Maria Membro' } },
        { department: { id: midia, name: 'Mídia' }, member: { id: serving.user.id, name: 'Bia Bateria' } },
      ]);
      for (const entry of team.body) {
        expect(keysOf(entry)).toEqual(['department', 'member']);
        expect(keysOf(entry.member)).toEqual(['id', 'name']);
      }
      expect(team.text).not.toContain('@');
      expect(team.text).not.toContain('Segredo');
      // Whoever is allocated there may look, even after declining; leaders and admins too.
      expect((await declining.agent.get(`/api/events/${eventId}/team`)).body).toEqual(team.body);
      expect((await w.leader.agent.get(`/api/events/${eventId}/team`)).body).toEqual(team.body);
      expect((await w.admin.agent.get(`/api/events/${eventId}/team`)).body).toEqual(team.body);
      // Someone not allocated there may not; nor the anonymous.
      expectApiError(await other.agent.get(`/api/events/${eventId}/team`), 403, 'forbidden');
      expectApiError(await w.anonymous.get(`/api/events/${eventId}/team`), 401, 'unauthenticated');
      expectApiError(await w.member.agent.get('/api/events/2147483647/team'), 404, 'not_found');
      expectApiError(await w.member.agent.get('/api/events/abc/team'), 400, 'invalid_request');
    });
  });
});
