import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../shared/schemas/drafts.ts';
import { expectApiError } from '../support/apiAssertions.ts';
import { createTestUser } from '../support/authAgent.ts';
import { postAllocation } from '../support/escalasFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, NETWORK_NOW, type NetworkWorld } from './network/networkWorld.ts';

type Person = Awaited<ReturnType<typeof createTestUser>>;

/**
 * docs/product.md §9: a leader asks for a range, the portal proposes a person for every missing place it can
 * fill, says why for each pick and each empty place, invites nobody until the author publishes, and on
 * publishing checks every pick again.
 */
describe.each(testDatabases)('escala drafts on $name', ({ open }) => {
  let w: NetworkWorld;
  let vera: Person; // A/Louvor, Vocal
  let paulo: Person; // A/Louvor, Vocal — serves at church B at the time of the second Sunday
  let lia: Person; // A/Louvor, Vocal — at most one service a month, one already in March
  let bruno: Person; // A/Louvor, Bateria — away on the first Sunday
  let first: number; // church A, 2030-03-03 19:00 (São Paulo)
  let second: number; // church A, 2030-03-10 19:00
  let elsewhere: number; // church B, 2030-03-10 18:30
  let earlier: number; // church B, 2030-03-01
  const db = () => w.t.database.db;
  const count = async (table: 'allocations' | 'outbox') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const needs = (eventId: number, list: Array<{ department_id: number; position_id: number | null; count: number }>) =>
    w.admin.agent.put(`/api/events/${eventId}/needs`).send(list).expect(200);

  beforeAll(async () => {
    w = await networkWorld(open);
    const person = (name: string) => createTestUser(w.t.database, { name });
    [vera, paulo, lia, bruno] = await Promise.all([person('Vera Vocal'), person('Paulo Plantão'), person('Lia Limite'), person('Bruno Bateria')]);
    for (const [person, position] of [
      [vera, w.vocal],
      [paulo, w.vocal],
      [lia, w.vocal],
      [bruno, w.bateria],
    ] as const) {
      await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${person.id}`).send({ positions: [position] }).expect(200);
    }
    // Tina (the team leader of A/Louvor) holds Vocal too.
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${w.teamLeader.user.id}`).send({ positions: [w.vocal], leader: true }).expect(200);
    first = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-03T22:00:00.000Z', church_id: w.churchA });
    second = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-10T22:00:00.000Z', church_id: w.churchA });
    elsewhere = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-10T21:30:00.000Z', church_id: w.churchB });
    earlier = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-01T22:00:00.000Z', church_id: w.churchB });
    await needs(first, [
      { department_id: w.louvor, position_id: w.vocal, count: 1 },
      { department_id: w.louvor, position_id: w.bateria, count: 1 },
    ]);
    await needs(second, [{ department_id: w.louvor, position_id: w.vocal, count: 1 }]);
    await postAllocation(w.admin.agent, elsewhere, { department: w.louvor, member: paulo.id }).expect(201);
    await postAllocation(w.admin.agent, earlier, { department: w.louvor, member: lia.id }).expect(201);
    await db().insertInto('notification_preferences').values({ user_id: lia.id, email_opted_out_at: null, phone: null, updated_at: NETWORK_NOW, max_services_per_month: 1 }).execute();
    await db().insertInto('blockouts').values({ member_id: bruno.id, first_day: '2030-03-03', last_day: '2030-03-03', note: null, created_at: NETWORK_NOW }).execute();
    const tina = await postAllocation(w.admin.agent, second, { department: w.louvor, member: w.teamLeader.user.id }).expect(201);
    await w.teamLeader.agent.post(`/api/allocations/${tina.body.id}/response`).send({ answer: 'declined', reason: 'Viagem' }).expect(200);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const draftOf = async (body: Record<string, unknown>, agent = w.admin.agent) => (await agent.post('/api/escalas/drafts').send(body).expect(201)).body as Draft;
  const placeOf = (draft: Draft, event: number, position: number) => draft.places.find((place) => place.event.id === event && place.position?.id === position)!;

  it('proposes a person for each place it can fill, says why for every pick and every empty place, and invites nobody', async () => {
    const [allocationsBefore, outboxBefore] = [await count('allocations'), await count('outbox')];
    const draft = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA });

    expect(draft.status).toBe('open');
    expect(draft.places).toHaveLength(3);
    // First Sunday, Vocal: Vera, Paulo, Lia and Tina may serve; Lia is at her monthly limit, Tina served last week…
    const firstVocal = placeOf(draft, first, w.vocal);
    expect(firstVocal.user).not.toBeNull();
    expect(firstVocal.reasons.map((reason) => reason.code)).toEqual(['eligible', 'load', 'last_served']);
    expect(firstVocal.reasons[0]!.message).toMatch(/está na equipe de Louvor da Igreja A e exerce Vocal\.$/);
    // First Sunday, Bateria: Bruno alone holds it, and he is away.
    const drums = placeOf(draft, first, w.bateria);
    expect(drums.user).toBeNull();
    expect(drums.reasons).toEqual([{ code: 'member_unavailable', message: 'Bruno Bateria marcou indisponibilidade neste dia.' }]);
    // Second Sunday, Vocal: Tina declined it, Paulo serves at church B half an hour before, Lia is at her limit;
    // Vera is free unless she took the first Sunday — the draft gives each Sunday a different person when it can.
    const secondVocal = placeOf(draft, second, w.vocal);
    expect(secondVocal.user).not.toBeNull();
    expect(new Set([firstVocal.user!.id, secondVocal.user!.id]).size).toBe(2);
    expect(draft.summary).toEqual({ places: 3, filled: 2, empty: 1, people: 2, max_load: 1 });
    expect(await count('allocations')).toBe(allocationsBefore);
    expect(await count('outbox')).toBe(outboxBefore);
  });

  it('says, for an empty place, what keeps each eligible person away', async () => {
    // Vera blocks the second Sunday too: then nobody may take it, and each reason names its rule.
    const blocked = await db().insertInto('blockouts').values({ member_id: vera.id, first_day: '2030-03-10', last_day: '2030-03-10', note: null, created_at: NETWORK_NOW }).returning('id').executeTakeFirstOrThrow();
    try {
      const draft = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA, department_id: w.louvor });
      const place = placeOf(draft, second, w.vocal);
      expect(place.user).toBeNull();
      const byCode = Object.fromEntries(place.reasons.map((reason) => [reason.code, reason.message]));
      expect(Object.keys(byCode).sort()).toEqual(['at_monthly_limit', 'declined_this_event', 'member_unavailable', 'schedule_conflict']);
      expect(byCode.declined_this_event).toBe('Tina Time recusou este evento.');
      expect(byCode.schedule_conflict).toMatch(/^Paulo Plantão serve em Evento · Igreja B · 10 de março de 2030 às 18:30 \(Louvor\), no mesmo horário\.$/);
      expect(byCode.at_monthly_limit).toMatch(/^Lia Limite já tem 1 serviço neste mês/);
      expect(byCode.member_unavailable).toBe('Vera Vocal marcou indisponibilidade neste dia.');
    } finally {
      await db().deleteFrom('blockouts').where('id', '=', blocked.id).execute();
    }
  });

  it('gives the same draft for the same data', async () => {
    const a = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA });
    const b = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA });
    expect(b.places.map((place) => [place.event.id, place.position?.id, place.user?.id ?? null, place.reasons])).toEqual(
      a.places.map((place) => [place.event.id, place.position?.id, place.user?.id ?? null, place.reasons]),
    );
  });

  it('lets its author change a pick: a person a rule refuses is 409 with that rule’s code, an eligible one is taken', async () => {
    const draft = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA });
    const place = placeOf(draft, second, w.vocal);
    const put = (userId: number | null) => w.admin.agent.put(`/api/escalas/drafts/${draft.id}/places/${place.id}`).send({ user_id: userId });
    expectApiError(await put(w.teamLeader.user.id), 409, 'declined_this_event');
    expectApiError(await put(paulo.id), 409, 'schedule_conflict');
    expectApiError(await put(lia.id), 409, 'at_monthly_limit');
    expectApiError(await put(bruno.id), 409, 'not_eligible');
    expectApiError(await put(w.member.user.id), 409, 'not_eligible');
    const emptied = (await put(null).expect(200)).body as Draft;
    expect(placeOf(emptied, second, w.vocal).user).toBeNull();
    expect(placeOf(emptied, second, w.vocal).reasons.length).toBeGreaterThan(0);
    const chosen = (await put(vera.id).expect(200)).body as Draft;
    expect(placeOf(chosen, second, w.vocal).user?.id).toBe(vera.id);
    expect(placeOf(chosen, second, w.vocal).reasons[0]).toEqual({ code: 'chosen', message: 'Escolhido(a) por você.' });
    // Vera serves twice in March when she also has the first Sunday.
    expect(chosen.summary.max_load).toBe(placeOf(chosen, first, w.vocal).user?.id === vera.id ? 2 : 1);
  });

  it('lists the others who could take a place, free ones first, with the load and last service the draft weighed and what keeps the rest away', async () => {
    const draft = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA });
    const place = placeOf(draft, second, w.vocal);
    const list = (await w.admin.agent.get(`/api/escalas/drafts/${draft.id}/places/${place.id}/candidates`).expect(200)).body as Array<{
      id: number;
      load: number;
      last_served_days: number | null;
      refusal: { code: string } | null;
    }>;
    expect(list.map((entry) => entry.id)).not.toContain(place.user!.id);
    const byId = new Map(list.map((entry) => [entry.id, entry]));
    expect(byId.get(w.teamLeader.user.id)?.refusal?.code).toBe('declined_this_event');
    expect(byId.get(paulo.id)?.refusal?.code).toBe('schedule_conflict');
    expect(byId.get(lia.id)).toMatchObject({ refusal: { code: 'at_monthly_limit' }, load: 1, last_served_days: 9 });
    expect(list.findIndex((entry) => entry.refusal !== null)).toBeGreaterThan(list.findIndex((entry) => entry.refusal === null));
    expectApiError(await w.legacyLeader.agent.get(`/api/escalas/drafts/${draft.id}/places/${place.id}/candidates`), 404, 'not_found');
  });

  it('publishes the picks as pending draft allocations with their invitations, skipping one a blockout added since breaks; a second publish is 409', async () => {
    const draft = await draftOf({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA });
    const secondPick = placeOf(draft, second, w.vocal);
    await db().insertInto('blockouts').values({ member_id: secondPick.user!.id, first_day: '2030-03-10', last_day: '2030-03-10', note: null, created_at: NETWORK_NOW }).execute();
    const outboxBefore = await count('outbox');

    const published = await w.admin.agent.post(`/api/escalas/drafts/${draft.id}/publish`).expect(200);

    expect(published.body.skipped).toEqual([{ place_id: secondPick.id, code: 'member_unavailable', message: expect.stringContaining('marcou indisponibilidade') }]);
    expect(published.body.created).toHaveLength(1);
    const created = await db().selectFrom('allocations').select(['event_id', 'member_id', 'status', 'source']).where('id', 'in', published.body.created).execute();
    expect(created).toEqual([{ event_id: first, member_id: placeOf(draft, first, w.vocal).user!.id, status: 'pending', source: 'draft' }]);
    expect(await count('outbox')).toBe(outboxBefore + 1);
    expectApiError(await w.admin.agent.post(`/api/escalas/drafts/${draft.id}/publish`), 409, 'draft_closed');
    expectApiError(await w.admin.agent.put(`/api/escalas/drafts/${draft.id}/places/${secondPick.id}`).send({ user_id: null }), 409, 'draft_closed');
    expect(((await w.admin.agent.get(`/api/escalas/drafts/${draft.id}`).expect(200)).body as Draft).status).toBe('published');
  });

  it('publishing keeps a monthly limit set since the draft: the pick over it is skipped with at_monthly_limit', async () => {
    const april = await createNetworkEvent(w.admin.agent, { datetime: '2030-04-07T22:00:00.000Z', church_id: w.churchA });
    await needs(april, [{ department_id: w.louvor, position_id: w.bateria, count: 1 }]);
    const draft = await draftOf({ from: '2030-04-01', to: '2030-04-30', church_id: w.churchA, department_id: w.louvor });
    const drums = placeOf(draft, april, w.bateria);
    expect(drums.user?.id).toBe(bruno.id);
    // Bruno says "at most one a month" and is given another April service by hand meanwhile.
    await db().insertInto('notification_preferences').values({ user_id: bruno.id, email_opted_out_at: null, phone: null, updated_at: NETWORK_NOW, max_services_per_month: 1 }).execute();
    const other = await createNetworkEvent(w.admin.agent, { datetime: '2030-04-20T22:00:00.000Z', church_id: w.churchB });
    await postAllocation(w.admin.agent, other, { department: w.louvor, member: bruno.id }).expect(201);
    const published = await w.admin.agent.post(`/api/escalas/drafts/${draft.id}/publish`).expect(200);
    expect(published.body.skipped).toContainEqual({ place_id: drums.id, code: 'at_monthly_limit', message: expect.stringContaining('Bruno Bateria') });
  });

  it('scope: a team leader drafts her teams only, a member gets 403, and only the author (or an admin) reads a draft', async () => {
    expectApiError(await w.member.agent.post('/api/escalas/drafts').send({ from: '2030-03-01', to: '2030-03-31' }), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.post('/api/escalas/drafts').send({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchB }), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.post('/api/escalas/drafts').send({ from: '2030-03-01', to: '2030-03-31', department_id: w.infantil }), 403, 'forbidden');
    const own = await draftOf({ from: '2030-04-01', to: '2030-04-30' }, w.teamLeader.agent);
    expectApiError(await w.legacyLeader.agent.get(`/api/escalas/drafts/${own.id}`), 404, 'not_found');
    await w.admin.agent.get(`/api/escalas/drafts/${own.id}`).expect(200);
    expectApiError(await w.admin.agent.delete(`/api/escalas/drafts/${own.id}`), 404, 'not_found');
    await w.teamLeader.agent.delete(`/api/escalas/drafts/${own.id}`).expect(204);
    expectApiError(await w.teamLeader.agent.get(`/api/escalas/drafts/${own.id}`), 404, 'not_found');
  });

  it('refuses a range over 92 days or backwards with 400, naming the field', async () => {
    const long = await w.admin.agent.post('/api/escalas/drafts').send({ from: '2030-01-01', to: '2030-04-03' });
    expectApiError(long, 400, 'invalid_request');
    expect(long.body.error.message).toContain('92 dias');
    await w.admin.agent.post('/api/escalas/drafts').send({ from: '2030-01-01', to: '2030-04-02' }).expect(201);
    expectApiError(await w.admin.agent.post('/api/escalas/drafts').send({ from: '2030-03-10', to: '2030-03-01' }), 400, 'invalid_request');
  });
});
