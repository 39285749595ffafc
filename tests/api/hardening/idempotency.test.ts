import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createEvent, escalasWorld, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const countEvents = async (world: EscalasWorld) =>
  Number((await world.t.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe.each(testDatabases)('Idempotency-Key on creating requests ($name)', ({ open }) => {
  let world: EscalasWorld;
  beforeAll(async () => {
    world = await escalasWorld(open);
  });
  afterAll(() => world.t.database.dispose());

  const newEvent = (datetime: string) => ({ datetime, event_type_id: null });

  it('a retry with the same key returns the first answer and writes nothing again', async () => {
    const before = await countEvents(world);
    const key = 'b1f0a7e2-0d4c-4a61-9a57-2b0c3c1d0001';
    const first = await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-01T19:30'));
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-01T19:30'));
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await countEvents(world)).toBe(before + 1);
  });

  it('without a key, or with a new one, the same request writes again', async () => {
    const before = await countEvents(world);
    await world.leader.agent.post('/api/events').send(newEvent('2030-03-02T19:30')).expect(201);
    await world.leader.agent.post('/api/events').send(newEvent('2030-03-02T19:30')).expect(201);
    await world.leader.agent.post('/api/events').set('Idempotency-Key', 'key-number-two-0002').send(newEvent('2030-03-02T19:30')).expect(201);
    expect(await countEvents(world)).toBe(before + 3);
  });

  it('refuses a key sent again with another request, and a malformed key', async () => {
    const key = 'key-reused-with-another-body-0003';
    await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-03T19:30')).expect(201);
    expectApiError(await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-04T19:30')), 422, 'idempotency_key_reused');
    expectApiError(await world.leader.agent.post('/api/events').set('Idempotency-Key', 'short').send(newEvent('2030-03-04T19:30')), 400, 'invalid_request');
  });

  it('keys belong to their user: another leader with the same key writes their own', async () => {
    const before = await countEvents(world);
    const key = 'shared-looking-key-0004';
    const mine = await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-05T19:30'));
    const theirs = await world.admin.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-05T19:30'));
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await countEvents(world)).toBe(before + 2);
  });

  it('an allocation retried with its key is the same allocation, not "already allocated"', async () => {
    const eventId = await createEvent(world.t.database, '2030-04-01T22:00:00.000Z');
    const body = { department: 'Louvor', member: world.member.user.email };
    const key = 'allocation-retry-key-0005';
    const first = await world.leader.agent.post(`/api/events/${eventId}/allocations`).set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(201);
    const retry = await world.leader.agent.post(`/api/events/${eventId}/allocations`).set('Idempotency-Key', key).send(body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const list = await world.leader.agent.get(`/api/events/${eventId}/allocations`);
    expect(list.body).toHaveLength(1);
  });

  it('a refusal is not kept: the same request sent again is asked anew', async () => {
    const eventId = await createEvent(world.t.database, '2030-04-02T22:00:00.000Z');
    const body = { department: 'Louvor', member: 'joana@example.org' };
    const key = 'refused-request-key-0006';
    expectApiError(await world.leader.agent.post(`/api/events/${eventId}/allocations`).set('Idempotency-Key', key).send(body), 422, 'unknown_member');
    // Joana registers; the leader's form sends the same request again with the same key.
    await world.anonymous.post('/api/auth/register').send({ name: 'Joana Dias', email: 'joana@example.org', password: 'uma senha longa de verdade' }).expect(201);
    const retry = await world.leader.agent.post(`/api/events/${eventId}/allocations`).set('Idempotency-Key', key).send(body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a claim left without an answer by an API that died is abandoned after the request time limit: the retry runs the request', async () => {
    const body = newEvent('2030-03-08T19:30');
    const key = 'claimed-by-a-dead-api-0009';
    const requestHash = createHash('sha256').update(`POST /api/events\n${JSON.stringify(body)}`).digest('hex');
    const limitMs = world.t.config.eventsApiTimeoutMs;
    const now = world.t.clock.now;
    // The first try was claimed exactly the request time limit ago, and never answered.
    await world.t.database.db
      .insertInto('idempotency_keys')
      .values({ user_id: world.leader.user.id, key, request_hash: requestHash, created_at: new Date(now.getTime() - limitMs).toISOString() })
      .execute();
    const before = await countEvents(world);
    // Not yet abandoned: it may still be running.
    expectApiError(await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(body), 409, 'idempotency_in_progress');
    world.t.clock.set(new Date(now.getTime() + 1000));
    try {
      const retry = await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(body);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(await countEvents(world)).toBe(before + 1);
      // The request that took the claim over answered: the next retry is its replay.
      const again = await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(body);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(retry.body);
      expect(await countEvents(world)).toBe(before + 1);
      // Another request under the key is still refused, however old the claim.
      expectApiError(await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-09T19:30')), 422, 'idempotency_key_reused');
    } finally {
      world.t.clock.set(now);
    }
  });

  it('while the first request is still running, a copy is told to wait (409), not run twice', async () => {
    const key = 'still-running-key-0007';
    await world.t.database.db
      .insertInto('idempotency_keys')
      .values({ user_id: world.leader.user.id, key, request_hash: 'x'.repeat(64), created_at: new Date().toISOString() })
      .execute();
    // The stored hash is another request's: refused as reused. With the same request it would be "in progress".
    expectApiError(await world.leader.agent.post('/api/events').set('Idempotency-Key', key).send(newEvent('2030-03-06T19:30')), 422, 'idempotency_key_reused');
    const running = 'still-running-key-0008';
    const first = world.leader.agent.post('/api/events').set('Idempotency-Key', running).send(newEvent('2030-03-07T19:30'));
    const copy = world.leader.agent.post('/api/events').set('Idempotency-Key', running).send(newEvent('2030-03-07T19:30'));
    const answers = await Promise.all([first, copy]);
    const statuses = answers.map((res) => res.status).sort();
    // Either the copy found the first answer stored (201 replayed) or it came while the first was running (409).
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    const created = answers.filter((res) => res.status === 201).map((res) => res.body.id);
    expect(new Set(created).size).toBe(1);
  });
});
