import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpErrorOf } from '../../server/api/errorMapping.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { allocateMany, type AllocationActor, type PlaceOutcome, type PlaceRequest } from '../../server/escalas/public.ts';
import { leaderScopeOf } from '../../server/policy/leaderScope.ts';
import { personalDataViewOf } from '../../server/policy/personalDataView.ts';
import { createTestUser } from '../support/authAgent.ts';
import { postAllocation } from '../support/escalasFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, NETWORK_NOW, type NetworkWorld } from './network/networkWorld.ts';

const DAY_MS = 86_400_000;

/** The code each outcome answers with: `ok`, or the refusal's API code (api/errorMapping.ts). */
const codes = (outcomes: PlaceOutcome[]) => outcomes.map((outcome) => (outcome.ok ? 'ok' : httpErrorOf(outcome.refusal)?.code ?? outcome.refusal.message));

/**
 * docs/product.md §9 and issue 20: the batch allocation every writer of `allocations` goes through — a draft's
 * publish of hundreds of places in one transaction, each rule refusing only its own place, one invitation per
 * allocation queued in the same transaction.
 */
describe.each(testDatabases)('allocateMany on $name', ({ open }) => {
  let w: NetworkWorld;
  let admin: AllocationActor;
  const settings = () => ({ db: w.t.database.db, bufferMinutes: 60, timeZone: 'America/Sao_Paulo', now: new Date(NETWORK_NOW) });
  let dayCount = 0;
  /** A new evening for each event, two days apart, so no two events clash unless a test wants them to. */
  const nextEvening = () => new Date(Date.parse('2030-02-01T22:00:00.000Z') + dayCount++ * 2 * DAY_MS).toISOString();
  const count = async (table: 'allocations' | 'outbox' | 'outbox_allocations') =>
    Number((await w.t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    w = await networkWorld(open);
    admin = { id: w.admin.user.id, scope: await leaderScopeOf(w.t.database.db, w.admin.user), view: await personalDataViewOf(w.t.database.db, w.admin.user) };
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('places 200 people in one call: 200 draft allocations, pending, each with one invitation linked to it', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => createTestUser(w.t.database, { name: `Vocal ${i}` })));
    for (const person of people) {
      await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${person.id}`).send({ positions: [w.vocal] }).expect(200);
    }
    const events = [];
    for (let i = 0; i < 50; i++) events.push(await createNetworkEvent(w.admin.agent, { datetime: nextEvening(), church_id: w.churchA }));
    const places: PlaceRequest[] = events.flatMap((eventId, e) =>
      [0, 1, 2, 3].map((k) => ({ eventId, department: w.louvor, position: w.vocal, member: people[(e * 4 + k) % people.length]!.id })),
    );
    const [allocationsBefore, outboxBefore] = [await count('allocations'), await count('outbox')];

    const outcomes = await allocateMany(settings(), admin, places, { source: 'draft' });

    expect(codes(outcomes).filter((code) => code !== 'ok')).toEqual([]);
    const ids = outcomes.map((outcome) => (outcome.ok ? outcome.allocationId : 0));
    expect(new Set(ids).size).toBe(200);
    expect(await count('allocations')).toBe(allocationsBefore + 200);
    expect(await count('outbox')).toBe(outboxBefore + 200);
    const rows = await w.t.database.db.selectFrom('allocations').select(['id', 'source', 'status', 'allocated_by', 'position_id']).where('id', 'in', ids).execute();
    expect(new Set(rows.map((row) => `${row.source}/${row.status}/${row.allocated_by}/${row.position_id}`))).toEqual(new Set([`draft/pending/${w.admin.user.id}/${w.vocal}`]));
    const links = await w.t.database.db
      .selectFrom('outbox_allocations')
      .innerJoin('outbox', 'outbox.id', 'outbox_allocations.outbox_id')
      .select(['outbox_allocations.allocation_id', 'outbox.kind', 'outbox.recipient_id'])
      .where('outbox_allocations.allocation_id', 'in', ids)
      .execute();
    expect(links).toHaveLength(200);
    expect(new Set(links.map((link) => link.allocation_id))).toEqual(new Set(ids));
    expect(new Set(links.map((link) => link.kind))).toEqual(new Set(['invitation']));
  });

  it('each rule refuses its own place with its code, and the places no rule refuses are written', async () => {
    const onTeam = await createTestUser(w.t.database, { name: 'Vanda Vocal' });
    const notOnTeam = await createTestUser(w.t.database, { name: 'Nico Nenhum' });
    const away = await createTestUser(w.t.database, { name: 'Ana Ausente' });
    const busy = await createTestUser(w.t.database, { name: 'Bia Ocupada' });
    const twice = await createTestUser(w.t.database, { name: 'Tito Duas Vezes' });
    for (const person of [onTeam, away, busy, twice]) {
      await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${person.id}`).send({ positions: [w.vocal] }).expect(200);
    }
    const evening = nextEvening();
    const a = await createNetworkEvent(w.admin.agent, { datetime: evening, church_id: w.churchA });
    const b = await createNetworkEvent(w.admin.agent, { datetime: nextEvening(), church_id: w.churchB });
    // An hour after `a` starts, at church A too: within the buffer of it.
    const overlapping = await createNetworkEvent(w.admin.agent, { datetime: new Date(Date.parse(evening) + 60 * 60_000).toISOString(), church_id: w.churchA });
    const elsewhere = await createNetworkEvent(w.admin.agent, { datetime: new Date(Date.parse(evening) + 30 * 60_000).toISOString(), church_id: w.churchA });
    await postAllocation(w.admin.agent, elsewhere, { department: w.infantil, member: busy.id }).expect(201);
    await postAllocation(w.admin.agent, a, { department: w.louvor, member: onTeam.id }).expect(201);
    const day = new Date(Date.parse(evening) - 3 * 60 * 60_000).toISOString().slice(0, 10);
    await w.t.database.db.insertInto('blockouts').values({ member_id: away.id, first_day: day, last_day: day, note: null, created_at: NETWORK_NOW }).execute();
    const teamLeader: AllocationActor = {
      id: w.teamLeader.user.id,
      scope: await leaderScopeOf(w.t.database.db, w.teamLeader.user),
      view: await personalDataViewOf(w.t.database.db, w.teamLeader.user),
    };

    const place = (over: Partial<PlaceRequest>): PlaceRequest => ({ eventId: a, department: w.louvor, position: w.vocal, member: twice.id, ...over });
    const places: PlaceRequest[] = [
      place({ eventId: 999_999 }), // 0 no such event
      place({ department: 'Nenhum departamento' }), // 1
      place({ eventId: b }), // 2 church B: not the team leader's
      place({ position: w.professor }), // 3 a position of Infantil
      place({ member: 999_999 }), // 4 nobody
      place({ member: notOnTeam.id }), // 5 not on A/Louvor
      place({ member: onTeam.id }), // 6 already at `a`
      place({ member: away.id }), // 7 blocked that day
      place({ member: busy.id }), // 8 serves at `elsewhere` 30 minutes after
      place({ member: twice.id }), // 9 accepted
      place({ member: twice.id }), // 10 the same person again at `a`
      place({ eventId: overlapping, member: twice.id }), // 11 clashes with place 9 of this batch
      place({ eventId: overlapping, member: away.id, force: true }), // 12 forced past the blocked day: accepted
    ];
    const before = await count('allocations');

    const outcomes = await allocateMany(settings(), teamLeader, places, { source: 'draft' });

    expect(codes(outcomes)).toEqual([
      'not_found',
      'unknown_department',
      'forbidden',
      'unknown_position',
      'unknown_member',
      'not_eligible',
      'already_allocated',
      'member_unavailable',
      'schedule_conflict',
      'ok',
      'already_allocated',
      'schedule_conflict',
      'ok',
    ]);
    expect(await count('allocations')).toBe(before + 2);
    // The team leader reads nothing of the clash at a church she does not lead… but `elsewhere` is at her church.
    const conflict = outcomes[8]!;
    expect(conflict.ok ? [] : httpErrorOf(conflict.refusal)?.extra).toMatchObject({ conflicts: [{ event: { id: elsewhere } }] });
  });

  it('a manual place needs no team (a leader may invite anyone), unlike a draft’s', async () => {
    const anyone = await createTestUser(w.t.database, { name: 'Qualquer Pessoa' });
    const eventId = await createNetworkEvent(w.admin.agent, { datetime: nextEvening(), church_id: w.churchA });
    const place = { eventId, department: w.louvor, position: w.vocal, member: anyone.id };
    expect(codes(await allocateMany(settings(), admin, [place], { source: 'draft' }))).toEqual(['not_eligible']);
    expect(codes(await allocateMany(settings(), admin, [place], { source: 'manual' }))).toEqual(['ok']);
  });

  it('writes nothing when the transaction fails: no allocation, no invitation', async () => {
    const person = await createTestUser(w.t.database, { name: 'Fábio Falha' });
    const events = [];
    for (let i = 0; i < 3; i++) events.push(await createNetworkEvent(w.admin.agent, { datetime: nextEvening(), church_id: w.churchA }));
    const db = w.t.database.db;
    // The invitations' insert fails, after the allocations' insert has run in the same transaction.
    if (dialectOf(db) === 'postgres') {
      await sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox indisponível'; end $$`.execute(db);
      await sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`.execute(db);
    } else {
      await sql`create trigger refuse_outbox before insert on outbox begin select raise(abort, 'outbox indisponível'); end`.execute(db);
    }
    const [allocationsBefore, outboxBefore] = [await count('allocations'), await count('outbox')];
    try {
      const failed = allocateMany(settings(), admin, events.map((eventId) => ({ eventId, department: w.louvor, member: person.id })), { source: 'manual' });
      await expect(failed).rejects.toThrow(/outbox indisponível/);
    } finally {
      await sql`drop trigger refuse_outbox${sql.raw(dialectOf(db) === 'postgres' ? ' on outbox' : '')}`.execute(db);
    }
    expect(await count('allocations')).toBe(allocationsBefore);
    expect(await count('outbox')).toBe(outboxBefore);
    // The same batch goes through once the outbox takes messages again.
    const outcomes = await allocateMany(settings(), admin, events.map((eventId) => ({ eventId, department: w.louvor, member: person.id })), { source: 'manual' });
    expect(codes(outcomes)).toEqual(['ok', 'ok', 'ok']);
  });
});
