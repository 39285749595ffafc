import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, type Agent, type SignedIn } from '../../support/authAgent.ts';
import { HOUR, shift } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { eventOf, networkWorld, type NetworkWorld } from './needsFixtures.ts';

interface OverviewNeed {
  department: { id: number; name: string };
  position: { id: number; name: string } | null;
  needed: number;
  pending: number;
  confirmed: number;
  declined: number;
}
interface OverviewItem {
  event: { id: number; datetime: string; event_types: { name: string } | null; church_id: number | null };
  needs: OverviewNeed[];
}

/** A row as [department, position or null, needed, pending, confirmed, declined]. */
type Cell = [string, string | null, number, number, number, number];
const cells = (item: OverviewItem | undefined): Cell[] =>
  (item?.needs ?? []).map((need) => [need.department.name, need.position?.name ?? null, need.needed, need.pending, need.confirmed, need.declined]);

describe.each(testDatabases)('gap matrix (GET /api/escalas/overview) on $name', ({ open }) => {
  let w: NetworkWorld;
  /** People to allocate (a few per test; each serves once per day, so no schedule conflicts). */
  let people: SignedIn[];

  beforeAll(async () => {
    w = await networkWorld(open);
    people = await Promise.all(Array.from({ length: 4 }, (_, i) => signedInAgent(w.t.app, w.t.database, { role: 'member', name: `Pessoa ${i + 1}` })));
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const db = () => w.t.database;
  const overview = (agent: Agent, query = '') => agent.get(`/api/escalas/overview${query}`);
  const itemOf = (body: unknown, eventId: number) => (body as OverviewItem[]).find((item) => item.event.id === eventId);
  const setNeeds = (eventId: number, needs: Array<{ department_id: number; position_id: number | null; count: number }>) =>
    w.admin.agent.put(`/api/events/${eventId}/needs`).send(needs).expect(200);
  /** Allocates through the API, then names the position in the row (the position on the request is another call's). */
  async function allocate(eventId: number, person: SignedIn, department: string, positionId: number | null): Promise<number> {
    const res = await w.leader.agent.post(`/api/events/${eventId}/allocations`).send({ department, member: person.user.email });
    expect(res.status, res.text).toBe(201);
    const id = (res.body as { id: number }).id;
    await db().db.updateTable('allocations').set({ position_id: positionId }).where('id', '=', id).execute();
    return id;
  }
  const answer = (person: SignedIn, allocationId: number, value: 'confirmed' | 'declined') =>
    person.agent.post(`/api/allocations/${allocationId}/response`).send({ answer: value }).expect(200);

  it('answers each event with exactly its keys, and its rows by department then position ("anyone" first)', async () => {
    const event = await eventOf(db(), '2030-04-05T22:00:00.000Z', w.sede);
    await setNeeds(event, [
      { department_id: w.louvor, position_id: w.vocal, count: 2 },
      { department_id: w.louvor, position_id: w.bateria, count: 1 },
      { department_id: w.louvor, position_id: null, count: 1 },
      { department_id: w.infantil, position_id: w.professor, count: 1 },
    ]);
    const res = await overview(w.admin.agent, '?from=2030-04-05&to=2030-04-05');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        event: { id: event, datetime: '2030-04-05T22:00:00.000Z', event_types: { name: 'Culto' }, church_id: w.sede, timezone: 'America/Sao_Paulo' },
        needs: [
          { department: { id: w.infantil, name: 'Infantil' }, position: { id: w.professor, name: 'Professor' }, needed: 1, pending: 0, confirmed: 0, declined: 0 },
          { department: { id: w.louvor, name: 'Louvor' }, position: null, needed: 1, pending: 0, confirmed: 0, declined: 0 },
          { department: { id: w.louvor, name: 'Louvor' }, position: { id: w.bateria, name: 'Bateria' }, needed: 1, pending: 0, confirmed: 0, declined: 0 },
          { department: { id: w.louvor, name: 'Louvor' }, position: { id: w.vocal, name: 'Vocal' }, needed: 2, pending: 0, confirmed: 0, declined: 0 },
        ],
      },
    ]);
    const [item] = res.body as OverviewItem[];
    expect(Object.keys(item!).sort()).toEqual(['event', 'needs']);
    expect(Object.keys(item!.event).sort()).toEqual(['church_id', 'datetime', 'event_types', 'id', 'timezone']);
    for (const need of item!.needs) expect(Object.keys(need).sort()).toEqual(['confirmed', 'declined', 'department', 'needed', 'pending', 'position']);
  });

  it('counts allocations by answer as they are made, confirmed, declined and deleted', async () => {
    const event = await eventOf(db(), '2030-04-12T22:00:00.000Z', w.sede);
    const query = '?from=2030-04-12&to=2030-04-12';
    await setNeeds(event, [{ department_id: w.louvor, position_id: w.vocal, count: 3 }]);
    const vocal = async () => cells(itemOf((await overview(w.admin.agent, query)).body, event));
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 0, 0, 0]]);

    const [a, b, c] = [await allocate(event, people[0]!, 'Louvor', w.vocal), await allocate(event, people[1]!, 'Louvor', w.vocal), await allocate(event, people[2]!, 'Louvor', w.vocal)];
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 3, 0, 0]]);
    await answer(people[0]!, a, 'confirmed');
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 2, 1, 0]]);
    await answer(people[1]!, b, 'declined');
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 1, 1, 1]]);
    // A change of mind moves the count.
    await answer(people[1]!, b, 'confirmed');
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 1, 2, 0]]);
    await w.leader.agent.delete(`/api/allocations/${c}`).expect(204);
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 0, 2, 0]]);
    await w.leader.agent.delete(`/api/allocations/${a}`).expect(204);
    expect(await vocal()).toEqual([['Louvor', 'Vocal', 3, 0, 1, 0]]);
  });

  it('a team leader’s own allocations, with their positions, move the cells as members confirm and decline and as they are removed', async () => {
    const event = await eventOf(db(), '2030-04-26T22:00:00.000Z', w.sede);
    const query = '?from=2030-04-26&to=2030-04-26';
    const lead = w.teamLeader.agent;
    // The team leader sets their team's needs; the admin another department's, which the team leader never sees.
    await lead.put(`/api/events/${event}/needs`).send([
      { department_id: w.louvor, position_id: w.vocal, count: 2 },
      { department_id: w.louvor, position_id: w.bateria, count: 1 },
    ]).expect(200);
    await setNeeds(event, [{ department_id: w.infantil, position_id: w.professor, count: 1 }]);
    const seen = async (agent: Agent) => cells(itemOf((await overview(agent, query)).body, event));
    expect(await seen(lead)).toEqual([
      ['Louvor', 'Bateria', 1, 0, 0, 0],
      ['Louvor', 'Vocal', 2, 0, 0, 0],
    ]);

    const allocate = async (person: SignedIn, position: number) => {
      const res = await lead.post(`/api/events/${event}/allocations`).send({ department: w.louvor, member: person.user.id, position });
      expect(res.status, res.text).toBe(201);
      expect((res.body as { position: { id: number } }).position.id).toBe(position);
      return (res.body as { id: number }).id;
    };
    const [ana, bia, caio] = [await allocate(people[0]!, w.vocal), await allocate(people[1]!, w.vocal), await allocate(people[2]!, w.bateria)];
    // Refused calls count nothing: another department, a position of another department.
    expectApiError(await lead.post(`/api/events/${event}/allocations`).send({ department: w.infantil, member: people[3]!.user.id, position: w.professor }), 403, 'forbidden');
    expectApiError(await lead.post(`/api/events/${event}/allocations`).send({ department: w.louvor, member: people[3]!.user.id, position: w.professor }), 422, 'unknown_position');
    expect(await seen(lead)).toEqual([
      ['Louvor', 'Bateria', 1, 1, 0, 0],
      ['Louvor', 'Vocal', 2, 2, 0, 0],
    ]);

    await answer(people[0]!, ana, 'confirmed');
    await answer(people[2]!, caio, 'declined');
    expect(await seen(lead)).toEqual([
      ['Louvor', 'Bateria', 1, 0, 0, 1],
      ['Louvor', 'Vocal', 2, 1, 1, 0],
    ]);
    // Removing the declined one empties the cell again; removing a pending one leaves the confirmed.
    await lead.delete(`/api/allocations/${caio}`).expect(204);
    await lead.delete(`/api/allocations/${bia}`).expect(204);
    expect(await seen(lead)).toEqual([
      ['Louvor', 'Bateria', 1, 0, 0, 0],
      ['Louvor', 'Vocal', 2, 0, 1, 0],
    ]);
    // The admin sees the same counts, and the other department's row.
    expect(await seen(w.admin.agent)).toEqual([
      ['Infantil', 'Professor', 1, 0, 0, 0],
      ['Louvor', 'Bateria', 1, 0, 0, 0],
      ['Louvor', 'Vocal', 2, 0, 1, 0],
    ]);
    // Deleting the confirmed one too leaves only what is needed.
    await w.admin.agent.delete(`/api/allocations/${ana}`).expect(204);
    expect(await seen(lead)).toEqual([
      ['Louvor', 'Bateria', 1, 0, 0, 0],
      ['Louvor', 'Vocal', 2, 0, 0, 0],
    ]);
  });

  it('shows allocations nobody asked for as rows needing 0, and those naming no position in the "anyone" row', async () => {
    const event = await eventOf(db(), '2030-04-19T22:00:00.000Z', w.sede);
    await setNeeds(event, [{ department_id: w.louvor, position_id: w.vocal, count: 1 }]);
    await allocate(event, people[0]!, 'Louvor', w.bateria);
    await allocate(event, people[1]!, 'Louvor', null);
    await allocate(event, people[2]!, 'Mídia', w.som);
    const res = await overview(w.admin.agent, '?from=2030-04-19&to=2030-04-19');
    expect(cells(itemOf(res.body, event))).toEqual([
      ['Louvor', null, 0, 1, 0, 0],
      ['Louvor', 'Bateria', 0, 1, 0, 0],
      ['Louvor', 'Vocal', 1, 0, 0, 0],
      ['Mídia', 'Som', 0, 1, 0, 0],
    ]);
    // An event with neither needs nor allocations is listed with no rows (its column of the matrix is empty).
    const empty = await eventOf(db(), '2030-04-20T22:00:00.000Z', null);
    const both = (await overview(w.admin.agent, '?from=2030-04-19&to=2030-04-20')).body as OverviewItem[];
    expect(both.map((item) => item.event.id)).toEqual([event, empty]);
    expect(itemOf(both, empty)).toEqual({ event: { id: empty, datetime: '2030-04-20T22:00:00.000Z', event_types: { name: 'Culto' }, church_id: null, timezone: 'America/Sao_Paulo' }, needs: [] });
  });

  it('filters by church and by department; lists events by date-time then id', async () => {
    const time = '2030-05-03T22:00:00.000Z';
    const [sedeEarly, campinas, sedeLate] = [
      await eventOf(db(), shift(time, -HOUR), w.sede),
      await eventOf(db(), time, w.campinas),
      await eventOf(db(), time, w.sede),
    ];
    const network = await eventOf(db(), shift(time, HOUR), null);
    for (const id of [sedeEarly, campinas, sedeLate, network]) {
      await setNeeds(id, [
        { department_id: w.louvor, position_id: w.vocal, count: 1 },
        { department_id: w.infantil, position_id: w.professor, count: 1 },
      ]);
    }
    const range = '?from=2030-05-03&to=2030-05-03';
    const all = (await overview(w.admin.agent, range)).body as OverviewItem[];
    expect(all.map((item) => item.event.id)).toEqual([sedeEarly, campinas, sedeLate, network]);
    const sede = (await overview(w.admin.agent, `${range}&church_id=${w.sede}`)).body as OverviewItem[];
    expect(sede.map((item) => item.event.id)).toEqual([sedeEarly, sedeLate]);
    const infantil = (await overview(w.leader.agent, `${range}&department_id=${w.infantil}`)).body as OverviewItem[];
    expect(infantil.map((item) => item.event.id)).toEqual([sedeEarly, campinas, sedeLate, network]);
    for (const item of infantil) expect(cells(item)).toEqual([['Infantil', 'Professor', 1, 0, 0, 0]]);
    const both = (await overview(w.admin.agent, `${range}&church_id=${w.campinas}&department_id=${w.louvor}`)).body as OverviewItem[];
    expect(both.map((item) => [item.event.id, cells(item)])).toEqual([[campinas, [['Louvor', 'Vocal', 1, 0, 0, 0]]]]);
    // A church or department that does not exist filters everything out.
    expect((await overview(w.admin.agent, `${range}&church_id=999999`)).body).toEqual([]);
  });

  it('shows a team leader only their teams: their church’s events, their department’s rows', async () => {
    const time = '2030-05-10T22:00:00.000Z';
    const sede = await eventOf(db(), time, w.sede);
    const campinas = await eventOf(db(), shift(time, HOUR), w.campinas);
    const network = await eventOf(db(), shift(time, 2 * HOUR), null);
    for (const id of [sede, campinas, network]) {
      await setNeeds(id, [
        { department_id: w.louvor, position_id: w.vocal, count: 2 },
        { department_id: w.infantil, position_id: w.professor, count: 1 },
      ]);
    }
    await allocate(sede, people[0]!, 'Infantil', w.professor);
    await allocate(sede, people[1]!, 'Louvor', w.vocal);
    const range = '?from=2030-05-10&to=2030-05-10';
    const res = await overview(w.teamLeader.agent, range);
    expect(res.status, res.text).toBe(200);
    expect((res.body as OverviewItem[]).map((item) => [item.event.id, cells(item)])).toEqual([[sede, [['Louvor', 'Vocal', 2, 1, 0, 0]]]]);
    // Their filters narrow further, never widen.
    expect((await overview(w.teamLeader.agent, `${range}&church_id=${w.campinas}`)).body).toEqual([]);
    expect(cells(itemOf((await overview(w.teamLeader.agent, `${range}&department_id=${w.infantil}`)).body, sede))).toEqual([]);
    // A network-wide leader and an admin see all three, every row.
    for (const agent of [w.leader.agent, w.admin.agent]) {
      const body = (await overview(agent, range)).body as OverviewItem[];
      expect(body.map((item) => item.event.id)).toEqual([sede, campinas, network]);
      expect(cells(itemOf(body, sede))).toEqual([
        ['Infantil', 'Professor', 1, 1, 0, 0],
        ['Louvor', 'Vocal', 2, 1, 0, 0],
      ]);
    }
  });

  it('covers today and the next 8 weeks by default, in the network timezone, by the API’s clock', async () => {
    // The clock says 2030-01-01T12:00Z: 09:00 of 1 January in São Paulo; 8 weeks end on 25 February.
    const firstMinute = await eventOf(db(), '2030-01-01T03:00:00.000Z', w.sede); // 00:00 of 1 January, local
    const lastMinute = await eventOf(db(), '2030-02-26T02:59:00.000Z', w.sede); // 23:59 of 25 February, local
    await eventOf(db(), '2030-01-01T02:59:00.000Z', w.sede); // 23:59 of 31 December
    const dayAfter = await eventOf(db(), '2030-02-26T03:00:00.000Z', w.sede); // 00:00 of 26 February
    const ids = async () => ((await overview(w.admin.agent)).body as OverviewItem[]).map((item) => item.event.id);
    expect(await ids()).toEqual([firstMinute, lastMinute]);
    // A week later the window has moved on with the clock.
    w.t.clock.set('2030-01-08T12:00:00.000Z');
    try {
      expect(await ids()).toEqual([lastMinute, dayAfter]);
    } finally {
      w.t.clock.set('2030-01-01T12:00:00.000Z');
    }
  });

  it('refuses anonymous (401), members and team members who lead nothing (403), and malformed filters (400)', async () => {
    expectApiError(await overview(w.anonymous), 401, 'unauthenticated');
    expectApiError(await overview(w.member.agent), 403, 'forbidden');
    expectApiError(await overview(w.teamMember.agent), 403, 'forbidden');
    for (const query of ['?from=2030-01-01', '?to=2030-01-01', '?from=2030-02-01&to=2030-01-01', '?from=2030-01-01&to=2031-01-02', '?from=2030-13-01&to=2030-13-02', '?church_id=abc', '?department_id=0', '?other=1', '?from=2030-01-01&from=2030-01-02&to=2030-01-03']) {
      expectApiError(await overview(w.admin.agent, query), 400, 'invalid_request');
    }
  });

  it('answers at most 92 days (docs/product.md §8): a longer range is 400 with a pt-BR message on `to`', async () => {
    // 2030-01-01 … 2030-04-02 is 92 days; a day more is refused, as is a year.
    expect((await overview(w.admin.agent, '?from=2030-01-01&to=2030-04-02')).status).toBe(200);
    for (const to of ['2030-04-03', '2030-12-31']) {
      const res = await overview(w.admin.agent, `?from=2030-01-01&to=${to}`);
      expectApiError(res, 400, 'invalid_request');
      expect(res.body.error.message).toContain('O intervalo pode ter no máximo 92 dias.');
    }
  });
});
