import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { openDatabase, type Database } from '../../../server/db/openDatabase.ts';
import { openPostgres } from '../../../server/db/openPostgres.ts';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../../../server/db/databaseUnavailable.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent } from '../../support/authAgent.ts';
import { hasPostgres, TEST_DATABASE_URL } from '../../support/testDatabases.ts';
import { silentLogger, testConfig } from '../../support/testConfig.ts';

/** A TCP relay in front of PostgreSQL that the test can cut (an outage) and restore. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(hasPostgres)('PostgreSQL ending connections', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const applicationName = `koinonia_outage_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const connectionErrors: Error[] = [];
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let database: Database;
  let app: ReturnType<typeof createApiApp>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    relay = await relayTo(new URL(TEST_DATABASE_URL));
    const url = new URL(TEST_DATABASE_URL);
    url.host = `127.0.0.1:${relay.port}`;
    url.searchParams.set('application_name', applicationName);
    database = await openDatabase({ databaseUrl: url.toString(), pgSchema: schema, poolSize: 2, onConnectionError: (error) => connectionErrors.push(error) });
    app = createApiApp({ database, config: testConfig(), logger: silentLogger });
  });
  afterAll(async () => {
    await database?.close();
    await relay?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('survives pg_terminate_backend of its idle connections and answers the next request', async () => {
    expect((await request(app).get('/api/events')).status).toBe(200);
    const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);
    expect(killed.rowCount).toBeGreaterThan(0);
    // Without a listener on the pool this error would end the process (and fail this run as an uncaught error).
    await expect.poll(() => connectionErrors.length).toBeGreaterThan(0);
    const res = await request(app).get('/api/events');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('survives pg_terminate_backend of a connection held between two queries of a transaction (the query after fails as unavailable)', async () => {
    const errorsBefore = connectionErrors.length;
    const outcome = await database.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // The client is checked out and idle: without its own listener, this error ends the process.
        await expect.poll(() => connectionErrors.length).toBeGreaterThan(errorsBefore);
        await sql`select 1`.execute(trx);
        return 'committed';
      })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect((await request(app).get('/api/events')).status).toBe(200);
  });

  it('keeps answering while busy connections are ended under eight concurrent writers: each write is 201 or 503, and every 201 is stored', async () => {
    // A direct pool of its own (no relay), so the server's terminations reach the clients as they would in production.
    const busyName = `koinonia_busy_${randomBytes(4).toString('hex')}`;
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('application_name', busyName);
    // The schema is migrated already (beforeAll): opened without the migrator, whose scan of every schema of the
    // shared test database can meet one another run is dropping.
    const busy = openPostgres({ databaseUrl: url.toString(), pgSchema: schema, poolSize: 4, onConnectionError: () => {} });
    try {
      const busyApp = createApiApp({ database: busy, config: testConfig(), logger: silentLogger });
      const { agent } = await signedInAgent(busyApp, busy, { role: 'leader' });
      const statuses: number[] = [];
      let writing = true;
      const killer = (async () => {
        while (writing) {
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [busyName]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let i = 0; i < 10; i++) {
            const res = await agent.post('/api/events').send({ datetime: `2028-${String(1 + i).padStart(2, '0')}-1${writer}T22:00:00.000Z`, event_type_id: null });
            statuses.push(res.status);
            if (res.status !== 201) expectApiError(res, 503, 'database_unavailable');
          }
        }),
      );
      writing = false;
      await killer;
      expect(statuses).toHaveLength(80);
      const created = statuses.filter((status) => status === 201).length;
      // The pool notices a connection ended while idle when it next uses it: the reads answer again once it has.
      await expect.poll(async () => (await agent.get('/api/events?from=2028-01-01&to=2028-12-31')).status).toBe(200);
      await agent.post('/api/events').send({ datetime: '2028-12-25T22:00:00.000Z', event_type_id: null }).expect(201);
      const stored = await agent.get('/api/events?from=2028-01-01&to=2028-12-31').expect(200);
      // A 503 whose commit had reached the server before its connection ended may be stored too.
      expect(stored.body.length).toBeGreaterThanOrEqual(created + 1);
    } finally {
      await busy.close();
    }
  });

  it('answers 503 database_unavailable as JSON while the database is unreachable, and recovers after', async () => {
    relay.cut();
    const during = await request(app).get('/api/events?date=2026-11-22');
    expectApiError(during, 503, 'database_unavailable');
    expect(during.headers['retry-after']).toBe('5');
    relay.restore();
    const after = await request(app).get('/api/events?date=2026-11-22');
    expect(after.status).toBe(200);
  });
});
