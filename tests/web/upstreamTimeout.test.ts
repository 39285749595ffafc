import type http from 'node:http';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { expectApiError } from '../support/apiAssertions.ts';
import { createTestUser } from '../support/authAgent.ts';
import { fakeClientDir } from '../support/fakeClient.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';
import { freshPostgres, hasPostgres, TEST_DATABASE_URL, type TestDatabase } from '../support/testDatabases.ts';

const client = fakeClientDir();

// The API hangs the way a real one does: inside its handler, waiting on the database (a table lock held by another
// session), with the request already read. PostgreSQL waits for the lock without blocking the test's event loop.
describe.runIf(hasPostgres)('a hung events API behind the web host (two processes)', () => {
  let database: TestDatabase;
  let api: RunningServer;
  let host: http.RequestListener;

  beforeAll(async () => {
    database = await freshPostgres(4);
    api = await listen(createApiApp({ database, config: testConfig(), logger: silentLogger }), 0, '127.0.0.1');
    host = createWebApp({
      config: testConfig({ EVENTS_API_URL: `http://127.0.0.1:${api.port}`, EVENTS_API_TIMEOUT_SECONDS: '1' }),
      logger: silentLogger,
      clientDir: client.dir,
    });
  });
  afterAll(async () => {
    api.server.closeAllConnections();
    await api.close();
    await database.dispose();
  });

  const countEvents = async () =>
    Number((await database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers 504 upstream_timeout saying the action may have been saved, and a retry with the same key does not write twice', async () => {
    const leader = await createTestUser(database, { role: 'leader' });
    const agent = request.agent(host);
    await agent.post('/api/auth/login').send({ email: leader.email, password: leader.password }).expect(200);

    const schema = (await database.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema')).executeTakeFirstOrThrow()).schema;
    const locker = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query(`lock table ${schema}.events in exclusive mode`);
    const key = 'c3a1d9e4-5b6f-4c2d-8e7a-timeout-0001';
    const body = { datetime: '2031-05-04T19:30', event_type_id: null };
    const timedOut = await agent.post('/api/events').set('Idempotency-Key', key).send(body);
    expectApiError(timedOut, 504, 'upstream_timeout');
    expect(timedOut.body.error.message).toContain('pode ter sido salva');

    // The API was only slow: it goes on and saves the event after the host gave up.
    await locker.query('commit');
    await locker.end();
    await expect.poll(countEvents).toBe(1);

    const retry = await agent.post('/api/events').set('Idempotency-Key', key).send(body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await countEvents()).toBe(1);
  });
});
