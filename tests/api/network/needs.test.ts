import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import type { Agent } from '../../support/authAgent.ts';
import { HOUR, shift } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { eventOf, insertPosition, networkWorld, type NetworkWorld } from './needsFixtures.ts';

interface EventNeed {
  department: { id: number; name: string };
  position: { id: number; name: string } | null;
  count: number;
}

describe.each(testDatabases)('event needs API on $name', ({ open }) => {
  let w: NetworkWorld;
  /** A day of its own per scenario. */
  let slot = 0;
  const nextDay = () => shift('2030-03-03T22:00:00.000Z', slot++ * 24 * HOUR);

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const db = () => w.t.database;
  const put = (agent: Agent, eventId: number | string, body: unknown, scope?: string) =>
    agent.put(`/api/events/${eventId}/needs${scope ? `?scope=${scope}` : ''}`).send(body as object);
  const get = (agent: Agent, eventId: number | string) => agent.get(`/api/events/${eventId}/needs`);
  /** The stored needs of an event as [department, position, count], in a stable order. */
  const stored = async (eventId: number) =>
    (
      await db()
        .db.selectFrom('event_needs')
        .select(['department_id', 'position_id', 'count'])
        .where('event_id', '=', eventId)
        .orderBy('department_id')
        .orderBy('position_id')
        .execute()
    ).map((row) => [row.department_id, row.position_id, row.count]);

  describe('PUT and GET', () => {
    it('sets the needs and answers them by department and position name, the "anyone" row first', async () => {
      const event = await eventOf(db(), nextDay(), w.sede);
      const res = await put(w.admin.agent, event, [
        { department_id: w.louvor, position_id: w.vocal, count: 2 },
        { department_id: w.louvor, position_id: w.bateria, count: 1 },
        { department_id: w.louvor, position_id: null, count: 1 },
        { department_id: w.infantil, position_id: w.professor, count: 3 },
      ]);
      expect(res.status, res.text).toBe(200);
      const expected: EventNeed[] = [
        { department: { id: w.infantil, name: 'Infantil' }, position: { id: w.professor, name: 'Professor' }, count: 3 },
        { department: { id: w.louvor, name: 'Louvor' }, position: null, count: 1 },
        { department: { id: w.louvor, name: 'Louvor' }, position: { id: w.bateria, name: 'Bateria' }, count: 1 },
        { department: { id: w.louvor, name: 'Louvor' }, position: { id: w.vocal, name: 'Vocal' }, count: 2 },
      ];
      expect(res.body).toEqual(expected);
      for (const need of res.body as EventNeed[]) expect(Object.keys(need).sort()).toEqual(['count', 'department', 'position']);
      expect((await get(w.leader.agent, event)).body).toEqual(expected);
      // An event without needs answers an empty list.
      expect((await get(w.admin.agent, await eventOf(db(), nextDay(), null))).body).toEqual([]);
    });

    it('replaces only the departments the body names; a count of 0 and an empty list store nothing', async () => {
      const event = await eventOf(db(), nextDay(), w.sede);
      await put(w.admin.agent, event, [
        { department_id: w.louvor, position_id: w.vocal, count: 2 },
        { department_id: w.louvor, position_id: w.bateria, count: 1 },
        { department_id: w.infantil, position_id: w.professor, count: 1 },
      ]).expect(200);
      // Louvor is replaced as a whole (Bateria goes), Infantil stays.
      const res = await put(w.admin.agent, event, [
        { department_id: w.louvor, position_id: w.vocal, count: 3 },
        { department_id: w.louvor, position_id: null, count: 0 },
      ]);
      expect(res.status).toBe(200);
      expect(await stored(event)).toEqual([
        [w.louvor, w.vocal, 3],
        [w.infantil, w.professor, 1],
      ].sort((a, b) => a[0]! - b[0]!));
      expect((res.body as EventNeed[]).map((need) => [need.department.name, need.position?.name ?? null, need.count])).toEqual([
        ['Infantil', 'Professor', 1],
        ['Louvor', 'Vocal', 3],
      ]);
      // Only zeros: the department's needs are gone.
      await put(w.admin.agent, event, [{ department_id: w.infantil, position_id: w.professor, count: 0 }]).expect(200);
      expect(await stored(event)).toEqual([[w.louvor, w.vocal, 3]]);
      // Naming nothing changes nothing.
      expect((await put(w.admin.agent, event, []).expect(200)).body).toHaveLength(1);
      expect(await stored(event)).toEqual([[w.louvor, w.vocal, 3]]);
    });
  });

  describe('validation', () => {
    it('answers 400 for malformed bodies, counts out of 0…99, repeated positions, bad scopes and ids; never a 500', async () => {
      const event = await eventOf(db(), nextDay(), w.sede);
      const need = { department_id: w.louvor, position_id: w.vocal, count: 1 };
      const bodies: unknown[] = [
        {},
        need,
        [{ ...need, count: -1 }],
        [{ ...need, count: 100 }],
        [{ ...need, count: 1.5 }],
        [{ ...need, count: '2' }],
        [{ department_id: w.louvor, count: 1 }],
        [{ ...need, extra: true }],
        [{ ...need, department_id: 0 }],
        [{ ...need, position_id: 'Vocal' }],
        [need, { ...need, count: 2 }],
        [
          { department_id: w.louvor, position_id: null, count: 1 },
          { department_id: w.louvor, position_id: null, count: 2 },
        ],
        Array.from({ length: 201 }, () => need),
      ];
      for (const body of bodies) {
        const res = await put(w.admin.agent, event, body);
        expectApiError(res, 400, 'invalid_request');
      }
      const repeated = await put(w.admin.agent, event, [need, need]);
      expect(repeated.body.error.fields).toEqual({ '1.position_id': 'Esta função aparece mais de uma vez.' });
      expectApiError(await put(w.admin.agent, event, [need], 'all'), 400, 'invalid_request');
      expectApiError(await put(w.admin.agent, 'abc', [need]), 400, 'invalid_request');
      expectApiError(await get(w.admin.agent, '0'), 400, 'invalid_request');
      expectApiError(await w.admin.agent.put(`/api/events/${event}/needs`).set('Content-Type', 'application/json').send('[{'), 400, 'invalid_request');
      expect(await stored(event)).toEqual([]);
    });

    it('says in pt-BR which need is wrong and why, with the field', async () => {
      const event = await eventOf(db(), nextDay(), w.sede);
      const need = { department_id: w.louvor, position_id: w.vocal, count: 1 };
      const refusals: Array<[unknown, string, string]> = [
        [[{ ...need, count: -1 }], '0.count', 'A quantidade não pode ser negativa.'],
        [[need, { ...need, position_id: w.bateria, count: -3 }], '1.count', 'A quantidade não pode ser negativa.'],
        [[{ ...need, count: 100 }], '0.count', 'A quantidade pode ser no máximo 99.'],
        [[{ ...need, count: 2.5 }], '0.count', 'A quantidade deve ser um número inteiro.'],
        [[{ ...need, count: '1' }], '0.count', 'Tipo de valor inválido.'],
        [[{ ...need, department_id: 'Louvor' }], '0.department_id', 'Tipo de valor inválido.'],
        [[{ department_id: w.louvor, count: 1 }], '0.position_id', 'Campo obrigatório.'],
        [[need, need], '1.position_id', 'Esta função aparece mais de uma vez.'],
      ];
      for (const [body, field, message] of refusals) {
        const res = await put(w.admin.agent, event, body);
        expectApiError(res, 400, 'invalid_request');
        expect(res.body.error.fields, JSON.stringify(body)).toEqual({ [field]: message });
        expect(res.body.error.message).toBe(`Requisição inválida (${field}): ${message}`);
      }
      const extra = await put(w.admin.agent, event, [{ ...need, extra: true }]);
      expect(extra.body.error.message).toBe('Requisição inválida (0): Campo não permitido: extra.');
      const unknownDepartment = await put(w.admin.agent, event, [{ department_id: 2_000_000, position_id: null, count: 1 }]);
      expectApiError(unknownDepartment, 422, 'unknown_department');
      expect(unknownDepartment.body.error.message).toBe('Departamento não encontrado.');
      const otherDepartment = await put(w.admin.agent, event, [{ department_id: w.infantil, position_id: w.vocal, count: 1 }]);
      expectApiError(otherDepartment, 422, 'unknown_position');
      expect(otherDepartment.body.error.message).toBe('Função não encontrada neste departamento.');
      const notAList = await put(w.admin.agent, event, need);
      expect(notAList.body.error.message).toBe('Requisição inválida: Tipo de valor inválido.');
      expect(await stored(event)).toEqual([]);
    });

    it('answers 404 for a missing event, 422 unknown_department and unknown_position, and stores nothing then', async () => {
      const event = await eventOf(db(), nextDay(), w.sede);
      expectApiError(await put(w.admin.agent, 2_000_000, [{ department_id: w.louvor, position_id: w.vocal, count: 1 }]), 404, 'not_found');
      expectApiError(await get(w.admin.agent, 2_000_000), 404, 'not_found');
      expectApiError(await put(w.admin.agent, event, [{ department_id: 999_999, position_id: null, count: 1 }]), 422, 'unknown_department');
      // A position of another department, and one that does not exist.
      expectApiError(
        await put(w.admin.agent, event, [
          { department_id: w.louvor, position_id: w.vocal, count: 1 },
          { department_id: w.louvor, position_id: w.professor, count: 1 },
        ]),
        422,
        'unknown_position',
      );
      expectApiError(await put(w.leader.agent, event, [{ department_id: w.infantil, position_id: 999_999, count: 1 }]), 422, 'unknown_position');
      expect(await stored(event)).toEqual([]);
      // A position's own department is fine, also beside an "anyone" row.
      await put(w.admin.agent, event, [
        { department_id: w.infantil, position_id: w.professor, count: 1 },
        { department_id: w.infantil, position_id: null, count: 1 },
      ]).expect(200);
    });
  });

  describe('who may', () => {
    it('refuses anonymous (401), members and team members who lead nothing (403); answers admins and leaders everywhere', async () => {
      const event = await eventOf(db(), nextDay(), w.sede);
      const body = [{ department_id: w.louvor, position_id: w.vocal, count: 1 }];
      expectApiError(await put(w.anonymous, event, body), 401, 'unauthenticated');
      expectApiError(await get(w.anonymous, event), 401, 'unauthenticated');
      for (const agent of [w.member.agent, w.teamMember.agent]) {
        expectApiError(await put(agent, event, body), 403, 'forbidden');
        expectApiError(await get(agent, event), 403, 'forbidden');
      }
      expect(await stored(event)).toEqual([]);
      const network = await eventOf(db(), nextDay(), null);
      const other = await eventOf(db(), nextDay(), w.campinas);
      for (const agent of [w.admin.agent, w.leader.agent]) {
        for (const target of [event, network, other]) {
          expect((await put(agent, target, [{ department_id: w.infantil, position_id: null, count: 2 }])).status).toBe(200);
          expect((await get(agent, target)).body).toHaveLength(1);
        }
      }
    });

    it('lets a team leader set and read only their team: Sede/Louvor yes; Sede/Infantil, Campinas/Louvor, whole network no', async () => {
      const sede = await eventOf(db(), nextDay(), w.sede);
      const campinas = await eventOf(db(), nextDay(), w.campinas);
      const network = await eventOf(db(), nextDay(), null);
      const louvor = [{ department_id: w.louvor, position_id: w.vocal, count: 2 }];
      const infantil = [{ department_id: w.infantil, position_id: w.professor, count: 1 }];
      await put(w.admin.agent, sede, infantil).expect(200);

      const mine = await put(w.teamLeader.agent, sede, louvor);
      expect(mine.status, mine.text).toBe(200);
      // The answer and the GET show only Louvor, though the event needs Infantil too.
      expect((mine.body as EventNeed[]).map((need) => need.department.name)).toEqual(['Louvor']);
      expect(((await get(w.teamLeader.agent, sede)).body as EventNeed[]).map((need) => need.department.name)).toEqual(['Louvor']);

      expectApiError(await put(w.teamLeader.agent, sede, infantil), 403, 'forbidden');
      expectApiError(await put(w.teamLeader.agent, sede, [...louvor, ...infantil]), 403, 'forbidden');
      expectApiError(await put(w.teamLeader.agent, campinas, louvor), 403, 'forbidden');
      expectApiError(await put(w.teamLeader.agent, network, louvor), 403, 'forbidden');
      // Even naming nothing, at an event where they lead no team.
      expectApiError(await put(w.teamLeader.agent, campinas, []), 403, 'forbidden');
      expectApiError(await get(w.teamLeader.agent, campinas), 403, 'forbidden');
      expectApiError(await get(w.teamLeader.agent, network), 403, 'forbidden');
      // A department that does not exist is not one of theirs: 403, not 422 (nothing learnt outside the team).
      expectApiError(await put(w.teamLeader.agent, sede, [{ department_id: 999_999, position_id: null, count: 1 }]), 403, 'forbidden');
      expect(await stored(sede)).toEqual([
        [w.louvor, w.vocal, 2],
        [w.infantil, w.professor, 1],
      ].sort((a, b) => a[0]! - b[0]!));
      expect(await stored(campinas)).toEqual([]);
      expect(await stored(network)).toEqual([]);
    });
  });

  describe('repeating series', () => {
    /** A weekly series of `count` through the API, its rows belonging to `churchId`; the ids in order. */
    async function series(count: number, churchId: number | null): Promise<number[]> {
      const first = nextDay();
      slot += 7 * count;
      const local = new Date(Date.parse(first) - 3 * HOUR).toISOString().slice(0, 16);
      const res = await w.leader.agent.post('/api/events').send({ datetime: local, event_type_id: null, repeat: { freq: 'weekly', count } });
      expect(res.status, res.text).toBe(201);
      const seriesId = (res.body as { series_id: number }).series_id;
      await db().db.updateTable('events').set({ church_id: churchId }).where('series_id', '=', seriesId).execute();
      const rows = await db().db.selectFrom('events').select('id').where('series_id', '=', seriesId).orderBy('series_slot').execute();
      return rows.map((row) => row.id);
    }

    it('scope=following sets this and the later occurrences; an occurrence then overrides on its own', async () => {
      const [e1, e2, e3, e4] = (await series(4, w.sede)) as [number, number, number, number];
      const twoVocals = [{ department_id: w.louvor, position_id: w.vocal, count: 2 }];
      const res = await put(w.teamLeader.agent, e2, twoVocals, 'following');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual([{ department: { id: w.louvor, name: 'Louvor' }, position: { id: w.vocal, name: 'Vocal' }, count: 2 }]);
      expect(await stored(e1)).toEqual([]);
      for (const id of [e2, e3, e4]) expect(await stored(id)).toEqual([[w.louvor, w.vocal, 2]]);

      // The third occurrence needs a drummer too, and one vocal: only it changes.
      await put(w.teamLeader.agent, e3, [
        { department_id: w.louvor, position_id: w.vocal, count: 1 },
        { department_id: w.louvor, position_id: w.bateria, count: 1 },
      ], 'one').expect(200);
      expect(await stored(e3)).toEqual([
        [w.louvor, w.vocal, 1],
        [w.louvor, w.bateria, 1],
      ].sort((a, b) => a[1]! - b[1]!));
      for (const id of [e2, e4]) expect(await stored(id)).toEqual([[w.louvor, w.vocal, 2]]);
      // The default scope is one.
      await put(w.teamLeader.agent, e4, [{ department_id: w.louvor, position_id: w.vocal, count: 3 }]).expect(200);
      expect(await stored(e4)).toEqual([[w.louvor, w.vocal, 3]]);
      expect(await stored(e2)).toEqual([[w.louvor, w.vocal, 2]]);

      // Another department set for the series leaves each occurrence's Louvor alone.
      await put(w.admin.agent, e1, [{ department_id: w.infantil, position_id: w.professor, count: 1 }], 'following').expect(200);
      expect(await stored(e3)).toContainEqual([w.louvor, w.bateria, 1]);
      expect(await stored(e4)).toEqual(
        [
          [w.louvor, w.vocal, 3],
          [w.infantil, w.professor, 1],
        ].sort((a, b) => a[0]! - b[0]!),
      );
      // Setting Louvor for the series again replaces the overrides from there on.
      await put(w.teamLeader.agent, e3, [{ department_id: w.louvor, position_id: w.vocal, count: 2 }], 'following').expect(200);
      for (const id of [e3, e4]) expect((await stored(id)).filter(([department]) => department === w.louvor)).toEqual([[w.louvor, w.vocal, 2]]);
    });

    it('scope=following on an event without a series sets just it; moved occurrences and splits keep their place', async () => {
      const single = await eventOf(db(), nextDay(), w.sede);
      await put(w.admin.agent, single, [{ department_id: w.louvor, position_id: null, count: 4 }], 'following').expect(200);
      expect(await stored(single)).toEqual([[w.louvor, null, 4]]);

      // An occurrence moved on its own stays in the series (it keeps its slot): it gets the series' needs.
      const [e1, e2, e3] = (await series(3, w.sede)) as [number, number, number];
      await w.leader.agent.patch(`/api/events/${e2}?scope=one`).send({ datetime: '2031-01-01T10:00' }).expect(200);
      await put(w.admin.agent, e1, [{ department_id: w.midia, position_id: w.som, count: 1 }], 'following').expect(200);
      for (const id of [e1, e2, e3]) expect(await stored(id)).toEqual([[w.midia, w.som, 1]]);
    });

    it('refuses a team leader whose series reaches an occurrence of another church, and changes none of them', async () => {
      const [e1, e2, e3] = (await series(3, w.sede)) as [number, number, number];
      await db().db.updateTable('events').set({ church_id: w.campinas }).where('id', '=', e3).execute();
      expectApiError(await put(w.teamLeader.agent, e1, [{ department_id: w.louvor, position_id: w.vocal, count: 1 }], 'following'), 403, 'forbidden');
      for (const id of [e1, e2, e3]) expect(await stored(id)).toEqual([]);
      // This occurrence alone is theirs.
      await put(w.teamLeader.agent, e1, [{ department_id: w.louvor, position_id: w.vocal, count: 1 }], 'one').expect(200);
    });

    it('keeps the needs out of deleted events (they go with the event)', async () => {
      const [e1, e2] = (await series(2, w.sede)) as [number, number];
      await put(w.admin.agent, e1, [{ department_id: w.louvor, position_id: w.vocal, count: 1 }], 'following').expect(200);
      await w.leader.agent.delete(`/api/events/${e2}`).expect(204);
      expect(await stored(e2)).toEqual([]);
      expect(await stored(e1)).toEqual([[w.louvor, w.vocal, 1]]);
      // A position removed from its department takes its needs with it.
      const guitar = await insertPosition(db(), w.louvor, 'Guitarra');
      await put(w.admin.agent, e1, [{ department_id: w.louvor, position_id: guitar, count: 1 }]).expect(200);
      await db().db.deleteFrom('positions').where('id', '=', guitar).execute();
      expect(await stored(e1)).toEqual([]);
      expect((await request(w.t.app).get(`/api/events/${e1}`)).status).toBe(200);
    });
  });
});
