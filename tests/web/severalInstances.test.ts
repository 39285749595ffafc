import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SMTP_CONNECTIONS } from '../../server/notifications/mailer.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { createTestUser } from '../support/authAgent.ts';
import { createEvent, departmentId, HOUR, insertAllocation } from '../support/escalasFixtures.ts';
import { fakeClientDir } from '../support/fakeClient.ts';
import { API_READY, freePort, startListening, stopAll, type MainProcess } from '../support/processes.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtpSink.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';
import { freshPostgres, hasPostgres, TEST_DATABASE_URL, type TestDatabase } from '../support/testDatabases.ts';

/** 20 events × 50 members: 1,000 invitations, each a message. */
const EVENTS = 20;
const MEMBERS = 50;
const INVITATIONS = EVENTS * MEMBERS;
/** Members whose service starts about three hours after the instances do: reminded at 48 h at once, at 3 h during the run. */
const REMINDED = 10;
/** Requests the client keeps in flight through the web host. */
const CLIENTS = 8;

const client = fakeClientDir();
let database: TestDatabase | undefined;
let sink: SmtpSink | undefined;
let web: RunningServer | undefined;
afterEach(async () => {
  await stopAll('SIGKILL');
  web?.server.closeAllConnections();
  await web?.close();
  await sink?.close();
  await database?.dispose();
});
afterAll(() => client.dispose());

const messageIdOf = (mail: ReceivedMail) => /^Message-ID:\s*(<[^>\s]+>)/im.exec(mail.raw)?.[1] ?? '';

/** One JSON request through the web host on a kept-alive connection; a connection cut by a dying API is status 0. */
function send(port: number, agent: http.Agent, method: string, path: string, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; json: unknown; cookie: string | undefined }>((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => resolve({ status: 0, json: undefined, cookie: undefined }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, json: undefined, cookie: undefined }));
    req.end(payload);
  });
}

describe.runIf(hasPostgres)('three API instances on one PostgreSQL behind one web host (README, Várias instâncias)', { timeout: 240_000 }, () => {
  it('delivers 1,000 invitations made across them while one is killed and one restarted: each once, but at most the ones on the wire of the killed one twice; due reminders once', async () => {
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    sink = await startSmtpSink();
    database = await freshPostgres(2);
    const db = database;
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.db)).rows[0]!.schema;
    const databaseUrl = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

    // The network: an admin, the members to invite, their events (days apart: no clashes), and the reminded ones,
    // allocated three days ago at an event starting in three hours and a few seconds.
    const admin = await createTestUser(db, { role: 'admin', name: 'Ada Admin', email: 'ada@igreja.test' });
    const louvor = await departmentId(db, 'Louvor');
    const members: Array<Awaited<ReturnType<typeof createTestUser>>> = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createTestUser(db, { name: `Membro ${i + 1}`, email: `membro-${i + 1}@igreja.test` }));
    const soon = new Date(Date.now() + 3 * HOUR + 8_000).toISOString();
    const reminderEvent = await createEvent(db, soon);
    for (let i = 0; i < REMINDED; i++) {
      const member = await createTestUser(db, { name: `Lembrado ${i + 1}`, email: `lembrado-${i + 1}@igreja.test` });
      await insertAllocation(db, { eventId: reminderEvent, memberId: member.id, at: new Date(Date.now() - 72 * HOUR).toISOString() });
    }
    const events = [];
    for (let i = 0; i < EVENTS; i++) events.push(await createEvent(db, new Date(Date.now() + (10 + i) * 24 * HOUR).toISOString()));

    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const env = (port: number) => ({
      API_PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      SMTP_URL: sink!.url,
      PUBLIC_URL: 'https://portal.igreja.test',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
    });
    const startApi = (port: number) => startListening(['--only=api'], env(port), [API_READY]);
    const apis: MainProcess[] = await Promise.all(ports.map(startApi));
    web = await listen(
      createWebApp({
        config: testConfig({ EVENTS_API_URL: ports.map((port) => `http://127.0.0.1:${port}`).join(',') }),
        logger: silentLogger,
        clientDir: client.dir,
      }),
      0,
      '127.0.0.1',
    );
    console.log(`instances up: ${elapsed()}`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const login = await send(web.port, agent, 'POST', '/api/auth/login', { email: admin.email, password: admin.password });
    expect(login.status).toBe(200);
    const cookie = login.cookie!;

    // Every invitation once, through whichever instance the host picks, tried again when the answer was lost (502,
    // a connection cut by the dying instance): a try that had allocated makes the next one 409 already_allocated,
    // since a member has one place per event.
    const places = events.flatMap((eventId) => members.map((member) => ({ eventId, memberId: member.id })));
    let nextPlace = 0;
    let made = 0;
    let retries = 0;
    const unexpected: string[] = [];
    const worker = async () => {
      for (let index = nextPlace++; index < places.length; index = nextPlace++) {
        const { eventId, memberId } = places[index]!;
        for (;;) {
          const res = await send(web!.port, agent, 'POST', `/api/events/${eventId}/allocations`, { department: louvor, member: memberId }, { Cookie: cookie });
          const code = (res.json as { error?: { code?: string } } | undefined)?.error?.code;
          // 409 already_allocated: a try whose answer was lost had allocated it.
          if (res.status === 201 || code === 'already_allocated') break;
          if (res.status === 0 || res.status === 502 || res.status === 503 || res.status === 504) {
            retries += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          unexpected.push(`${res.status} ${JSON.stringify(res.json)}`);
          break;
        }
        made += 1;
      }
    };

    // The disruptions, when a quarter and half of the invitations are made: a crash, then a rolling restart.
    const disruptions = (async () => {
      await expect.poll(() => made, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(INVITATIONS / 4);
      apis[0]!.child.kill('SIGKILL');
      const killedAt = sink!.received.length;
      const killedTime = performance.now();
      console.log(`SIGKILL of instance 1 at ${made} invitations, ${killedAt} messages: ${elapsed()}`);
      // The drain goes on: the others take what the dead one had claimed (its session ended) and what comes next.
      await expect.poll(() => sink!.received.length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(killedAt);
      console.log(`next message delivered ${(performance.now() - killedTime).toFixed(0)} ms after the SIGKILL`);
      expect((await apis[0]!.exited).signal).toBe('SIGKILL');
      await expect.poll(() => made, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(INVITATIONS / 2);
      const stopping = performance.now();
      expect(await apis[1]!.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      console.log(`SIGTERM of instance 2 at ${made} invitations: stopped in ${(performance.now() - stopping).toFixed(0)} ms, ${elapsed()}`);
      apis[1] = await startApi(ports[1]!);
      console.log(`instance 2 back at ${made} invitations: ${elapsed()}`);
    })();
    await Promise.all([...Array.from({ length: CLIENTS }, worker), disruptions]);
    agent.destroy();
    console.log(`1,000 invitations made (${retries} retries): ${elapsed()}`);
    expect(unexpected).toEqual([]);
    expect(Number((await db.db.selectFrom('allocations').select((eb) => eb.fn.countAll().as('n')).where('event_id', 'in', events).executeTakeFirstOrThrow()).n)).toBe(INVITATIONS);

    // Every message: the invitations and both reminders (48 h at once, 3 h during the run) of each reminded member.
    const expected = INVITATIONS + 2 * REMINDED;
    const distinct = () => new Set(sink!.received.map(messageIdOf)).size;
    await expect.poll(distinct, { timeout: 60_000, interval: 100 }).toBe(expected);
    console.log(`all ${expected} messages delivered: ${elapsed()}`);

    const copies = new Map<string, number>();
    for (const mail of sink.received) copies.set(messageIdOf(mail), (copies.get(messageIdOf(mail)) ?? 0) + 1);
    const twice = [...copies.values()].filter((count) => count > 1);
    console.log(`delivered twice: ${twice.length} (of ${sink.received.length} deliveries)`);
    // The crash may send again what was on its wire (one message per send slot, docs/product.md §7); the SIGTERM nothing.
    expect(twice.every((count) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    for (const member of members) expect(new Set(sink.to(member.email).map(messageIdOf)).size, member.email).toBe(EVENTS);
    for (let i = 0; i < REMINDED; i++) expect(new Set(sink.to(`lembrado-${i + 1}@igreja.test`).map(messageIdOf)).size).toBe(2);

    // The outbox agrees: everything sent, nothing left queued or claimed.
    await expect
      .poll(async () => db.db.selectFrom('outbox').select(['status', (eb) => eb.fn.countAll().as('n')]).groupBy('status').execute(), { timeout: 30_000 })
      .toEqual([{ status: 'sent', n: expected }]);
    await Promise.all(apis.slice(1).map((api) => api.stop('SIGTERM')));
  });
});
