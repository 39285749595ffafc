import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/openDatabase.ts';
import type { Mailer, OutgoingMail } from '../../../server/notifications/mailer.ts';
import { LEASE_MS, startOutboxWorker, type OutboxWorker } from '../../../server/notifications/outboxWorker.ts';
import { claimDueMessages, enqueueMessage, openClaimSession, recordAndClaim, renewLeases, type ClaimOptions } from '../../../server/outbox/outboxQueries.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { outboxRows, smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { freshPostgres, hasPostgres, TEST_DATABASE_URL, testDatabases } from '../../support/testDatabases.ts';
import { silentLogger } from '../../support/testConfig.ts';

/**
 * Claims end with the worker that made them, not with the lease's clock (docs/product.md §7): every test here
 * holds the lease clock still, so a message the old claim still held would never go out.
 */
const NOW = '2030-03-01T12:00:00.000Z';
const POLL = { timeout: 10_000, interval: 20 };

async function queueNotices(database: Database, count: number, tag: string): Promise<Array<{ id: number; email: string }>> {
  const queued: Array<{ id: number; email: string }> = [];
  for (let i = 0; i < count; i++) {
    const user = await createTestUser(database);
    const id = await enqueueMessage(database.db, {
      kind: 'event_cancelled',
      key: `claims:${tag}:${i}:${user.id}`,
      recipientId: user.id,
      payload: { service: { datetime: '2030-03-08T12:00:00.000Z', type: 'Culto', department: 'Louvor' } },
      now: new Date(NOW),
    });
    queued.push({ id: id!, email: user.email });
  }
  return queued;
}

/** A transport whose server takes the message and never answers: what a worker holds when it stops or dies. */
function silentMailer(): Mailer & { handed: OutgoingMail[] } {
  const handed: OutgoingMail[] = [];
  return { destination: 'nowhere', handed, send: (mail) => (handed.push(mail), new Promise<void>(() => {})), close() {} };
}

const claimRows = async (database: Database) =>
  (await outboxRows(database)).map((row) => ({ id: row.id, status: row.status, claimed: row.lease_id !== null, attempts: row.attempts }));

describe.each(testDatabases)('outbox claims on $name', ({ open }) => {
  let t: ApiTestApp | undefined;
  let sink: SmtpSink | undefined;
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await sink?.close();
    await t?.database.dispose();
    sink = undefined;
    t = undefined;
  });

  const begin = async (options: Parameters<typeof startSmtpSink>[0] = {}) => {
    sink = await startSmtpSink(options);
    t = await apiTestApp(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    t.clock.set(NOW);
    return { t, sink };
  };
  const harness = async (app: ApiTestApp, smtp: SmtpSink): Promise<OutboxHarness> => {
    const outbox = await startOutbox(app, smtp);
    stops.push(() => outbox.stop());
    return outbox;
  };

  it('a worker claims only as many messages as it has free slots, and a graceful stop gives back what it had not finished: another worker sends it at once', async () => {
    const { t, sink } = await begin();
    const queued = await queueNotices(t.database, 3, 'stop');
    const mailer = silentMailer();
    const stopping: OutboxWorker = startOutboxWorker({
      database: t.database,
      config: t.config,
      logger: silentLogger,
      mailer,
      now: () => t.clock.now,
      leaseClock: () => t.clock.now,
      pollMs: 25,
      concurrency: 2,
      stopGraceMs: 50,
    });
    stops.push(() => stopping.stop());
    await expect.poll(() => mailer.handed.length, POLL).toBe(2);
    // Two slots, two claims: the third message is nobody's.
    expect((await claimRows(t.database)).filter((row) => row.claimed)).toHaveLength(2);

    await stopping.stop();
    // The two on the wire keep their try (they may have arrived); nothing is claimed any more.
    expect(await claimRows(t.database)).toEqual(
      queued.map(({ id }) => ({ id, status: 'queued', claimed: false, attempts: mailer.handed.some((mail) => mail.outboxId === id) ? 1 : 0 })),
    );

    await harness(t, sink);
    await expect.poll(async () => (await outboxRows(t.database)).map((row) => row.status), POLL).toEqual(['sent', 'sent', 'sent']);
    for (const { email } of queued) expect(sink.to(email)).toHaveLength(1);
  });

  it("a worker that vanished without stopping (its session gone) leaves its claims to the next worker at once, without waiting for the lease", async () => {
    const { t, sink } = await begin();
    const [mine, theirs] = await queueNotices(t.database, 2, 'vanished');
    // A worker of this process claims a message, and is gone: what a process restarted with the same pid leaves.
    const gone = await openClaimSession(t.database.db);
    const [claimed] = await claimDueMessages(t.database.db, { now: new Date(NOW), limit: 1, leaseMs: LEASE_MS, leaseId: gone.leaseId, leaseClock: new Date(NOW) });
    expect(claimed?.id).toBe(mine!.id);
    await gone.close();
    if (t.database.dialect === 'sqlite') {
      // And one claimed by a process of this machine that has ended.
      const ended = spawnSync(process.execPath, ['-e', '']).pid;
      const leaseId = gone.leaseId.replace(/\.\d+\.(\d+)$/, `.${ended}.$1`);
      const [other] = await claimDueMessages(t.database.db, { now: new Date(NOW), limit: 1, leaseMs: LEASE_MS, leaseId, leaseClock: new Date(NOW), takeAbandoned: false });
      expect(other?.id).toBe(theirs!.id);
    }

    await harness(t, sink);
    await expect.poll(() => sink.received.length, POLL).toBe(2);
    expect(sink.to(mine!.email)).toHaveLength(1);
    expect(sink.to(theirs!.email)).toHaveLength(1);
  });

  it("leases run on the database's clock, not the worker's, and a renewal extends them", async () => {
    const { t } = await begin();
    await queueNotices(t.database, 1, 'clock');
    const session = await openClaimSession(t.database.db);
    stops.push(() => session.close());
    // The worker's clock says 2030; the lease is counted from the database's now.
    const [claimed] = await claimDueMessages(t.database.db, { now: new Date(NOW), limit: 1, leaseMs: LEASE_MS, leaseId: session.leaseId });
    const leaseUntil = async () => Date.parse((await outboxRows(t.database))[0]!.lease_until!);
    const first = await leaseUntil();
    expect(Math.abs(first - (Date.now() + LEASE_MS))).toBeLessThan(LEASE_MS / 2);
    await renewLeases(t.database.db, [claimed!], { leaseMs: 10 * LEASE_MS });
    expect(await leaseUntil()).toBeGreaterThan(first + 5 * LEASE_MS);
  });

  it('records each outcome as soon as the server took the message, before the next goes out: a crash loses at most the record of the one on the wire', async () => {
    const seen: Array<{ to: string; sentBefore: string[]; claimed: number }> = [];
    const { t } = await begin({
      async inspect(mail) {
        const rows = await outboxRows(t.database);
        seen.push({ to: mail.to[0]!, sentBefore: rows.filter((row) => row.status === 'sent').map((row) => String(row.id)), claimed: rows.filter((row) => row.lease_id !== null).length });
      },
    });
    const queued = await queueNotices(t.database, 5, 'record');
    const worker = startOutboxWorker({ database: t.database, config: t.config, logger: silentLogger, now: () => t.clock.now, leaseClock: () => t.clock.now, pollMs: 25, concurrency: 1 });
    stops.push(() => worker.stop());
    await expect.poll(async () => (await outboxRows(t.database)).filter((row) => row.status === 'sent').length, POLL).toBe(5);

    const order = seen.map((entry) => queued.find((message) => message.email === entry.to)!.id);
    expect(new Set(order).size).toBe(5);
    // When message N+1 reached the server, messages 1..N were recorded as sent, and only N+1 was claimed.
    expect(seen.map((entry) => ({ sentBefore: entry.sentBefore, claimed: entry.claimed }))).toEqual(
      order.map((_, index) => ({ sentBefore: order.slice(0, index).map(String).sort(), claimed: 1 })),
    );
  });
});

describe.runIf(hasPostgres)('outbox claims across PostgreSQL sessions', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("a worker whose database session ended (its advisory lock gone) loses its claims to another instance's worker at once", async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const t = await apiTestApp(() => freshPostgres(4), { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    cleanups.push(() => t.database.dispose());
    t.clock.set(NOW);
    // A second instance: its own pool on the same schema.
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db)).rows[0]!.schema;
    const other = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 4 });
    cleanups.push(() => other.close());
    const queued = await queueNotices(t.database, 3, 'session');

    const mailer = silentMailer();
    const doomed = startOutboxWorker({ database: other, config: t.config, logger: silentLogger, mailer, now: () => t.clock.now, leaseClock: () => t.clock.now, pollMs: 25, concurrency: 3, stopGraceMs: 0 });
    cleanups.push(() => doomed.stop());
    await expect.poll(() => mailer.handed.length, POLL).toBe(3);
    const leases = new Set((await outboxRows(t.database)).map((row) => row.lease_id));
    expect(leases.size).toBe(1);
    const key = Number([...leases][0]!.split('.').at(-1));

    // Its lock's session ends, as when its process is killed or its connection is cut.
    const ended = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_locks
      where locktype = 'advisory' and classid = 6000026 and objid = ${key} and objsubid = 2 and granted`.execute(t.database.db);
    expect(ended.rows).toEqual([{ ended: true }]);

    const outbox = await startOutbox(t, sink);
    cleanups.push(() => outbox.stop());
    await expect.poll(() => sink.received.length, POLL).toBe(3);
    for (const { email } of queued) expect(sink.to(email)).toHaveLength(1);
    await expect.poll(async () => (await outboxRows(t.database)).map((row) => row.status), POLL).toEqual(['sent', 'sent', 'sent']);
  });

  it("a turn checks its session's lock in the statement that claims: once the lock is gone it claims nothing, says so, and still stores its outcomes", async () => {
    const t = await apiTestApp(() => freshPostgres(4), { REMINDER_HOURS: 'off' });
    cleanups.push(() => t.database.dispose());
    const queued = await queueNotices(t.database, 3, 'lock');
    const session = await openClaimSession(t.database.db);
    cleanups.push(() => session.close());
    const claim = (limit: number, takeAbandoned: boolean): ClaimOptions => ({
      now: new Date(NOW),
      limit,
      leaseMs: LEASE_MS,
      leaseId: session.leaseId,
      leaseClock: new Date(NOW),
      takeAbandoned,
      lock: session.lock,
    });
    const first = await recordAndClaim(t.database.db, { outcomes: [], now: new Date(NOW), claim: claim(1, false) });
    expect(first.claimed.map((message) => message.id)).toEqual([queued[0]!.id]);
    expect(first.sessionLost).toBe(false);

    // The session's connection ends, and its lock with it.
    const backend = session.lock!.backend;
    await sql`select pg_terminate_backend(${backend})`.execute(t.database.db);
    await expect.poll(async () => (await sql`select 1 from pg_stat_activity where pid = ${backend}`.execute(t.database.db)).rows.length, POLL).toBe(0);

    // One statement (no abandoned claims looked for) and the transaction (looked for): neither claims.
    const sent = await recordAndClaim(t.database.db, { outcomes: [{ message: first.claimed[0]!, outcome: { status: 'sent' } }], now: new Date(NOW), claim: claim(2, false) });
    expect(sent).toEqual({ lost: [], claimed: [], sessionLost: true });
    expect(await recordAndClaim(t.database.db, { outcomes: [], now: new Date(NOW), claim: claim(2, true) })).toEqual({ lost: [], claimed: [], sessionLost: true });
    expect((await outboxRows(t.database)).map((row) => ({ status: row.status, claimed: row.lease_id !== null }))).toEqual([
      { status: 'sent', claimed: false },
      { status: 'queued', claimed: false },
      { status: 'queued', claimed: false },
    ]);
  });
});
