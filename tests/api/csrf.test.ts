import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { signedInAgent, TEST_PASSWORD, uniqueEmail } from '../support/authAgent.ts';
import { testDatabases } from '../support/testDatabases.ts';

function expectCsrf(res: request.Response): void {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error.code).toBe('csrf');
  expect(res.body.error.message).toMatch(/Requisição|Envie|Origem/);
}

describe.each(testDatabases)('CSRF guard on $name', ({ open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  const userCount = async () => (await t.database.db.selectFrom('users').select('id').execute()).length;

  it.each([
    ['text/plain', (r: request.Test) => r.set('Content-Type', 'text/plain').send('{"name":"A","email":"a@b.co","password":"pao-de-queijo-1"}')],
    ['application/x-www-form-urlencoded', (r: request.Test) => r.type('form').send('name=A&email=a%40b.co&password=pao-de-queijo-1')],
    ['multipart/form-data', (r: request.Test) => r.field('name', 'A').field('email', 'a@b.co').field('password', 'pao-de-queijo-1')],
    ['no Content-Type at all', (r: request.Test) => r.set('Content-Type', '').send(Buffer.from('{"name":"A"}'))],
  ])('refuses a body sent as %s (403 csrf), before parsing it', async (_type, send) => {
    const before = await userCount();
    const res = await send(request(t.app).post('/api/auth/register'));
    expectCsrf(res);
    expect(res.body.error.message).toBe('Envie o corpo da requisição como application/json.');
    expect(await userCount()).toBe(before);
  });

  it('refuses a foreign Origin, a null Origin and Sec-Fetch-Site other than same-origin', async () => {
    const body = { name: 'A', email: uniqueEmail('csrf'), password: TEST_PASSWORD };
    const before = await userCount();
    expectCsrf(await request(t.app).post('/api/auth/register').set('Origin', 'https://evil.example').send(body));
    expectCsrf(await request(t.app).post('/api/auth/register').set('Origin', 'null').send(body));
    for (const site of ['cross-site', 'same-site', 'none']) {
      expectCsrf(await request(t.app).post('/api/auth/register').set('Sec-Fetch-Site', site).send(body));
    }
    // A look-alike host: the whole host must match, not a prefix.
    const host = 'portal.koinonia.example';
    expectCsrf(await request(t.app).post('/api/auth/register').set('Host', host).set('Origin', `https://${host}.evil.example`).send(body));
    expectCsrf(await request(t.app).post('/api/auth/register').set('Host', host).set('Origin', `https://${host}:8443`).send(body));
    expect(await userCount()).toBe(before);
  });

  it('lets a same-origin request through (Origin matching Host, Sec-Fetch-Site: same-origin)', async () => {
    const host = 'portal.koinonia.example';
    // Over HTTPS, as a TLS proxy on loopback (trusted by default) says.
    const res = await request(t.app)
      .post('/api/auth/register')
      .set('Host', host)
      .set('X-Forwarded-Proto', 'https')
      .set('Origin', `https://${host}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: 'Mesma Origem', email: uniqueEmail('same'), password: TEST_PASSWORD });
    expect(res.status).toBe(201);
    // Host names are case-insensitive; browsers lower-case the Origin.
    const mixed = await request(t.app)
      .post('/api/auth/register')
      .set('Host', 'Portal.Koinonia.Example:8080')
      .set('Origin', 'http://portal.koinonia.example:8080')
      .send({ name: 'Caixa', email: uniqueEmail('case'), password: TEST_PASSWORD });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
  });

  it('runs before authentication: a cross-site logout without a session is 403 csrf, not 401', async () => {
    expectCsrf(await request(t.app).post('/api/auth/logout').set('Origin', 'https://evil.example'));
    expectCsrf(await request(t.app).post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site'));
    expectCsrf(await request(t.app).post('/api/auth/password').set('Content-Type', 'text/plain').send('x'));
    expect((await request(t.app).post('/api/auth/logout')).status).toBe(401);
  });

  it('a cross-site request cannot end or change a real session', async () => {
    const { agent, user } = await signedInAgent(t.app, t.database);
    expectCsrf(await agent.post('/api/auth/logout').set('Origin', 'https://evil.example'));
    expectCsrf(await agent.post('/api/auth/password').type('form').send(`current=${TEST_PASSWORD}&new=nova-senha-bem-longa`));
    expect((await agent.get('/api/auth/me')).body.user?.id).toBe(user.id);
    expect(await t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toHaveLength(1);
    // The same agent, same-origin, can.
    const sameOrigin = await agent.post('/api/auth/logout').set('Host', 'portal.example').set('Origin', 'http://portal.example');
    expect(sameOrigin.status).toBe(204);
  });

  it('applies to every state-changing method (PUT, PATCH, DELETE), not only POST', async () => {
    for (const method of ['put', 'patch', 'delete'] as const) {
      expectCsrf(await request(t.app)[method]('/api/anything').set('Origin', 'https://evil.example'));
      expectCsrf(await request(t.app)[method]('/api/anything').set('Content-Type', 'text/plain').send('x'));
    }
  });

  it('GET never changes state: no GET/HEAD logs out or registers, and a GET with a foreign Origin is just a read', async () => {
    const { agent, user } = await signedInAgent(t.app, t.database);
    const before = await userCount();
    expect((await agent.get('/api/auth/logout')).status).toBe(404);
    expect((await agent.head('/api/auth/logout')).status).toBe(404);
    const email = uniqueEmail('get');
    const query = `?name=Get&email=${encodeURIComponent(email)}&password=${TEST_PASSWORD}`;
    expect((await agent.get(`/api/auth/register${query}`)).status).toBe(404);
    expect((await agent.get(`/api/auth/login?email=${encodeURIComponent(user.email)}&password=${TEST_PASSWORD}`)).status).toBe(404);
    expect((await agent.get('/api/auth/password?current=x&new=y')).status).toBe(404);
    const read = await agent.get('/api/auth/me').set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site');
    expect(read.status).toBe(200);
    expect(read.body.user?.id).toBe(user.id);
    expect(await userCount()).toBe(before);
    expect(await t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });
});
