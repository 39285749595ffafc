import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent, type Agent } from '../../support/authAgent.ts';
import { insertEvents } from '../../support/eventFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { silentLogger, testConfig } from '../../support/testConfig.ts';

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The directives of a CSP header, by name. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0]!, part.split(/\s+/).slice(1).join(' ')]),
  );
}

describe.each(testDatabases)('API answer headers on $name (issue 12, item 7)', ({ open }) => {
  let t: ApiTestApp;
  let member: Agent;
  let eventId: number;

  beforeAll(async () => {
    t = await apiTestApp(open);
    ({ agent: member } = await signedInAgent(t.app, t.database));
    eventId = (await insertEvents(t.database.db, [{ datetime: '2026-11-22T22:30:00.000Z', type: 'Culto' }]))[0]!;
    await member.post('/api/me/calendar-token').expect(201);
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it('authenticated JSON is Cache-Control: no-store — /api/auth/me, the feed URL, a sign-in, an error', async () => {
    for (const path of ['/api/auth/me', '/api/me/calendar-token', '/api/me/events']) {
      const res = await member.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    expect((await member.post('/api/me/calendar-token')).headers['cache-control']).toBe('no-store');
    // Anonymous answers of the same routes too: they differ per session.
    expect((await request(t.app).get('/api/auth/me')).headers['cache-control']).toBe('no-store');
    const refused = await request(t.app).get('/api/me/calendar-token');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('the public event reads keep their revalidation (ETag, 304) and are not no-store', async () => {
    for (const path of ['/api/events?date=2026-11-22', `/api/events/${eventId}`, '/api/events']) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBeUndefined();
      if (path === '/api/events') continue; // streamed: no ETag, as before
      expect(res.headers.etag, path).toMatch(/"/);
      const again = await request(t.app).get(path).set('If-None-Match', res.headers.etag!);
      expect(again.status, path).toBe(304);
    }
    // The iCalendar feeds keep their own caching.
    expect((await request(t.app).get('/api/calendar.ics')).headers['cache-control']).toBe('no-cache');
  });

  it("JSON carries the API's CSP (default-src 'none'; frame-ancestors 'none'), not helmet's page policy", async () => {
    for (const res of [
      await member.get('/api/auth/me'),
      await request(t.app).get('/api/events?date=2026-11-22'),
      await request(t.app).get('/api/events?date=nope'),
      await request(t.app).get('/api/nope'),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(directives(res.headers['content-security-policy'])).toEqual(directives(JSON_CSP));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends HSTS only over HTTPS per a trusted X-Forwarded-Proto', async () => {
    // Plain HTTP (supertest connects to the app over loopback, a trusted proxy address by default).
    expect((await request(t.app).get('/api/events?date=2026-11-22')).headers['strict-transport-security']).toBeUndefined();
    expect((await member.get('/api/auth/me')).headers['strict-transport-security']).toBeUndefined();
    const overHttps = await request(t.app).get('/api/auth/me').set('X-Forwarded-Proto', 'https');
    expect(overHttps.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);

    // A client that is not a trusted proxy cannot claim HTTPS.
    const untrusting = createApiApp({ database: t.database, config: testConfig({ TRUST_PROXY: '10.9.9.9' }), logger: silentLogger });
    const claimed = await request(untrusting).get('/api/auth/me').set('X-Forwarded-Proto', 'https');
    expect(claimed.status).toBe(200);
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
