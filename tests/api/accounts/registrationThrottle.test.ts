import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { sessionCookie, TEST_PASSWORD, uniqueEmail } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const HOUR = 60 * 60 * 1000;

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe.each(testDatabases)('registration throttling on $name', ({ name, open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    // A small limit keeps the test fast; the default is pinned below.
    t = await apiTestApp(open, { REGISTRATIONS_PER_HOUR: '3' });
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  const register = (ip: string, body: Record<string, unknown> = {}) =>
    request(t.app)
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ name: 'Nova Pessoa', email: uniqueEmail('reg'), password: TEST_PASSWORD, ...body });

  it('refuses the registration over the per-address limit with 429 too_many_attempts and Retry-After, for that address only', async () => {
    const T = new Date('2026-05-01T10:00:00.000Z');
    t.clock.set(T);
    const ip = freshIp();
    const taken = uniqueEmail('taken');
    // Every attempt that reaches the password hash counts, a taken email included.
    expect((await register(ip, { email: taken })).status).toBe(201);
    t.clock.set(at(T, 10 * 60 * 1000));
    expect((await register(ip, { email: taken })).status).toBe(409);
    expect((await register(ip)).status).toBe(201);

    const refused = await register(ip);
    expectApiError(refused, 429, 'too_many_attempts');
    expect(refused.body.error.message).toBe('Muitos cadastros a partir deste endereço. Tente novamente em 50 minuto(s).');
    expect(refused.headers['retry-after']).toBe(String(50 * 60));
    expect(refused.body.error.retry_after).toBe(50 * 60);
    expect(sessionCookie(refused)).toBeUndefined();
    const email = uniqueEmail('refused');
    expect((await register(ip, { email })).status).toBe(429);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    // Another address is not affected.
    expect((await register(freshIp())).status).toBe(201);
    // An hour after the first attempt, one more is allowed again.
    t.clock.set(at(T, HOUR - 1000));
    expect(Number((await register(ip)).headers['retry-after'])).toBe(1);
    t.clock.set(at(T, HOUR));
    expect((await register(ip)).status).toBe(201);
    expect((await register(ip)).status).toBe(429);
  });

  it('does not count input the API refuses before hashing (400, 422)', async () => {
    t.clock.set(new Date('2026-05-02T10:00:00.000Z'));
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await register(ip, { password: 'curta' })).status).toBe(422);
      expect((await register(ip, { password: 'password123' })).status).toBe(422);
      expect((await register(ip, { email: 'not-an-email' })).status).toBe(400);
    }
    expect((await register(ip)).status).toBe(201);
  });

  it('a burst of parallel registrations from one address cannot get past the limit', async () => {
    t.clock.set(new Date('2026-05-03T10:00:00.000Z'));
    const ip = freshIp();
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => register(ip)))).map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  // The default does not depend on the database: once is enough.
  it.runIf(name === 'sqlite')('allows 50 registrations per address and hour by default', async () => {
    const defaults = await apiTestApp(async () => t.database);
    defaults.clock.set(new Date('2026-05-04T10:00:00.000Z'));
    const ip = freshIp();
    const send = () =>
      request(defaults.app).post('/api/auth/register').set('X-Forwarded-For', ip).send({ name: 'Em Lote', email: uniqueEmail('bulk'), password: TEST_PASSWORD });
    const statuses: number[] = [];
    for (let start = 0; start < 50; start += 10) statuses.push(...(await Promise.all(Array.from({ length: 10 }, send))).map((res) => res.status));
    expect(statuses).toEqual(Array(50).fill(201));
    expectApiError(await send(), 429, 'too_many_attempts');
  });
});
