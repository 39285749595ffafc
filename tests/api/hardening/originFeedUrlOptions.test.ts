import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser, signedInAgent, TEST_PASSWORD, uniqueEmail } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { silentLogger, testConfig } from '../../support/testConfig.ts';

const HOST = 'portal.igreja.example';

describe.each(testDatabases)('issue 12, item 11 on $name', ({ open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  const register = (origin: string, proto?: string) => {
    let req = request(t.app).post('/api/auth/register').set('Host', HOST).set('Origin', origin);
    if (proto) req = req.set('X-Forwarded-Proto', proto);
    return req.send({ name: 'Origem', email: uniqueEmail('origin'), password: TEST_PASSWORD });
  };

  describe('the CSRF check compares the Origin scheme too', () => {
    it('refuses an http:// Origin of the same host on an HTTPS portal, and https:// on a plain HTTP one', async () => {
      const before = await t.database.db.selectFrom('users').select('id').execute();
      expectApiError(await register(`http://${HOST}`, 'https'), 403, 'csrf');
      expectApiError(await register(`https://${HOST}`), 403, 'csrf');
      expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
    });

    it('lets the matching scheme through, HTTPS told by a trusted proxy', async () => {
      expect((await register(`https://${HOST}`, 'https')).status).toBe(201);
      expect((await register(`http://${HOST}`)).status).toBe(201);
    });

    it('does not believe X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
      const untrusting = createApiApp({ database: t.database, config: testConfig({ TRUST_PROXY: '10.9.9.9' }), logger: silentLogger });
      const body = { name: 'Origem', email: uniqueEmail('origin'), password: TEST_PASSWORD };
      const claimed = await request(untrusting).post('/api/auth/register').set('Host', HOST).set('Origin', `https://${HOST}`).set('X-Forwarded-Proto', 'https').send(body);
      expectApiError(claimed, 403, 'csrf');
    });
  });

  describe('the personal feed URL', () => {
    it('uses PUBLIC_URL when set, whatever Host the request carried', async () => {
      const publicApp = createApiApp({
        database: t.database,
        config: testConfig({ PUBLIC_URL: 'https://portal.igreja.example/' }),
        logger: silentLogger,
      });
      const user = await createTestUser(t.database);
      const agent = request.agent(publicApp);
      await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const created = await agent.post('/api/me/calendar-token').set('Host', 'evil.example');
      expect(created.status).toBe(201);
      expect(created.body.url).toMatch(/^https:\/\/portal\.igreja\.example\/api\/me\/calendar\.ics\?token=[\w-]+$/);
      const read = await agent.get('/api/me/calendar-token').set('Host', 'evil.example:8080').set('X-Forwarded-Proto', 'http');
      expect(read.body.url).toBe(created.body.url);
      // The URL works.
      expect((await request(publicApp).get(new URL(created.body.url).pathname + new URL(created.body.url).search)).status).toBe(200);
    });

    it("without PUBLIC_URL it is the request's own address, as before", async () => {
      const { agent } = await signedInAgent(t.app, t.database);
      const created = await agent.post('/api/me/calendar-token').set('Host', 'portal.local:8080');
      expect(created.body.url).toMatch(/^http:\/\/portal\.local:8080\/api\/me\/calendar\.ics\?token=/);
    });
  });

  describe('OPTIONS', () => {
    it("answers JSON in the API's error shape: 405 with the path's methods in Allow, 404 for an unknown path", async () => {
      const cases: Array<[string, string]> = [
        ['/api/events', 'GET, HEAD, POST'],
        ['/api/events/1', 'DELETE, GET, HEAD, PATCH'],
        ['/api/auth/me', 'GET, HEAD'],
        ['/api/auth/login', 'POST'],
      ];
      for (const [path, allow] of cases) {
        const res = await request(t.app).options(path).set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
        expectApiError(res, 405, 'method_not_allowed');
        expect(res.headers.allow, path).toBe(allow);
        // A CORS preflight fails: nothing allows another origin.
        expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-')), path).toEqual([]);
      }
      expectApiError(await request(t.app).options('/api/nope'), 404, 'not_found');
    });
  });
});
