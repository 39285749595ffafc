import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { createTestUser, sessionCookie, signedInAgent, uniqueEmail } from '../support/authAgent.ts';
import { sharedDatabase } from '../support/sharedDatabase.ts';
import { testDatabases } from '../support/testDatabases.ts';

const MINUTE = 60 * 1000;
const WINDOW = 15 * MINUTE;

let nextIp = 1;
/** A client address of its own per test (documentation range), so the per-IP counters never mix. */
const freshIp = () => `198.51.100.${nextIp++}`;

function login(app: Express, body: { email: string; password: string }, ip?: string) {
  const req = request(app).post('/api/auth/login');
  if (ip) req.set('X-Forwarded-For', ip);
  return req.send(body);
}

function expectThrottled(res: request.Response, retryAfter?: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error.code).toBe('too_many_attempts');
  expect(res.body.error.message).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ minuto\(s\)\.$/);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  if (retryAfter !== undefined) expect(Number(res.headers['retry-after'])).toBe(retryAfter);
  expect(sessionCookie(res)).toBeUndefined();
}

/** `count` failed logins, `parallel` at a time (each costs one argon2 verify). */
async function fail(app: Express, count: number, body: (i: number) => { email: string; password: string }, ip?: string, parallel = 10) {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, k) => login(app, body(start + k), ip));
    statuses.push(...(await Promise.all(batch)).map((res) => res.status));
  }
  return statuses;
}

describe.each(testDatabases)('login throttling on $name', ({ name, open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it('10 failures for one email → the 11th attempt, even with the right password, is 429 with Retry-After', async () => {
    const T = new Date('2026-04-01T10:00:00.000Z');
    t.clock.set(T);
    const ip = freshIp();
    const user = await createTestUser(t.database);
    const statuses = await fail(t.app, 10, () => ({ email: user.email, password: 'wrong-password' }), ip, 1);
    expect(statuses).toEqual(Array(10).fill(401));
    expectThrottled(await login(t.app, { email: user.email, password: user.password }, ip), 15 * 60);
    // From another address too: the count is the email's.
    expectThrottled(await login(t.app, { email: user.email, password: user.password }, freshIp()));
    // Another email from the same address is not affected.
    const other = await createTestUser(t.database);
    expect((await login(t.app, { email: other.email, password: other.password }, ip)).status).toBe(200);

    t.clock.set(new Date(T.getTime() + WINDOW - 1000));
    expectThrottled(await login(t.app, { email: user.email, password: user.password }, ip), 1);
    t.clock.set(new Date(T.getTime() + WINDOW));
    expect((await login(t.app, { email: user.email, password: user.password }, ip)).status).toBe(200);
  });

  it('Retry-After counts down to when the oldest failure in the window leaves it', async () => {
    const T = new Date('2026-04-02T10:00:00.000Z');
    const ip = freshIp();
    const email = uniqueEmail('spread');
    t.clock.set(T);
    await fail(t.app, 4, () => ({ email, password: 'wrong-password' }), ip);
    t.clock.set(new Date(T.getTime() + 5 * MINUTE));
    await fail(t.app, 6, () => ({ email, password: 'wrong-password' }), ip);
    t.clock.set(new Date(T.getTime() + 6 * MINUTE));
    const res = await login(t.app, { email, password: 'wrong-password' }, ip);
    expectThrottled(res, 9 * 60);
    expect(res.body.error.message).toBe('Muitas tentativas de login. Tente novamente em 9 minuto(s).');
    // Once the first four left the window, six remain: attempts are allowed again (and counted again).
    t.clock.set(new Date(T.getTime() + WINDOW + 1));
    expect(await fail(t.app, 4, () => ({ email, password: 'wrong-password' }), ip, 1)).toEqual([401, 401, 401, 401]);
    // Full again: now the six of T+5 min are the oldest, leaving the window at T+20 min.
    expectThrottled(await login(t.app, { email, password: 'wrong-password' }, ip), 5 * 60);
  });

  it('a successful login clears the email’s count', async () => {
    t.clock.set(new Date('2026-04-03T10:00:00.000Z'));
    const ip = freshIp();
    const user = await createTestUser(t.database);
    await fail(t.app, 9, () => ({ email: user.email, password: 'wrong-password' }), ip);
    expect((await login(t.app, { email: user.email, password: user.password }, ip)).status).toBe(200);
    expect(await fail(t.app, 10, () => ({ email: user.email, password: 'wrong-password' }), ip, 1)).toEqual(Array(10).fill(401));
    expectThrottled(await login(t.app, { email: user.email, password: user.password }, ip));
  });

  it('wrong current passwords on the password change count like failed logins, for the account and the address', async () => {
    t.clock.set(new Date('2026-04-08T10:00:00.000Z'));
    const ip = freshIp();
    const { agent, user, password } = await signedInAgent(t.app, t.database);
    const change = (current: string) =>
      agent.post('/api/auth/password').set('X-Forwarded-For', ip).send({ current, new: 'uma-senha-nova-e-longa-7' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await change(`wrong-${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    // The right current password no longer helps, here or at the sign-in form (from anywhere).
    expectThrottled(await change(password));
    expectThrottled(await login(t.app, { email: user.email, password }, freshIp()));
    // A right guess in between clears the count, as a sign-in does.
    const other = await signedInAgent(t.app, t.database);
    const otherChange = (current: string) => other.agent.post('/api/auth/password').set('X-Forwarded-For', freshIp()).send({ current, new: 'uma-senha-nova-e-longa-8' });
    for (let i = 0; i < 9; i++) expect((await otherChange(`wrong-${i}`)).status).toBe(401);
    expect((await otherChange(other.password)).status).toBe(204);
    for (let i = 0; i < 9; i++) expect((await otherChange(`wrong-again-${i}`)).status).toBe(401);
  });

  it('a burst of parallel failures cannot get past the limit', async () => {
    t.clock.set(new Date('2026-04-04T10:00:00.000Z'));
    const email = uniqueEmail('burst');
    const statuses = await fail(t.app, 16, () => ({ email, password: 'wrong-password' }), freshIp(), 16);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('50 failures from one client address (different emails) → 429 for that address only', async () => {
    t.clock.set(new Date('2026-04-05T10:00:00.000Z'));
    const ip = freshIp();
    const user = await createTestUser(t.database);
    const statuses = await fail(t.app, 50, (i) => ({ email: `nobody-${i}-${ip}@test.koinonia`, password: 'wrong-password' }), ip);
    expect(statuses).toEqual(Array(50).fill(401));
    expectThrottled(await login(t.app, { email: user.email, password: user.password }, ip));
    // X-Forwarded-For from a trusted proxy (loopback, where supertest connects from): another visitor of the
    // same web host has a counter of its own.
    expect((await login(t.app, { email: user.email, password: user.password }, freshIp())).status).toBe(200);
    expect((await login(t.app, { email: uniqueEmail('x'), password: 'wrong-password' }, freshIp())).status).toBe(401);
  });

  // Which address counts is Express's doing, not the database's: once is enough.
  it.runIf(name === 'sqlite')('ignores X-Forwarded-For from a sender outside TRUST_PROXY (the connection address counts)', async () => {
    const untrusting = await apiTestApp(async () => t.database, { TRUST_PROXY: '10.0.0.1' });
    untrusting.clock.set(new Date('2026-04-06T10:00:00.000Z'));
    const user = await createTestUser(t.database);
    // A different forged address each time: all still count for the one real address.
    const statuses = await fail(untrusting.app, 50, (i) => ({ email: `forged-${i}@test.koinonia`, password: 'wrong-password' }));
    expect(statuses).toEqual(Array(50).fill(401));
    const forged = request(untrusting.app).post('/api/auth/login').set('X-Forwarded-For', freshIp());
    expectThrottled(await forged.send({ email: user.email, password: user.password }));
    // The trusting app on the same database and at the same time sees the forwarded address instead.
    t.clock.set(new Date('2026-04-06T10:00:00.000Z'));
    expect((await login(t.app, { email: user.email, password: user.password }, freshIp())).status).toBe(200);
  });

  it(`counters live in the database: a restarted API (new connection, new app) still says 429`, async () => {
    const shared = await sharedDatabase(name);
    try {
      const first = await shared.instance();
      const T = new Date('2026-04-07T10:00:00.000Z');
      first.clock.now = T;
      const user = await createTestUser(first.database);
      expect(await fail(first.app, 10, () => ({ email: user.email, password: 'wrong-password' }))).toEqual(Array(10).fill(401));
      await first.database.close();
      const second = await shared.instance();
      second.clock.now = new Date(T.getTime() + MINUTE);
      expectThrottled(await login(second.app, { email: user.email, password: user.password }), 14 * 60);
      second.clock.now = new Date(T.getTime() + WINDOW);
      expect((await login(second.app, { email: user.email, password: user.password })).status).toBe(200);
    } finally {
      await shared.dispose();
    }
  });
});
