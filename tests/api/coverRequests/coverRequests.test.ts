import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import type { SignedIn } from '../../support/authAgent.ts';
import { outboxRows } from '../../support/outboxWorld.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { coverWorld, type CoverWorld } from './coverWorld.ts';

const keysOf = (value: object) => Object.keys(value).sort();

/** docs/product.md §10, cover requests: who may take a place, who is told, one taker, withdrawal. */
describe.each(testDatabases)('cover requests on $name', ({ open }) => {
  let w: CoverWorld;
  let rita: SignedIn;
  let edu: SignedIn;
  let bia: SignedIn;
  let caio: SignedIn;
  let dora: SignedIn;
  let gil: SignedIn;
  let lia: SignedIn;
  let nina: SignedIn;
  let sunday: number;
  let ritaSunday: number;
  const SUNDAY = '2030-03-10T22:00:00.000Z';

  beforeAll(async () => {
    w = await coverWorld(open);
    rita = await w.person('Rita Requer', [w.vocal]);
    edu = await w.person('Edu Elegível', [w.vocal]);
    bia = await w.person('Bia Bloqueada', [w.vocal]);
    caio = await w.person('Caio Conflito', [w.vocal]);
    dora = await w.person('Dora Recusou', [w.vocal]);
    gil = await w.person('Gil Já Está', [w.vocal, w.bateria]);
    lia = await w.person('Lia Limite', [w.vocal]);
    nina = await w.person('Nina Bateria', [w.bateria]);
    sunday = await w.event(SUNDAY);
    ritaSunday = await w.allocate(sunday, rita);
    // Each of these is kept away by one rule of docs/product.md §9.
    await bia.agent.post('/api/me/blockouts').send({ from: '2030-03-10', to: '2030-03-10' }).expect(201);
    const nearby = await w.event('2030-03-10T23:00:00.000Z');
    await w.allocate(nearby, caio);
    await dora.agent.post(`/api/allocations/${await w.allocate(sunday, dora)}/response`).send({ answer: 'declined' }).expect(200);
    await w.allocate(sunday, gil, w.bateria);
    await lia.agent.patch('/api/me/preferences').send({ max_services_per_month: 1 }).expect(200);
    await w.allocate(await w.event('2030-03-01T22:00:00.000Z'), lia);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('asks (201, exactly the keys) and e-mails exactly the people the rules let take the place', async () => {
    const res = await rita.agent.post(`/api/allocations/${ritaSunday}/cover`).send({ note: '  Vou viajar a trabalho.  ' });
    expect(res.status, res.text).toBe(201);
    expect(keysOf(res.body)).toEqual(['allocation_id', 'created_at', 'id', 'note', 'status']);
    expect(res.body).toEqual({ id: expect.any(Number), allocation_id: ritaSunday, status: 'open', note: 'Vou viajar a trabalho.', created_at: '2030-01-01T12:00:00.000Z' });
    const requested = (await outboxRows(w.t.database)).filter((row) => row.kind === 'cover_requested');
    expect(requested.map((row) => row.recipient_id).sort((a, b) => a - b)).toEqual([edu.user.id, w.teamLeader.user.id].sort((a, b) => a - b));
    expect(requested.every((row) => JSON.parse(row.payload).cover_request_id === res.body.id)).toBe(true);

    // The leaders' allocation JSON shows it; the requester still serves.
    const leaderView = await w.teamLeader.agent.get(`/api/events/${sunday}/allocations`).expect(200);
    const original = (leaderView.body as Array<{ id: number; status: string; cover: unknown }>).find((allocation) => allocation.id === ritaSunday)!;
    expect(original).toMatchObject({ status: 'pending', cover: { id: res.body.id, status: 'open' } });
    const mine = (await rita.agent.get('/api/me/events').expect(200)).body as Array<{ allocation_id: number; cover: unknown }>;
    expect(mine.find((service) => service.allocation_id === ritaSunday)?.cover).toEqual({ id: res.body.id, status: 'open' });

    // Who may take it sees it; a member sees who asked but not the note; the team's leader reads the note.
    const forEdu = (await edu.agent.get('/api/me/cover-requests').expect(200)).body as Array<Record<string, unknown>>;
    expect(forEdu).toEqual([
      {
        id: res.body.id,
        allocation_id: ritaSunday,
        status: 'open',
        note: null,
        created_at: '2030-01-01T12:00:00.000Z',
        event: { id: sunday, datetime: SUNDAY, event_types: null, title: null, timezone: 'America/Sao_Paulo' },
        department: { id: w.louvor, name: 'Louvor' },
        position: { id: w.vocal, name: 'Vocal' },
        requester: { id: rita.user.id, name: 'Rita Requer' },
      },
    ]);
    expect(((await w.teamLeader.agent.get('/api/me/cover-requests').expect(200)).body as Array<{ note: string }>)[0]?.note).toBe('Vou viajar a trabalho.');
    for (const person of [rita, bia, caio, dora, gil, lia, nina, w.member]) {
      expect((await person.agent.get('/api/me/cover-requests').expect(200)).body).toEqual([]);
    }
  });

  it('refuses each person a rule keeps away with that rule’s code, then gives the place to the first who may take it', async () => {
    const request = ((await edu.agent.get('/api/me/cover-requests').expect(200)).body as Array<{ id: number }>)[0]!.id;
    const refused: Array<[SignedIn, string]> = [
      [bia, 'member_unavailable'],
      [caio, 'schedule_conflict'],
      [dora, 'declined_this_event'],
      [gil, 'already_at_event'],
      [rita, 'already_at_event'],
      [lia, 'at_monthly_limit'],
      [nina, 'not_eligible'],
      [w.member, 'not_eligible'],
    ];
    for (const [person, code] of refused) expectApiError(await person.agent.post(`/api/cover-requests/${request}/accept`), 409, code);

    w.t.clock.set('2030-01-02T08:00:00.000Z');
    const taken = await edu.agent.post(`/api/cover-requests/${request}/accept`);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body).toMatchObject({
      event_id: sunday,
      department: { id: w.louvor, name: 'Louvor' },
      member: { id: edu.user.id, name: 'Edu Elegível' },
      status: 'confirmed',
      responded_at: '2030-01-02T08:00:00.000Z',
      position: { id: w.vocal, name: 'Vocal' },
      source: 'cover',
      cover: null,
    });
    expectApiError(await w.teamLeader.agent.post(`/api/cover-requests/${request}/accept`), 409, 'already_covered');

    // The original ends covered and counts nowhere: not in Rita's events, not in the gap matrix, not in the team.
    const leaderView = (await w.teamLeader.agent.get(`/api/events/${sunday}/allocations`).expect(200)).body as Array<{ id: number; status: string; cover: unknown }>;
    expect(leaderView.find((allocation) => allocation.id === ritaSunday)).toMatchObject({ status: 'covered', cover: { id: request, status: 'taken' } });
    expect(((await rita.agent.get('/api/me/events').expect(200)).body as Array<{ allocation_id: number }>).map((service) => service.allocation_id)).not.toContain(ritaSunday);
    const team = (await edu.agent.get(`/api/events/${sunday}/team`).expect(200)).body as Array<{ member: { name: string } }>;
    expect(team.map((entry) => entry.member.name)).toContain('Edu Elegível');
    expect(team.map((entry) => entry.member.name)).not.toContain('Rita Requer');
    expectApiError(await rita.agent.post(`/api/allocations/${ritaSunday}/response`).send({ answer: 'confirmed' }), 409, 'already_covered');

    // The requester and the team's leaders (Tina, and the admin who placed Rita) are told; the audit log has it.
    const told = (await outboxRows(w.t.database)).filter((row) => row.kind === 'cover_taken').map((row) => row.recipient_id);
    expect(told.sort((a, b) => a - b)).toEqual([w.admin.user.id, w.teamLeader.user.id, rita.user.id].sort((a, b) => a - b));
    const audit = (await w.admin.agent.get('/api/audit?action=cover_taken').expect(200)).body as Array<Record<string, unknown>>;
    expect(audit).toEqual([
      {
        id: expect.any(Number),
        at: '2030-01-02T08:00:00.000Z',
        actor: { id: edu.user.id, name: 'Edu Elegível' },
        action: 'cover_taken',
        subject: { id: rita.user.id, name: 'Rita Requer' },
        details: expect.objectContaining({ cover_request_id: request, allocation_id: taken.body.id, covered_allocation_id: ritaSunday, event_id: sunday }),
      },
    ]);
    w.t.clock.set('2030-01-01T12:00:00.000Z');
  });

  it('refuses a request that is not the member’s to make, a second one, one after a decline or once the event began', async () => {
    const saturday = await w.event('2030-03-16T22:00:00.000Z');
    const edus = await w.allocate(saturday, edu);
    expectApiError(await bia.agent.post(`/api/allocations/${edus}/cover`).send({}), 403, 'forbidden');
    expectApiError(await w.admin.agent.post(`/api/allocations/${edus}/cover`).send({}), 403, 'forbidden');
    expectApiError(await edu.agent.post('/api/allocations/999999/cover').send({}), 404, 'not_found');
    expectApiError(await edu.agent.post(`/api/allocations/${edus}/cover`).send({ note: 'x'.repeat(301) }), 400, 'invalid_request');
    expectApiError(await edu.agent.post(`/api/allocations/${edus}/cover`).send({ motivo: 'x' }), 400, 'invalid_request');
    await edu.agent.post(`/api/allocations/${edus}/cover`).send({}).expect(201);
    expectApiError(await edu.agent.post(`/api/allocations/${edus}/cover`).send({}), 409, 'cover_open');

    const declined = await w.allocate(await w.event('2030-03-17T22:00:00.000Z'), bia);
    await bia.agent.post(`/api/allocations/${declined}/response`).send({ answer: 'declined' }).expect(200);
    expectApiError(await bia.agent.post(`/api/allocations/${declined}/cover`).send({}), 409, 'not_coverable');

    const soon = await w.allocate(await w.event('2030-01-01T13:00:00.000Z'), bia);
    w.t.clock.set('2030-01-01T13:00:00.000Z');
    expectApiError(await bia.agent.post(`/api/allocations/${soon}/cover`).send({}), 409, 'event_started');
    w.t.clock.set('2030-01-01T12:00:00.000Z');
  });

  it('the requester withdraws it (204): nobody may take it then, and they may ask again', async () => {
    const event = await w.event('2030-03-23T22:00:00.000Z');
    const allocation = await w.allocate(event, rita);
    const request = (await rita.agent.post(`/api/allocations/${allocation}/cover`).send({ note: null }).expect(201)).body.id as number;
    expect(((await edu.agent.get('/api/me/cover-requests').expect(200)).body as Array<{ id: number }>).map((entry) => entry.id)).toContain(request);
    expectApiError(await edu.agent.delete(`/api/cover-requests/${request}`), 403, 'forbidden');
    expectApiError(await rita.agent.delete('/api/cover-requests/999999'), 404, 'not_found');
    await rita.agent.delete(`/api/cover-requests/${request}`).expect(204);
    expectApiError(await rita.agent.delete(`/api/cover-requests/${request}`), 409, 'cover_closed');
    expectApiError(await edu.agent.post(`/api/cover-requests/${request}/accept`), 409, 'cover_closed');
    expect(((await edu.agent.get('/api/me/cover-requests').expect(200)).body as Array<{ id: number }>).map((entry) => entry.id)).not.toContain(request);
    const leaderView = (await w.admin.agent.get(`/api/events/${event}/allocations`).expect(200)).body as Array<{ id: number; status: string; cover: unknown }>;
    expect(leaderView.find((entry) => entry.id === allocation)).toMatchObject({ status: 'pending', cover: { id: request, status: 'withdrawn' } });
    // The e-mails already queued for it are not sent: the request is no longer open when the worker writes them.
    const again = (await rita.agent.post(`/api/allocations/${allocation}/cover`).send({}).expect(201)).body.id as number;
    expect(again).not.toBe(request);
  });
});
