import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { createTestUser, sessionCookie, signedInAgent } from '../support/authAgent.ts';
import { sharedDatabase } from '../support/sharedDatabase.ts';
import { testDatabases } from '../support/testDatabases.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(testDatabases)('sessions on $name', ({ name, open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t.database.dispose();
  });
  beforeEach(() => {
    t.clock.set(T0);
  });

  const sessionRows = (userId: number) =>
    t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
  const meWith = (token: string, app = t.app) => request(app).get('/api/auth/me').set('Cookie', `koinonia_session=${token}`);

  it('stores only the SHA-256 of the token, with the user and the created / last-seen times', async () => {
    const { user, token } = await signedInAgent(t.app, t.database);
    const rows = await sessionRows(user.id);
    expect(rows).toEqual([{ token_hash: sha256(token), user_id: user.id, created_at: T0.toISOString(), last_seen_at: T0.toISOString() }]);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const everything = JSON.stringify(await t.database.db.selectFrom('sessions').selectAll().execute());
    expect(everything).not.toContain(token);
    // A request that carries the stored hash instead of the token opens nothing.
    expect((await meWith(rows[0]!.token_hash)).body).toEqual({ user: null });
  });

  it('sets the cookie koinonia_session with HttpOnly; SameSite=Lax; Path=/ and no Secure over plain HTTP', async () => {
    const user = await createTestUser(t.database);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const cookie = sessionCookie(res)!;
    expect(cookie.name).toBe('koinonia_session');
    expect(cookie.attributes).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': String(30 * 24 * 60 * 60) });
    expect(cookie.attributes).not.toHaveProperty('secure');
    expect(cookie.attributes).not.toHaveProperty('domain');
    expect(new Date(cookie.attributes.expires!).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    if (name === 'sqlite') console.info(`[artefact] Set-Cookie: ${cookie.header}`);
  });

  it('ends a session idle for more than 30 days (and deletes its row)', async () => {
    const { user, token } = await signedInAgent(t.app, t.database);
    t.clock.set(at(30 * DAY - 60_000));
    expect((await meWith(token)).body.user?.id).toBe(user.id);
    const seen = at(30 * DAY - 60_000);
    t.clock.set(new Date(seen.getTime() + 30 * DAY + 1000));
    expect((await meWith(token)).body).toEqual({ user: null });
    expect(await sessionRows(user.id)).toEqual([]);
    // And it stays ended even if the clock came back.
    t.clock.set(seen);
    expect((await meWith(token)).body).toEqual({ user: null });
  });

  it('renews last_seen_at (and the cookie) on activity, so an active session lives past 30 days', async () => {
    const { user, token } = await signedInAgent(t.app, t.database);
    // Within a minute nothing is written.
    t.clock.set(at(30_000));
    const quiet = await meWith(token);
    expect(quiet.body.user?.id).toBe(user.id);
    expect(sessionCookie(quiet)).toBeUndefined();
    expect((await sessionRows(user.id))[0]!.last_seen_at).toBe(T0.toISOString());

    t.clock.set(at(20 * DAY));
    const renewed = await meWith(token);
    expect(renewed.body.user?.id).toBe(user.id);
    expect(sessionCookie(renewed)).toMatchObject({ name: 'koinonia_session', value: token });
    expect(await sessionRows(user.id)).toEqual([
      expect.objectContaining({ created_at: T0.toISOString(), last_seen_at: at(20 * DAY).toISOString() }),
    ]);

    t.clock.set(at(45 * DAY));
    expect((await meWith(token)).body.user?.id).toBe(user.id);
    t.clock.set(at(75 * DAY + 1000));
    expect((await meWith(token)).body).toEqual({ user: null });
  });

  it('reads a role change at the next request (the role is not frozen in the session)', async () => {
    const { agent, user } = await signedInAgent(t.app, t.database);
    expect((await agent.get('/api/auth/me')).body.user.role).toBe('member');
    await t.database.db.updateTable('users').set({ role: 'leader' }).where('id', '=', user.id).execute();
    expect((await agent.get('/api/auth/me')).body.user.role).toBe('leader');
  });

  describe('COOKIE_SECURE', () => {
    const loginOn = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
      const other = await apiTestApp(async () => t.database, env);
      const user = await createTestUser(t.database);
      const res = await request(other.app).post('/api/auth/login').set(headers).send({ email: user.email, password: user.password });
      expect(res.status).toBe(200);
      return { app: other.app, cookie: sessionCookie(res)!, user };
    };

    it('true: names the cookie __Host-koinonia_session with Secure, and reads it back', async () => {
      const { app, cookie, user } = await loginOn({ COOKIE_SECURE: 'true' });
      expect(cookie.name).toBe('__Host-koinonia_session');
      expect(cookie.attributes).toMatchObject({ secure: '', httponly: '', samesite: 'Lax', path: '/' });
      expect(cookie.attributes).not.toHaveProperty('domain');
      const me = await request(app).get('/api/auth/me').set('Cookie', `__Host-koinonia_session=${cookie.value}`);
      expect(me.body.user?.id).toBe(user.id);
      const out = await request(app).post('/api/auth/logout').set('Cookie', `__Host-koinonia_session=${cookie.value}`);
      expect(out.status).toBe(204);
      expect(sessionCookie(out)).toMatchObject({ name: '__Host-koinonia_session', value: '', attributes: expect.objectContaining({ secure: '' }) });
    });

    it('auto: Secure when a trusted (loopback) proxy says X-Forwarded-Proto: https, not otherwise', async () => {
      const https = await loginOn({ COOKIE_SECURE: 'auto' }, { 'X-Forwarded-Proto': 'https' });
      expect(https.cookie.name).toBe('__Host-koinonia_session');
      expect(https.cookie.attributes).toHaveProperty('secure');
      const http = await loginOn({ COOKIE_SECURE: 'auto' });
      expect(http.cookie.name).toBe('koinonia_session');
      expect(http.cookie.attributes).not.toHaveProperty('secure');
    });

    it('auto: an X-Forwarded-Proto from a sender outside TRUST_PROXY is ignored', async () => {
      const { cookie } = await loginOn({ COOKIE_SECURE: 'auto', TRUST_PROXY: '10.0.0.1' }, { 'X-Forwarded-Proto': 'https' });
      expect(cookie.name).toBe('koinonia_session');
      expect(cookie.attributes).not.toHaveProperty('secure');
    });

    it('false: never Secure, even over HTTPS', async () => {
      const { cookie } = await loginOn({ COOKIE_SECURE: 'false' }, { 'X-Forwarded-Proto': 'https' });
      expect(cookie.name).toBe('koinonia_session');
      expect(cookie.attributes).not.toHaveProperty('secure');
    });
  });
});

describe.each(testDatabases)('several API instances on one $name database', ({ name }) => {
  it('a session made through instance A works on instance B, and logout on B ends it on A', async () => {
    const shared = await sharedDatabase(name);
    try {
      const a = await shared.instance();
      const b = await shared.instance();
      expect(a.database).not.toBe(b.database);
      const user = await createTestUser(a.database);
      const login = await request(a.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const token = sessionCookie(login)!.value;
      const cookie = `koinonia_session=${token}`;
      expect((await request(b.app).get('/api/auth/me').set('Cookie', cookie)).body.user?.id).toBe(user.id);
      await request(b.app).post('/api/auth/logout').set('Cookie', cookie).expect(204);
      expect((await request(a.app).get('/api/auth/me').set('Cookie', cookie)).body).toEqual({ user: null });
    } finally {
      await shared.dispose();
    }
  });
});
