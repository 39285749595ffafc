import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NudgeResponse, OpenPlace, SosResponse } from '../../../shared/schemas/openPlaces.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser, signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, NETWORK_NOW, type NetworkWorld } from '../network/networkWorld.ts';

/**
 * docs/product.md §10: a team lets its members sign themselves up for its open places; every rule of §9 keeps its
 * person out with its own code; a leader's SOS e-mails every eligible person and opens the place to them even without
 * self sign-up, once an hour; "Lembrar quem não respondeu" e-mails the pending members, once every 12 hours.
 */
describe.each(testDatabases)('open places, SOS and nudges on $name', ({ open }) => {
  let w: NetworkWorld;
  let vera: SignedIn; // A/Louvor, Vocal
  let paulo: SignedIn; // A/Louvor, Vocal — serves at church B at the same time
  let lia: SignedIn; // A/Louvor, Vocal — at most one service a month, one already in March
  let bruno: SignedIn; // A/Louvor, Vocal — away that day
  let dora: SignedIn; // A/Louvor, Vocal — declined this event
  let caio: SignedIn; // A/Louvor, Bateria only
  let sunday: number; // church A, 2030-03-03 19:00 (São Paulo), Louvor/Vocal needs 3
  let elsewhere: number; // church B, 2030-03-03 18:30
  let earlier: number; // church B, 2030-03-01
  const db = () => w.t.database.db;
  const outbox = (kind: string) => db().selectFrom('outbox').select(['recipient_id', 'payload']).where('kind', '=', kind).orderBy('recipient_id').execute();

  beforeAll(async () => {
    w = await networkWorld(open);
    w.t.clock.set(NETWORK_NOW);
    const person = (name: string) => signedInAgent(w.t.app, w.t.database, { name });
    [vera, paulo, lia, bruno, dora, caio] = (await Promise.all(['Vera Vocal', 'Paulo Plantão', 'Lia Limite', 'Bruno Bloqueio', 'Dora Desistiu', 'Caio Caixa'].map(person))) as [
      SignedIn,
      SignedIn,
      SignedIn,
      SignedIn,
      SignedIn,
      SignedIn,
    ];
    for (const someone of [vera, paulo, lia, bruno, dora]) {
      await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${someone.user.id}`).send({ positions: [w.vocal] }).expect(200);
    }
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${caio.user.id}`).send({ positions: [w.bateria] }).expect(200);
    sunday = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-03T22:00:00.000Z', church_id: w.churchA });
    elsewhere = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-03T21:30:00.000Z', church_id: w.churchB });
    earlier = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-01T22:00:00.000Z', church_id: w.churchB });
    await w.admin.agent.put(`/api/events/${sunday}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 3 }]).expect(200);
    await postAllocation(w.admin.agent, elsewhere, { department: w.louvor, member: paulo.user.id }).expect(201);
    await postAllocation(w.admin.agent, earlier, { department: w.louvor, member: lia.user.id }).expect(201);
    await db().insertInto('notification_preferences').values({ user_id: lia.user.id, email_opted_out_at: null, phone: null, updated_at: NETWORK_NOW, max_services_per_month: 1 }).execute();
    await db().insertInto('blockouts').values({ member_id: bruno.user.id, first_day: '2030-03-03', last_day: '2030-03-03', note: null, created_at: NETWORK_NOW }).execute();
    const declined = await postAllocation(w.admin.agent, sunday, { department: w.louvor, member: dora.user.id, position: w.vocal }).expect(201);
    await dora.agent.post(`/api/allocations/${declined.body.id}/response`).send({ answer: 'declined', reason: 'Viagem' }).expect(200);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const team = () => `/api/teams/${w.churchA}/${w.louvor}`;
  const signUp = (who: SignedIn, event = sunday, position: number | null = w.vocal) => who.agent.post(`/api/events/${event}/signups`).send({ department_id: w.louvor, position_id: position });
  const openPlaces = async (who: SignedIn) => (await who.agent.get('/api/me/open-places?from=2030-03-01&to=2030-03-31').expect(200)).body as OpenPlace[];

  it('lets a team’s leaders and admins switch self sign-up; it starts off; others are refused', async () => {
    expect((await w.teamLeader.agent.get(team()).expect(200)).body).toEqual({ church_id: w.churchA, department_id: w.louvor, self_signup: false });
    expectApiError(await vera.agent.patch(team()).send({ self_signup: true }), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.patch(`/api/teams/${w.churchB}/${w.louvor}`).send({ self_signup: true }), 403, 'forbidden');
    expectApiError(await w.admin.agent.patch(`/api/teams/999999/${w.louvor}`).send({ self_signup: true }), 404, 'not_found');
    expectApiError(await w.admin.agent.patch(`/api/teams/${w.churchA}/999999`).send({ self_signup: true }), 404, 'not_found');
    expectApiError(await w.admin.agent.patch(team()).send({ self_signup: 'sim' }), 400, 'invalid_request');
    expect((await w.teamLeader.agent.patch(team()).send({ self_signup: true }).expect(200)).body).toEqual({ church_id: w.churchA, department_id: w.louvor, self_signup: true });
    expect((await w.admin.agent.patch(team()).send({ self_signup: false }).expect(200)).body.self_signup).toBe(false);
  });

  it('refuses a sign-up when the team has no self sign-up, and lists nothing', async () => {
    expect(await openPlaces(vera)).toEqual([]);
    expectApiError(await signUp(vera), 403, 'forbidden');
  });

  it('lists a self sign-up team’s open places to the eligible only, and each rule refuses with its code', async () => {
    await w.admin.agent.patch(team()).send({ self_signup: true }).expect(200);
    const places = await openPlaces(vera);
    expect(places).toEqual([
      {
        event: { id: sunday, datetime: '2030-03-03T22:00:00.000Z', ends_at: '2030-03-04T00:00:00.000Z', church: { id: w.churchA, name: 'Igreja A' }, event_types: null, timezone: 'America/Sao_Paulo' },
        department: { id: w.louvor, name: 'Louvor' },
        position: { id: w.vocal, name: 'Vocal' },
        open: 3,
        sos: null,
      },
    ]);
    for (const excluded of [paulo, lia, bruno, dora, caio]) expect(await openPlaces(excluded)).toEqual([]);
    expectApiError(await w.member.agent.get('/api/me/open-places?from=2030-01-01&to=2030-04-05'), 400, 'invalid_request');

    expectApiError(await signUp(paulo), 409, 'schedule_conflict');
    expectApiError(await signUp(lia), 409, 'at_monthly_limit');
    expectApiError(await signUp(bruno), 409, 'member_unavailable');
    expectApiError(await signUp(dora), 409, 'declined_this_event');
    expectApiError(await signUp(caio), 409, 'not_eligible');
    expectApiError(await signUp(w.member), 409, 'not_eligible');
    expectApiError(await signUp(vera, sunday, w.professor), 422, 'unknown_position');
    expectApiError(await signUp(vera, 999999), 404, 'not_found');

    const res = await signUp(vera).expect(201);
    expect(res.body).toMatchObject({ event_id: sunday, member: { id: vera.user.id }, status: 'confirmed', source: 'signup', position: { id: w.vocal } });
    expectApiError(await signUp(vera), 409, 'already_at_event');
    expect(await openPlaces(vera)).toEqual([]);
    // A sign-up invites nobody: the member chose the place.
    expect(await outbox('invitation')).toHaveLength(3);
  });

  it('answers place_taken once the need is full, and event_started after the start', async () => {
    const full = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-17T22:00:00.000Z', church_id: w.churchA });
    await w.admin.agent.put(`/api/events/${full}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    await postAllocation(w.admin.agent, full, { department: w.louvor, member: bruno.user.id, position: w.vocal }).expect(201);
    const taken = await signUp(vera, full);
    expectApiError(taken, 409, 'place_taken');
    const past = await createNetworkEvent(w.admin.agent, { datetime: '2030-01-01T13:00:00.000Z', church_id: w.churchA });
    await w.admin.agent.put(`/api/events/${past}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    w.t.clock.set('2030-01-01T13:30:00.000Z');
    try {
      expectApiError(await signUp(vera, past), 409, 'event_started');
    } finally {
      w.t.clock.set(NETWORK_NOW);
    }
  });

  it('SOS: e-mails every eligible person not at the event, opens the place without self sign-up, once an hour', async () => {
    await w.admin.agent.patch(team()).send({ self_signup: false }).expect(200);
    const event = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-10T22:00:00.000Z', church_id: w.churchA });
    await w.admin.agent.put(`/api/events/${event}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    const [bruna] = await Promise.all([createTestUser(w.t.database, { name: 'Bruna Bloqueio' })]);
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${bruna.id}`).send({ positions: [w.vocal] }).expect(200);
    await db().insertInto('blockouts').values({ member_id: bruna.id, first_day: '2030-03-10', last_day: '2030-03-10', note: null, created_at: NETWORK_NOW }).execute();

    expectApiError(await vera.agent.post(`/api/events/${event}/sos`).send({ department_id: w.louvor, position_id: w.vocal }), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.post(`/api/events/${event}/sos`).send({ department_id: w.infantil }), 403, 'forbidden');
    const sent = await w.teamLeader.agent.post(`/api/events/${event}/sos`).send({ department_id: w.louvor, position_id: w.vocal, note: 'Alguém pode cobrir?' }).expect(202);
    const body = sent.body as SosResponse;
    // Vocal of A/Louvor: Tina, Vera, Paulo, Lia, Dora, Bruno and Bruna; Bruna is away that day, Lia at her limit of March.
    const expected = [w.teamLeader, vera, paulo, dora, bruno].map((someone) => someone.user.id).sort((a, b) => a - b);
    expect(body.notified).toBe(expected.length);
    const mails = await outbox('sos');
    expect(mails.map((mail) => mail.recipient_id)).toEqual(expected);
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({ event_id: event, department_id: w.louvor, position_id: w.vocal, note: 'Alguém pode cobrir?' });
    expect(body.whatsapp.text).toContain('Vaga aberta');
    expect(body.whatsapp.text).toContain('Alguém pode cobrir?');
    expect(body.whatsapp.url).toBe(`https://wa.me/?text=${encodeURIComponent(body.whatsapp.text)}`);

    const again = await w.admin.agent.post(`/api/events/${event}/sos`).send({ department_id: w.louvor, position_id: w.vocal });
    expectApiError(again, 429, 'too_many_attempts');
    expect(again.headers['retry-after']).toBe('3600');
    expect(again.body.error.message).toMatch(/última hora/);

    // The SOS opens the place to the eligible, though the team has no self sign-up.
    expect((await openPlaces(dora)).map((place) => [place.event.id, place.sos?.note])).toEqual([[event, 'Alguém pode cobrir?']]);
    await signUp(dora, event).expect(201);
    expectApiError(await signUp(vera, event), 409, 'place_taken');
    // Filled, the SOS no longer opens it; the team's other places stay closed.
    expect(await openPlaces(vera)).toEqual([]);
    await db().updateTable('allocations').set({ status: 'declined' }).where('event_id', '=', event).execute();
    expect(await openPlaces(vera)).toEqual([]);
    expectApiError(await signUp(vera, event), 409, 'place_taken');
    await db().updateTable('allocations').set({ status: 'confirmed' }).where('event_id', '=', event).execute();
    expectApiError(await signUp(vera), 403, 'forbidden');

    w.t.clock.set('2030-01-01T13:00:01.000Z');
    try {
      // An hour later a new SOS may go — but the place is filled now.
      expectApiError(await w.admin.agent.post(`/api/events/${event}/sos`).send({ department_id: w.louvor, position_id: w.vocal }), 409, 'place_taken');
    } finally {
      w.t.clock.set(NETWORK_NOW);
    }
  });

  it('nudge: e-mails only the members still pending in the leader’s departments, once every 12 hours', async () => {
    const event = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-31T22:00:00.000Z', church_id: w.churchA });
    const kid = await createTestUser(w.t.database, { name: 'Ivo Infantil' });
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.infantil}/members/${kid.id}`).send({ positions: [] }).expect(200);
    await postAllocation(w.admin.agent, event, { department: w.louvor, member: vera.user.id }).expect(201);
    const answered = await postAllocation(w.admin.agent, event, { department: w.louvor, member: paulo.user.id }).expect(201);
    await paulo.agent.post(`/api/allocations/${answered.body.id}/response`).send({ answer: 'confirmed' }).expect(200);
    await postAllocation(w.admin.agent, event, { department: w.infantil, member: kid.id }).expect(201);
    await db().insertInto('notification_preferences').values({ user_id: vera.user.id, email_opted_out_at: null, phone: '+5511987654321', updated_at: NETWORK_NOW }).execute();

    expect((await w.teamLeader.agent.get(`/api/events/${event}/nudge`).expect(200)).body).toEqual({ pending: 1, last_sent_at: null, next_allowed_at: null });
    expectApiError(await vera.agent.post(`/api/events/${event}/nudge`), 403, 'forbidden');
    const res = await w.teamLeader.agent.post(`/api/events/${event}/nudge`).expect(202);
    const body = res.body as NudgeResponse;
    expect(body).toMatchObject({ notified: 1, pending: 1, last_sent_at: NETWORK_NOW, next_allowed_at: '2030-01-02T00:00:00.000Z' });
    expect(body.whatsapp).toHaveLength(1);
    expect(body.whatsapp[0]!.member).toEqual({ id: vera.user.id, name: 'Vera Vocal' });
    expect(body.whatsapp[0]!.url).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect((await outbox('nudge')).map((mail) => mail.recipient_id)).toEqual([vera.user.id]);

    const again = await w.teamLeader.agent.post(`/api/events/${event}/nudge`);
    expectApiError(again, 429, 'too_many_attempts');
    expect(again.body.error.message).toMatch(/12 horas/);
    expect((await w.teamLeader.agent.get(`/api/events/${event}/nudge`).expect(200)).body).toEqual({ pending: 1, last_sent_at: NETWORK_NOW, next_allowed_at: '2030-01-02T00:00:00.000Z' });

    w.t.clock.set('2030-01-02T00:00:00.000Z');
    try {
      // Twelve hours on, and an admin reaches Infantil too.
      expect((await w.admin.agent.post(`/api/events/${event}/nudge`).expect(202)).body.notified).toBe(2);
      expect((await outbox('nudge')).map((mail) => mail.recipient_id).sort((a, b) => a - b)).toEqual([vera.user.id, vera.user.id, kid.id].sort((a, b) => a - b));
    } finally {
      w.t.clock.set(NETWORK_NOW);
    }
  });
});
