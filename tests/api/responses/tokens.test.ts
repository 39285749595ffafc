import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashResponseToken, issueResponseToken } from '../../../server/escalas/responseTokens.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import {
  createEvent,
  departmentId,
  ESCALAS_NOW,
  escalasWorld,
  HOUR,
  keysOf,
  postAllocation,
  shift,
  type EscalasWorld,
} from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';

describe.each(testDatabases)('answering through an e-mailed token on $name', ({ open }) => {
  let w: EscalasWorld;
  let louvor: number;
  let slotCount = 0;
  /** Soon after the API's clock, 4 h apart: the clock may move past them without ending the test sessions. */
  const nextSlot = () => shift(ESCALAS_NOW, (1 + 4 * slotCount++) * HOUR);

  beforeAll(async () => {
    w = await escalasWorld(open);
    louvor = await departmentId(w.t.database, 'Louvor');
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const db = () => w.t.database;
  /** The app without any session: what a mail link opens. */
  const link = () => request(w.t.app);
  const allocated = async (datetime: string, type: string | null = 'Culto') => {
    const eventId = await createEvent(db(), datetime, type);
    const res = await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: w.member.user.id });
    expect(res.status, res.text).toBe(201);
    const token = await issueResponseToken(db().db, res.body.id);
    if (!token) throw new Error('no token issued');
    return { eventId, id: res.body.id as number, token };
  };
  const row = (id: number) =>
    db().db.selectFrom('allocations').select(['status', 'reason', 'responded_at', 'response_token_hash']).where('id', '=', id).executeTakeFirstOrThrow();
  const atClock = async <T>(instant: string, run: () => Promise<T>): Promise<T> => {
    w.t.clock.set(instant);
    try {
      return await run();
    } finally {
      w.t.clock.set(ESCALAS_NOW);
    }
  };

  it('every allocation is created with a token: 32 random bytes, base64url, only its SHA-256 stored', async () => {
    const { id, token } = await allocated(nextSlot());
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await row(id)).response_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashResponseToken(token)).toMatch(/^[0-9a-f]{64}$/);
    // Created with the allocation, before any token was issued.
    const eventId = await createEvent(db(), nextSlot());
    const res = await postAllocation(w.leader.agent, eventId, { department: 'Mídia', member: w.admin.user.id });
    expect((await row(res.body.id)).response_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await issueResponseToken(db().db, 2147483647)).toBeUndefined();
  });

  it('GET shows the allocation and never changes anything, however often it is followed', async () => {
    const at = nextSlot();
    const { eventId, id, token } = await allocated(at);
    const stored = await row(id);
    const first = await link().get(`/api/responses/${token}`);
    expect(first.status, first.text).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toEqual({
      allocation: { id, status: 'pending', event: { id: eventId, datetime: at, event_types: { name: 'Culto' }, timezone: 'America/Sao_Paulo' }, department: { id: louvor, name: 'Louvor' } },
    });
    expect(keysOf(first.body)).toEqual(['allocation']);
    expect(keysOf(first.body.allocation)).toEqual(['department', 'event', 'id', 'status']);
    for (let i = 0; i < 3; i++) {
      expect((await link().get(`/api/responses/${token}`).expect(200)).body).toEqual(first.body);
      expect((await w.member.agent.get(`/api/responses/${token}`).expect(200)).body).toEqual(first.body);
    }
    expect(await row(id)).toEqual(stored);
    // HEAD (what some scanners send) neither.
    await link().head(`/api/responses/${token}`).expect(200);
    expect(await row(id)).toEqual(stored);
  });

  it('POST answers without a session, and the answer can change until the start', async () => {
    const at = nextSlot();
    const { eventId, id, token } = await allocated(at, null);
    const declinedAt = shift(ESCALAS_NOW, 5 * 60 * 1000);
    const declined = await atClock(declinedAt, () => link().post(`/api/responses/${token}`).send({ answer: 'declined', reason: 'Plantão no hospital' }));
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toEqual({
      allocation: { id, status: 'declined', event: { id: eventId, datetime: at, event_types: null, timezone: 'America/Sao_Paulo' }, department: { id: louvor, name: 'Louvor' } },
    });
    expect(await row(id)).toMatchObject({ status: 'declined', reason: 'Plantão no hospital', responded_at: declinedAt });
    // The leader sees it, with the reason; GET now shows the new status.
    const leaderView = (await w.leader.agent.get(`/api/events/${eventId}/allocations`).expect(200)).body[0];
    expect(leaderView).toMatchObject({ id, status: 'declined', reason: 'Plantão no hospital', responded_at: declinedAt });
    expect((await link().get(`/api/responses/${token}`).expect(200)).body.allocation.status).toBe('declined');

    const confirmed = await link().post(`/api/responses/${token}`).send({ answer: 'confirmed' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.allocation.status).toBe('confirmed');
    expect(await row(id)).toMatchObject({ status: 'confirmed', reason: null, responded_at: ESCALAS_NOW });

    // The same validation as the signed-in answer.
    for (const body of [{}, { answer: 'pending' }, { answer: 'declined', reason: 'x'.repeat(301) }, { answer: 'confirmed', reason: 'oi' }, { answer: 'confirmed', token }]) {
      expectApiError(await link().post(`/api/responses/${token}`).send(body), 400, 'invalid_request');
    }
    // A cross-site form cannot answer for the member.
    const crossSite = await link().post(`/api/responses/${token}`).set('Origin', 'https://evil.example').send({ answer: 'declined' });
    expectApiError(crossSite, 403, 'csrf');
    expect((await row(id)).status).toBe('confirmed');
  });

  it('a token answers only its own allocation', async () => {
    const a = await allocated(nextSlot());
    const b = await allocated(nextSlot());
    const res = await link().post(`/api/responses/${a.token}`).send({ answer: 'declined' });
    expect(res.body.allocation.id).toBe(a.id);
    expect((await row(a.id)).status).toBe('declined');
    expect((await row(b.id)).status).toBe('pending');
    // A token is no session: it does not open the signed-in answer of any allocation.
    expectApiError(await link().post(`/api/allocations/${b.id}/response`).set('Authorization', `Bearer ${b.token}`).send({ answer: 'confirmed' }), 401, 'unauthenticated');
    expectApiError(await link().post(`/api/allocations/${b.id}/response?token=${b.token}`).send({ answer: 'confirmed' }), 401, 'unauthenticated');
    expect((await row(b.id)).status).toBe('pending');
  });

  it('answers 404 not_found to an unknown, reissued, malformed or stored-hash token, and never a 500', async () => {
    const { id, token } = await allocated(nextSlot());
    const stored = await row(id);
    const unknown = [
      'A'.repeat(43),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      token.slice(0, -1),
      `${token}x`,
      stored.response_token_hash!,
      'nao-existe',
      '%00',
      encodeURIComponent("' or 1=1 --"),
      'x'.repeat(5000),
    ];
    for (const value of unknown) {
      expectApiError(await link().get(`/api/responses/${value}`), 404, 'not_found');
      expectApiError(await link().post(`/api/responses/${value}`).send({ answer: 'declined' }), 404, 'not_found');
    }
    expect(await row(id)).toEqual(stored);

    // Issuing a new token (each invitation does) retires the old one.
    const renewed = await issueResponseToken(db().db, id);
    expect(renewed).not.toBe(token);
    expectApiError(await link().get(`/api/responses/${token}`), 404, 'not_found');
    expectApiError(await link().post(`/api/responses/${token}`).send({ answer: 'confirmed' }), 404, 'not_found');
    expect((await link().get(`/api/responses/${renewed}`).expect(200)).body.allocation.id).toBe(id);
  });

  it('is valid until the event starts: from the start on GET and POST answer 404 and change nothing', async () => {
    const at = nextSlot();
    const { id, token } = await allocated(at);
    await atClock(shift(at, -1), async () => {
      expect((await link().get(`/api/responses/${token}`)).status).toBe(200);
    });
    for (const now of [at, shift(at, 1), shift(at, 24 * HOUR)]) {
      await atClock(now, async () => {
        expectApiError(await link().get(`/api/responses/${token}`), 404, 'not_found');
        expectApiError(await link().post(`/api/responses/${token}`).send({ answer: 'declined' }), 404, 'not_found');
      });
    }
    expect((await row(id)).status).toBe('pending');
    // Moving the event later makes the link valid again (it is valid until the event starts).
    await w.leader.agent.patch(`/api/events/${(await db().db.selectFrom('allocations').select('event_id').where('id', '=', id).executeTakeFirstOrThrow()).event_id}`).send({ datetime: shift(at, 48 * HOUR) }).expect(200);
    await atClock(shift(at, 24 * HOUR), async () => {
      expect((await link().post(`/api/responses/${token}`).send({ answer: 'confirmed' })).status).toBe(200);
    });
  });

  it('the raw token is never in any API answer', async () => {
    const at = nextSlot();
    const { eventId, id, token } = await allocated(at);
    const hash = (await row(id)).response_token_hash!;
    const day = at.slice(0, 10);
    const answers = [
      await w.leader.agent.get(`/api/events/${eventId}/allocations`),
      await w.admin.agent.get(`/api/allocations?from=${day}&to=${day}`),
      await w.member.agent.get('/api/me/events'),
      await w.member.agent.post(`/api/allocations/${id}/response`).send({ answer: 'confirmed' }),
      await link().get(`/api/responses/${token}`),
      await link().post(`/api/responses/${token}`).send({ answer: 'confirmed' }),
      await w.member.agent.get(`/api/events/${eventId}/team`),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.text).not.toContain(token);
      expect(res.text).not.toContain(hash);
      expect(res.text).not.toMatch(/token/i);
    }
  });
});
