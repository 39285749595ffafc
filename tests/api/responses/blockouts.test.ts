import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { createEvent, departmentId, escalasWorld, HOUR, keysOf, postAllocation, shift, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';

interface Blockout {
  id: number;
  from: string;
  to: string;
  note: string | null;
}

describe.each(testDatabases)('availability (blockouts) on $name', ({ open }) => {
  let w: EscalasWorld;
  let other: SignedIn;

  beforeAll(async () => {
    // The network timezone is America/Sao_Paulo (UTC-3, no daylight saving in these years).
    w = await escalasWorld(open);
    other = await signedInAgent(w.t.app, w.t.database, { role: 'member', name: 'Olga Outra' });
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const db = () => w.t.database;
  const add = (signedIn: SignedIn, body: unknown) => signedIn.agent.post('/api/me/blockouts').send(body as object);
  const list = async (signedIn: SignedIn) => (await signedIn.agent.get('/api/me/blockouts').expect(200)).body as Blockout[];

  describe('/api/me/blockouts', () => {
    it('adds (201 { id, from, to, note }), lists by first day, and deletes (204) only the owner’s', async () => {
      const person = await signedInAgent(w.t.app, db(), { name: 'Nina Nova' });
      expect(await list(person)).toEqual([]);
      const later = await add(person, { from: '2030-07-10', to: '2030-07-20', note: '  Férias em família ' });
      expect(later.status, later.text).toBe(201);
      expect(keysOf(later.body)).toEqual(['from', 'id', 'note', 'to']);
      expect(later.body).toEqual({ id: expect.any(Number), from: '2030-07-10', to: '2030-07-20', note: 'Férias em família' });
      const oneDay = await add(person, { from: '2030-05-01', to: '2030-05-01' });
      expect(oneDay.body).toEqual({ id: expect.any(Number), from: '2030-05-01', to: '2030-05-01', note: null });
      const emptyNote = await add(person, { from: '2030-06-01', to: '2030-06-02', note: '   ' });
      expect(emptyNote.body.note).toBeNull();
      expect((await add(person, { from: '2030-06-03', to: '2030-06-03', note: null })).body.note).toBeNull();
      const mine = await list(person);
      expect(mine.map((b) => b.from)).toEqual(['2030-05-01', '2030-06-01', '2030-06-03', '2030-07-10']);
      expect(mine[3]).toEqual(later.body);
      for (const blockout of mine) expect(keysOf(blockout)).toEqual(['from', 'id', 'note', 'to']);

      // Nobody else sees or deletes them: another member's DELETE is 404, as for one that does not exist.
      expect(await list(other)).toEqual([]);
      expectApiError(await other.agent.delete(`/api/me/blockouts/${later.body.id}`), 404, 'not_found');
      expectApiError(await w.admin.agent.delete(`/api/me/blockouts/${later.body.id}`), 404, 'not_found');
      expect(await list(person)).toHaveLength(4);

      const deleted = await person.agent.delete(`/api/me/blockouts/${later.body.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expectApiError(await person.agent.delete(`/api/me/blockouts/${later.body.id}`), 404, 'not_found');
      expectApiError(await person.agent.delete('/api/me/blockouts/2147483647'), 404, 'not_found');
      for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
        expectApiError(await person.agent.delete(`/api/me/blockouts/${id}`), 400, 'invalid_request');
      }
      expect((await list(person)).map((b) => b.id)).not.toContain(later.body.id);

      expectApiError(await w.anonymous.get('/api/me/blockouts'), 401, 'unauthenticated');
      expectApiError(await w.anonymous.post('/api/me/blockouts').send({ from: '2030-05-01', to: '2030-05-01' }), 401, 'unauthenticated');
      expectApiError(await w.anonymous.delete(`/api/me/blockouts/${oneDay.body.id}`), 401, 'unauthenticated');
    });

    it('takes from ≤ to, at most 366 days counted inclusively, real day keys, and a note of at most 300 characters', async () => {
      const person = await signedInAgent(w.t.app, db(), { name: 'Vera Validação' });
      const accepted = [
        { from: '2030-01-01', to: '2030-12-31' }, // 365 days
        { from: '2032-01-01', to: '2032-12-31' }, // 366 days (leap year)
        { from: '2030-03-01', to: '2031-03-01' }, // 366 days
        { from: '2031-02-28', to: '2031-02-28', note: 'n'.repeat(300) },
        { from: '1900-01-01', to: '1900-01-01' },
        { from: '2999-12-31', to: '2999-12-31' },
      ];
      for (const body of accepted) {
        const res = await add(person, body);
        expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(201);
      }
      const refused: unknown[] = [
        { from: '2030-01-02', to: '2030-01-01' },
        { from: '2030-01-01', to: '2031-01-02' }, // 367 days
        { from: '2030-03-01', to: '2031-03-02' }, // 367 days
        { from: '2031-02-29', to: '2031-03-01' },
        { from: '2030-13-01', to: '2030-13-02' },
        { from: '2030-1-01', to: '2030-01-02' },
        { from: '01/02/2030', to: '2030-01-02' },
        { from: '2030-01-01T00:00:00Z', to: '2030-01-02' },
        { from: '1899-12-31', to: '1900-01-01' },
        { from: '2999-12-31', to: '3000-01-01' },
        { from: '2030-01-01' },
        { to: '2030-01-01' },
        { from: '2030-01-01', to: '2030-01-01', note: 'n'.repeat(301) },
        { from: '2030-01-01', to: '2030-01-01', note: 5 },
        { from: '2030-01-01', to: '2030-01-01', note: 'nul\u0000' },
        { from: '2030-01-01', to: '2030-01-01', member_id: other.user.id },
        { from: 20300101, to: 20300102 },
        [],
        {},
      ];
      for (const body of refused) {
        const res = await add(person, body);
        expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
        expectApiError(res, 400, 'invalid_request');
      }
      expect(await list(person)).toHaveLength(accepted.length);
      const notJson = await person.agent.post('/api/me/blockouts').set('Content-Type', 'text/plain').send('from=2030-01-01');
      expectApiError(notJson, 403, 'csrf');
    });
  });

  describe('allocating a member on a day they blocked', () => {
    it('is 409 member_unavailable naming the ranges (never the note), unless force; the day is the network-timezone day', async () => {
      const person = await signedInAgent(w.t.app, db(), { name: 'Bruno Bloqueado' });
      await add(person, { from: '2030-08-01', to: '2030-08-10', note: 'Cirurgia — segredo médico' }).expect(201);
      await add(person, { from: '2030-08-10', to: '2030-08-12', note: 'Casamento da prima' }).expect(201);
      await add(person, { from: '2030-09-01', to: '2030-09-01' }).expect(201);

      // 2030-08-10 19:00 in São Paulo: inside both ranges (one ends that day, one starts that day).
      const lastDay = await createEvent(db(), '2030-08-10T22:00:00.000Z');
      const refused = await postAllocation(w.leader.agent, lastDay, { department: 'Louvor', member: person.user.email });
      expectApiError(refused, 409, 'member_unavailable');
      expect(keysOf(refused.body.error)).toEqual(['blockouts', 'code', 'message']);
      expect(refused.body.error.blockouts).toEqual([
        { from: '2030-08-01', to: '2030-08-10' },
        { from: '2030-08-10', to: '2030-08-12' },
      ]);
      for (const range of refused.body.error.blockouts) expect(keysOf(range)).toEqual(['from', 'to']);
      expect(refused.body.error.message).toContain('Bruno Bloqueado');
      expect(refused.text).not.toContain('segredo');
      expect(refused.text).not.toContain('prima');

      // 23:30 on 2030-09-01 in São Paulo is 02:30 UTC on 2030-09-02: still the blocked 1 September.
      const lateNight = await createEvent(db(), '2030-09-02T02:30:00.000Z');
      const late = await postAllocation(w.leader.agent, lateNight, { department: 'Mídia', member: person.user.id });
      expectApiError(late, 409, 'member_unavailable');
      expect(late.body.error.blockouts).toEqual([{ from: '2030-09-01', to: '2030-09-01' }]);
      // 00:30 on 1 September in São Paulo is 03:30 UTC the same day; 23:59:59 on 31 August is not blocked.
      expectApiError(await postAllocation(w.leader.agent, await createEvent(db(), '2030-09-01T03:30:00.000Z'), { department: 'Mídia', member: person.user.id }), 409, 'member_unavailable');
      const dayBefore = await postAllocation(w.leader.agent, await createEvent(db(), '2030-09-01T02:59:59.000Z'), { department: 'Mídia', member: person.user.id });
      expect(dayBefore.status, dayBefore.text).toBe(201);
      // 2 September in São Paulo (03:00 UTC on) is free again.
      const dayAfter = await postAllocation(w.leader.agent, await createEvent(db(), '2030-09-02T10:00:00.000Z'), { department: 'Mídia', member: person.user.id });
      expect(dayAfter.status, dayAfter.text).toBe(201);
      // The day after the last range ends (13 August) is free.
      expect((await postAllocation(w.leader.agent, await createEvent(db(), '2030-08-13T12:00:00.000Z'), { department: 'Louvor', member: person.user.id })).status).toBe(201);

      // force allocates anyway (pending, like every allocation).
      const forced = await postAllocation(w.leader.agent, lastDay, { department: 'Louvor', member: person.user.id, force: true });
      expect(forced.status, forced.text).toBe(201);
      expect(forced.body).toMatchObject({ status: 'pending', reason: null });
      // The leader's lists never carry the note either.
      const listed = await w.leader.agent.get(`/api/events/${lastDay}/allocations`).expect(200);
      expect(listed.text).not.toContain('segredo');

      // Removing the blockout frees the day.
      const ids = (await list(person)).filter((b) => b.from === '2030-09-01').map((b) => b.id);
      await person.agent.delete(`/api/me/blockouts/${ids[0]}`).expect(204);
      const freed = await postAllocation(w.leader.agent, lateNight, { department: 'Mídia', member: person.user.id });
      expect(freed.status, freed.text).toBe(201);
    });

    it('another member’s blockout does not block this member, and the unavailable check comes before the conflict check', async () => {
      const blocked = await signedInAgent(w.t.app, db(), { name: 'Duda Dupla' });
      await add(other, { from: '2030-10-05', to: '2030-10-05' }).expect(201);
      const event = await createEvent(db(), '2030-10-05T22:00:00.000Z');
      expect((await postAllocation(w.leader.agent, event, { department: 'Louvor', member: blocked.user.id })).status).toBe(201);

      await add(blocked, { from: '2030-10-06', to: '2030-10-06' }).expect(201);
      // An event an hour later (a clash) on the blocked day: the blocked day is what the leader is told.
      const next = await createEvent(db(), shift('2030-10-06T12:00:00.000Z', 0));
      await postAllocation(w.leader.agent, await createEvent(db(), shift('2030-10-06T12:00:00.000Z', -HOUR)), { department: 'Mídia', member: blocked.user.id, force: true }).expect(201);
      expectApiError(await postAllocation(w.leader.agent, next, { department: 'Louvor', member: blocked.user.id }), 409, 'member_unavailable');
    });
  });

  describe('the member picker: GET /api/events/{id}/candidates', () => {
    it('marks, for each member found, an allocation there, the blocked ranges (no note) and the clashes', async () => {
      const free = await signedInAgent(w.t.app, db(), { name: 'Pedro Picker Livre' });
      const away = await signedInAgent(w.t.app, db(), { name: 'Pedro Picker Ausente' });
      const busy = await signedInAgent(w.t.app, db(), { name: 'Pedro Picker Ocupado' });
      const there = await signedInAgent(w.t.app, db(), { name: 'Pedro Picker Presente' });
      const at = '2030-11-10T22:00:00.000Z';
      const event = await createEvent(db(), at);
      await add(away, { from: '2030-11-09', to: '2030-11-11', note: 'Retiro — privado' }).expect(201);
      const nearby = await createEvent(db(), shift(at, HOUR), 'Ensaio');
      await postAllocation(w.leader.agent, nearby, { department: 'Mídia', member: busy.user.id }).expect(201);
      await postAllocation(w.leader.agent, event, { department: 'Louvor', member: there.user.id }).expect(201);

      const res = await w.leader.agent.get(`/api/events/${event}/candidates?q=pedro%20picker`);
      expect(res.status, res.text).toBe(200);
      const midia = await departmentId(db(), 'Mídia');
      const member = (signedIn: SignedIn) => ({ id: signedIn.user.id, name: signedIn.user.name, email: signedIn.user.email });
      expect(res.body).toEqual([
        { ...member(away), allocated: false, blockouts: [{ from: '2030-11-09', to: '2030-11-11' }], conflicts: [], team: null },
        { ...member(free), allocated: false, blockouts: [], conflicts: [], team: null },
        {
          ...member(busy),
          allocated: false,
          blockouts: [],
          conflicts: [{ event: { id: nearby, datetime: shift(at, HOUR), event_types: { name: 'Ensaio' } }, department: { id: midia, name: 'Mídia' } }],
          team: null,
        },
        { ...member(there), allocated: true, blockouts: [], conflicts: [], team: null },
      ]);
      for (const candidate of res.body) expect(keysOf(candidate)).toEqual(['allocated', 'blockouts', 'conflicts', 'email', 'id', 'name', 'team']);
      expect(res.text).not.toContain('privado');

      // A declined clash is no clash.
      const busyAllocation = (await db().db.selectFrom('allocations').select('id').where('event_id', '=', nearby).executeTakeFirstOrThrow()).id;
      await busy.agent.post(`/api/allocations/${busyAllocation}/response`).send({ answer: 'declined' }).expect(200);
      const after = (await w.leader.agent.get(`/api/events/${event}/candidates?q=ocupado`).expect(200)).body;
      expect(after).toEqual([{ ...member(busy), allocated: false, blockouts: [], conflicts: [], team: null }]);

      expectApiError(await w.member.agent.get(`/api/events/${event}/candidates`), 403, 'forbidden');
      expectApiError(await w.anonymous.get(`/api/events/${event}/candidates`), 401, 'unauthenticated');
      expectApiError(await w.leader.agent.get('/api/events/2147483647/candidates'), 404, 'not_found');
      expectApiError(await w.leader.agent.get(`/api/events/${event}/candidates?q=a&limit=3`), 400, 'invalid_request');
      expect((await w.admin.agent.get(`/api/events/${event}/candidates`).expect(200)).body.length).toBeLessThanOrEqual(20);
    });
  });
});
