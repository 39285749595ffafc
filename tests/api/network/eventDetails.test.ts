import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectEventShape } from '../../support/apiAssertions.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { keysOf, postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from './networkWorld.ts';

const DETAIL_KEYS = ['church_id', 'datetime', 'description', 'ends_at', 'event_types', 'id', 'location', 'timezone', 'title'];

describe.each(testDatabases)('event details on $name', ({ open }) => {
  let w: NetworkWorld;
  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const create = (body: Record<string, unknown>) => w.admin.agent.post('/api/events').send({ event_type_id: null, ...body });

  describe('written through POST /api/events and read with ?detail=full', () => {
    it('stores the church, texts and end; the spec reads keep exactly their keys', async () => {
      const res = await create({
        datetime: '2030-04-07T19:00',
        church_id: w.churchA,
        title: '  Culto de Páscoa ',
        description: 'Santa ceia e batismos.',
        location: 'Templo sede',
        ends_at: '2030-04-07T21:30',
      });
      expect(res.status, res.text).toBe(201);
      const detail = {
        id: res.body.id,
        datetime: '2030-04-07T22:00:00.000Z',
        event_types: null,
        church_id: w.churchA,
        title: 'Culto de Páscoa',
        description: 'Santa ceia e batismos.',
        location: 'Templo sede',
        ends_at: '2030-04-08T00:30:00.000Z',
        timezone: 'America/Sao_Paulo',
      };
      expect(res.body).toEqual({ ...detail, series_id: null });

      const plain = await request(w.t.app).get(`/api/events/${res.body.id}`).expect(200);
      expectEventShape(plain.body);
      const full = await w.member.agent.get(`/api/events/${res.body.id}?detail=full`).expect(200);
      expect(full.body).toEqual(detail);
      const day = await request(w.t.app).get('/api/events?date=2030-04-07').expect(200);
      for (const event of day.body) expectEventShape(event);
      const plainRange = await request(w.t.app).get('/api/events?from=2030-04-07&to=2030-04-07').expect(200);
      expect(plainRange.body).toEqual([{ id: res.body.id, datetime: detail.datetime, event_types: null }]);
      // Signed in, as a leader or an admin, the reads stay the spec's too without ?detail=full.
      for (const agent of [w.admin.agent, w.legacyLeader.agent, w.teamLeader.agent]) {
        expectEventShape((await agent.get(`/api/events/${res.body.id}`).expect(200)).body);
        for (const event of (await agent.get('/api/events?date=2030-04-07').expect(200)).body) expectEventShape(event);
      }
      // The details are for signed-in users (docs/product.md §8, §11): a member reads them.
      const range = await w.member.agent.get('/api/events?from=2030-04-07&to=2030-04-07&detail=full').expect(200);
      expect(range.body).toEqual([detail]);
      const dayFull = await w.member.agent.get('/api/events?date=2030-04-07&detail=full').expect(200);
      expect(dayFull.body).toEqual([detail]);
      const all = await w.member.agent.get('/api/events?detail=full').expect(200);
      expect(all.body.find((e: { id: number }) => e.id === res.body.id)).toEqual(detail);
      for (const event of all.body) expect(keysOf(event)).toEqual(DETAIL_KEYS);
      // The whole list without detail stays the spec's.
      for (const event of (await request(w.t.app).get('/api/events').expect(200)).body) expectEventShape(event);
    });

    it('without details: the whole network, null texts, ending two hours after the start', async () => {
      const res = await create({ datetime: '2030-04-08T10:00', title: '   ' }).expect(201);
      const full = await w.member.agent.get(`/api/events/${res.body.id}?detail=full`).expect(200);
      expect(full.body).toMatchObject({ church_id: null, title: null, description: null, location: null, ends_at: '2030-04-08T15:00:00.000Z' });
    });

    it('refuses an unknown church (422 unknown_church), an end not after the start or over 7 days (400 ends_at), a bad detail=', async () => {
      const unknown = await create({ datetime: '2030-04-09T10:00', church_id: 999999 });
      expectApiError(unknown, 422, 'unknown_church');
      expect(unknown.body.error.message).toBe('Igreja não encontrada.');
      const before = await create({ datetime: '2030-04-09T10:00', ends_at: '2030-04-09T10:00' });
      expectApiError(before, 400, 'invalid_request');
      expect(before.body.error.fields).toEqual({ ends_at: 'O término deve ser depois do início.' });
      expectApiError(await create({ datetime: '2030-04-09T10:00', ends_at: '2030-04-16T10:01' }), 400, 'invalid_request');
      expectApiError(await create({ datetime: '2030-04-09T10:00', title: 'x'.repeat(201) }), 400, 'invalid_request');
      expectApiError(await create({ datetime: '2030-04-09T10:00', description: 'x'.repeat(2001) }), 400, 'invalid_request');
      expectApiError(await w.member.agent.get('/api/events?detail=yes'), 400, 'invalid_request');
      expectApiError(await w.member.agent.get('/api/events/1?detail=yes'), 400, 'invalid_request');
      expectApiError(await request(w.t.app).get('/api/events/1?other=1'), 400, 'invalid_request');
      expect(await w.t.database.db.selectFrom('events').select('id').where('datetime', '=', '2030-04-09T13:00:00.000Z').execute()).toEqual([]);
    });
  });

  describe('PATCH /api/events/{id}', () => {
    it('changes details alone; moving the start keeps the duration; ends_at null goes back to two hours', async () => {
      const id = (await create({ datetime: '2030-05-01T19:00', ends_at: '2030-05-01T22:00' }).expect(201)).body.id;
      const titled = await w.admin.agent.patch(`/api/events/${id}`).send({ title: 'Vigília', church_id: w.churchB }).expect(200);
      expect(titled.body).toMatchObject({ title: 'Vigília', church_id: w.churchB, ends_at: '2030-05-02T01:00:00.000Z' });
      const moved = await w.admin.agent.patch(`/api/events/${id}`).send({ datetime: '2030-05-01T20:00' }).expect(200);
      expect(moved.body).toMatchObject({ datetime: '2030-05-01T23:00:00.000Z', ends_at: '2030-05-02T02:00:00.000Z', title: 'Vigília' });
      const cleared = await w.admin.agent.patch(`/api/events/${id}`).send({ ends_at: null, title: null, church_id: null }).expect(200);
      expect(cleared.body).toMatchObject({ ends_at: '2030-05-02T01:00:00.000Z', title: null, church_id: null });
      expectApiError(await w.admin.agent.patch(`/api/events/${id}`).send({ church_id: 999999 }), 422, 'unknown_church');
      expectApiError(await w.admin.agent.patch(`/api/events/${id}`).send({ ends_at: '2030-05-01T19:00' }), 400, 'invalid_request');
      expectApiError(await w.admin.agent.patch(`/api/events/${id}`).send({}), 400, 'invalid_request');
      expectApiError(await w.member.agent.patch(`/api/events/${id}`).send({ title: 'x' }), 403, 'forbidden');
    });

    it('a repeating series: details apply to every occurrence; scope=following changes this and the later ones', async () => {
      const first = await create({
        datetime: '2030-06-02T18:00',
        repeat: { freq: 'weekly', count: 4 },
        church_id: w.churchA,
        location: 'Salão',
        ends_at: '2030-06-02T19:30',
      }).expect(201);
      const occurrences = async () =>
        (await w.member.agent.get('/api/events?from=2030-06-01&to=2030-06-30&detail=full').expect(200)).body as Array<Record<string, unknown>>;
      const all = await occurrences();
      expect(all).toHaveLength(4);
      for (const event of all) {
        expect(event).toMatchObject({ church_id: w.churchA, location: 'Salão' });
        expect(Date.parse(event.ends_at as string) - Date.parse(event.datetime as string)).toBe(90 * 60_000);
      }
      const third = all[2]!.id as number;
      await w.admin.agent.patch(`/api/events/${third}?scope=following`).send({ location: 'Templo', ends_at: '2030-06-16T20:00' }).expect(200);
      const after = await occurrences();
      expect(after.map((e) => e.location)).toEqual(['Salão', 'Salão', 'Templo', 'Templo']);
      expect(after.map((e) => (Date.parse(e.ends_at as string) - Date.parse(e.datetime as string)) / 60_000)).toEqual([90, 90, 120, 120]);
      // A time change with scope=following moves the later ones and keeps each one's duration.
      await w.admin.agent.patch(`/api/events/${first.body.id}?scope=following`).send({ datetime: '2030-06-02T19:00' }).expect(200);
      const moved = await occurrences();
      expect(moved.map((e) => (Date.parse(e.ends_at as string) - Date.parse(e.datetime as string)) / 60_000)).toEqual([90, 90, 120, 120]);
      expect(moved.map((e) => e.location)).toEqual(['Salão', 'Salão', 'Templo', 'Templo']);
    });
  });

  describe('the schedule-conflict check uses the real end plus ALLOCATION_BUFFER_MINUTES (60)', () => {
    it('a long service clashes with one starting within the hour after its end; not one an hour or more later', async () => {
      const person = await createTestUser(w.t.database, { name: 'Lucas Longo' });
      const long = (await create({ datetime: '2030-07-06T08:00', ends_at: '2030-07-06T14:00' }).expect(201)).body.id;
      await postAllocation(w.admin.agent, long, { department: w.louvor, member: person.id }).expect(201);
      // 14:59 is within the buffer after 14:00 (the old fixed 3-hour window would have let 11:00+ through).
      const close = (await create({ datetime: '2030-07-06T14:59' }).expect(201)).body.id;
      const clash = await postAllocation(w.admin.agent, close, { department: w.louvor, member: person.id });
      expectApiError(clash, 409, 'schedule_conflict');
      expect(clash.body.error.message).toBe('Lucas Longo já serve em outro evento neste horário ou a menos de 60 minutos dele.');
      expect(clash.body.error.conflicts.map((c: { event: { id: number } }) => c.event.id)).toEqual([long]);
      // The member picker says the same.
      const candidates = await w.admin.agent.get(`/api/events/${close}/candidates?q=lucas`).expect(200);
      expect(candidates.body[0].conflicts.map((c: { event: { id: number } }) => c.event.id)).toEqual([long]);
      // An hour after the end: free. An hour before the start, ending at 07:00 (two hours from 05:00): free too.
      const later = (await create({ datetime: '2030-07-06T15:00' }).expect(201)).body.id;
      await postAllocation(w.admin.agent, later, { department: w.louvor, member: person.id }).expect(201);
      const before = (await create({ datetime: '2030-07-06T05:00' }).expect(201)).body.id;
      await postAllocation(w.admin.agent, before, { department: w.louvor, member: person.id }).expect(201);
      const tooEarly = (await create({ datetime: '2030-07-06T05:01', ends_at: '2030-07-06T07:01' }).expect(201)).body.id;
      expectApiError(await postAllocation(w.admin.agent, tooEarly, { department: w.infantil, member: person.id }), 409, 'schedule_conflict');
    });
  });

  describe('what members see', () => {
    it('GET /api/me/events carries the title and location', async () => {
      const id = (await create({ datetime: '2030-08-04T19:00', title: 'Culto jovem', location: 'Anexo' }).expect(201)).body.id;
      await postAllocation(w.admin.agent, id, { department: w.louvor, member: w.member.user.id }).expect(201);
      const mine = (await w.member.agent.get('/api/me/events').expect(200)).body.find((e: { id: number }) => e.id === id);
      expect(mine).toMatchObject({ title: 'Culto jovem', location: 'Anexo', position: null, ends_at: '2030-08-05T00:00:00.000Z' });
    });

    it('the personal feed names the title and position, and gives the location and the real end', async () => {
      const id = (
        await create({ datetime: '2030-08-11T18:00', ends_at: '2030-08-11T21:15', title: 'Conferência', location: 'Ginásio municipal' }).expect(201)
      ).body.id;
      const allocation = (await postAllocation(w.admin.agent, id, { department: w.louvor, member: w.member.user.id, position: w.vocal }).expect(201)).body.id;
      const url = new URL((await w.member.agent.post('/api/me/calendar-token').expect(201)).body.url as string);
      const text = (await request(w.t.app).get(`${url.pathname}${url.search}`).expect(200)).text.replace(/\r\n[ \t]/g, '');
      const block = text.split('BEGIN:VEVENT').find((part) => part.includes(`UID:allocation-${allocation}@koinonia`))!;
      expect(block).toMatch(/^SUMMARY:Conferência · Louvor — Vocal$/m);
      expect(block).toMatch(/^LOCATION:Ginásio municipal$/m);
      // At the event's own clock, with its zone (docs/product.md §12): 18:00–21:15 in São Paulo (21:00Z–00:15Z).
      expect(block).toMatch(/^DTSTART;TZID=America\/Sao_Paulo:20300811T180000$/m);
      expect(block).toMatch(/^DTEND;TZID=America\/Sao_Paulo:20300811T211500$/m);
    });
  });
});
