import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/openDatabase.ts';
import { LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS, startOutboxWorker } from '../../../server/notifications/outboxWorker.ts';
import { claimDueMessages, enqueueMessage } from '../../../server/outbox/outboxQueries.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser, signedInAgent, uniqueEmail } from '../../support/authAgent.ts';
import { outboxRows, settled, smtpEnv, startOutbox, statusOf, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type DataVerdict, type SmtpSink } from '../../support/smtpSink.ts';
import { freshSqlite, testDatabases } from '../../support/testDatabases.ts';

/** Messages go out within a second or so; a loaded machine gets more time. */
const POLL = { timeout: 10_000 };

const NOW = '2030-03-01T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

/** A message the outbox can carry without an escala: the notice of a cancelled service a week ahead. */
async function queueNotice(database: Database, recipientId: number, key: string, now = new Date(NOW)) {
  return enqueueMessage(database.db, {
    kind: 'event_cancelled',
    key,
    recipientId,
    payload: { service: { datetime: at(7 * 24 * 3600_000), type: 'Culto', department: 'Louvor' } },
    now,
  });
}

describe.each(testDatabases)('the outbox on $name', ({ open }) => {
  /** Addresses the sink refuses: with a 4xx for the first `n` tries, or always with a 5xx. */
  const refuseFirst = new Map<string, number>();
  const neverAccept = new Set<string>();
  let sink: SmtpSink;
  let t: ApiTestApp;
  let outbox: OutboxHarness;

  beforeAll(async () => {
    sink = await startSmtpSink({
      verdict: (mail, attempt): DataVerdict => {
        const to = mail.to[0]!;
        if (neverAccept.has(to)) return { accept: false, code: 550, message: 'Mailbox unavailable' };
        if (attempt <= (refuseFirst.get(to) ?? 0)) return { accept: false, code: 451, message: 'Try again later' };
        return { accept: true };
      },
    });
    t = await apiTestApp(open, smtpEnv(sink));
    t.clock.set(NOW);
    outbox = await startOutbox(t, sink);
  });
  afterEach(() => t.clock.set(NOW));
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await t?.database.dispose();
  });

  it('queues one message per cause: the same key a second time queues nothing', async () => {
    const user = await createTestUser(t.database);
    const first = await queueNotice(t.database, user.id, `test:${user.id}:once`);
    const again = await queueNotice(t.database, user.id, `test:${user.id}:once`);
    expect(first).toBeTypeOf('number');
    expect(again).toBeUndefined();
    await settled(t.database, () => t.clock.now);
    expect(sink.to(user.email)).toHaveLength(1);
    const parsed = await sink.parse(sink.to(user.email)[0]!);
    expect(parsed.subject).toBe('Cancelado: Culto — sexta-feira, 8 de março de 2030 às 09:00');
    expect(parsed.from?.value).toEqual([{ address: 'escalas@igreja.test', name: 'Koinonia' }]);
  });

  it('retries a message the server refuses with 4xx, and delivers it exactly once: first retry within a minute', async () => {
    const user = await createTestUser(t.database);
    refuseFirst.set(user.email, 2);
    const id = (await queueNotice(t.database, user.id, `test:${user.id}:4xx`))!;

    await expect.poll(() => sink.attempts.get(user.email) ?? 0, POLL).toBe(1);
    await settled(t.database, () => t.clock.now);
    const afterFirst = await t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(afterFirst.status).toBe('queued');
    expect(afterFirst.attempts).toBe(1);
    expect(afterFirst.last_error).toMatch(/451/);
    expect(Date.parse(afterFirst.due_at) - Date.parse(NOW)).toBeLessThanOrEqual(60_000);

    // Not before its time...
    outbox.at(at(RETRY_DELAYS_MS[0]! - 1000));
    await settled(t.database, () => t.clock.now);
    expect(sink.attempts.get(user.email)).toBe(1);
    // ...then the second try (refused again), and the third, which the server accepts.
    outbox.at(at(RETRY_DELAYS_MS[0]!));
    await expect.poll(() => sink.attempts.get(user.email), POLL).toBe(2);
    await settled(t.database, () => t.clock.now);
    outbox.at(at(RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]!));
    await expect.poll(() => statusOf(t.database, id), POLL).toBe('sent');

    outbox.at(at(24 * 3600_000));
    await settled(t.database, () => t.clock.now);
    expect(sink.to(user.email)).toHaveLength(1);
    expect(sink.attempts.get(user.email)).toBe(3);
  });

  it('gives a never-deliverable message up as failed after its tries (over at least ten minutes), while the others go out at once', async () => {
    const bad = await createTestUser(t.database, { email: uniqueEmail('bounce') });
    neverAccept.add(bad.email);
    const badId = (await queueNotice(t.database, bad.id, `test:${bad.id}:bad`))!;
    const good = await Promise.all([0, 1, 2].map(() => createTestUser(t.database)));
    for (const user of good) await queueNotice(t.database, user.id, `test:${user.id}:good`);

    await settled(t.database, () => t.clock.now);
    for (const user of good) expect(sink.to(user.email)).toHaveLength(1);
    expect(await statusOf(t.database, badId)).toBe('queued');

    const dueTimes: number[] = [];
    let clock = Date.parse(NOW);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const row = await t.database.db.selectFrom('outbox').select(['due_at', 'attempts', 'status']).where('id', '=', badId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: attempt, status: 'queued' });
      dueTimes.push(Date.parse(row.due_at));
      clock = Date.parse(row.due_at);
      outbox.at(new Date(clock));
      await expect.poll(() => sink.attempts.get(bad.email), POLL).toBe(attempt + 1);
      await settled(t.database, () => t.clock.now);
    }
    expect(await statusOf(t.database, badId)).toBe('failed');
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(5);
    expect(dueTimes[0]! - Date.parse(NOW)).toBeLessThanOrEqual(60_000);
    expect(clock - Date.parse(NOW)).toBeGreaterThanOrEqual(10 * 60_000);
    // Given up: no more tries, ever.
    outbox.at(at(7 * 24 * 3600_000 - 60_000));
    await settled(t.database, () => t.clock.now);
    expect(sink.attempts.get(bad.email)).toBe(MAX_ATTEMPTS);
    expect(sink.to(bad.email)).toEqual([]);
  });

  it('records a message to a member who turned e-mail off as opted_out, and sends it nothing', async () => {
    const { agent, user } = await signedInAgent(t.app, t.database);
    await agent.patch('/api/me/preferences').send({ email_notifications: false }).expect(200);
    const id = (await queueNotice(t.database, user.id, `test:${user.id}:opted`))!;
    await expect.poll(() => statusOf(t.database, id), POLL).toBe('opted_out');
    expect(sink.to(user.email)).toEqual([]);
  });

  it('leaves a message claimed by a worker that died alone until the claim runs out, then sends it', async () => {
    const user = await createTestUser(t.database);
    const witness = await createTestUser(t.database);
    await outbox.worker.stop();
    try {
      const id = (await queueNotice(t.database, user.id, `test:${user.id}:lease`))!;
      // A worker claims it and dies before sending.
      const [claimed] = await claimDueMessages(t.database.db, { now: new Date(NOW), limit: 1, leaseMs: LEASE_MS, leaseId: 'dead-worker', leaseClock: new Date(NOW) });
      expect(claimed?.id).toBe(id);
    } finally {
      outbox = await startOutbox(t, sink);
    }
    // A message queued after it goes out: the worker has looked, and left the claimed one alone.
    await queueNotice(t.database, witness.id, `test:${witness.id}:witness`);
    await expect.poll(() => sink.to(witness.email).length, POLL).toBe(1);
    expect(sink.to(user.email)).toEqual([]);
    outbox.at(at(LEASE_MS - 1000));
    await queueNotice(t.database, witness.id, `test:${witness.id}:witness-2`, new Date(at(LEASE_MS - 1000)));
    await expect.poll(() => sink.to(witness.email).length, POLL).toBe(2);
    expect(sink.to(user.email)).toEqual([]);
    outbox.at(at(LEASE_MS));
    await expect.poll(() => sink.to(user.email).length, POLL).toBe(1);
  });
});

describe('without SMTP_URL (the embedded default)', () => {
  it('writes each message as an RFC 5322 .eml file under DATA_DIR/outbox/, and a log line says where', async () => {
    const database = await freshSqlite();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-eml-'));
    const t = await apiTestApp(async () => database, { DATA_DIR: dataDir });
    t.clock.set(NOW);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const worker = startOutboxWorker({ database, config: t.config, logger, now: () => t.clock.now, pollMs: 25 });
    try {
      const user = await createTestUser(database, { name: 'Ana Paula' });
      const id = (await queueNotice(database, user.id, 'test:eml'))!;
      await expect.poll(() => statusOf(database, id), POLL).toBe('sent');
      const folder = path.join(dataDir, 'outbox');
      const files = fs.readdirSync(folder);
      expect(files).toEqual([`${String(id).padStart(6, '0')}-event_cancelled.eml`]);
      const raw = fs.readFileSync(path.join(folder, files[0]!), 'utf8');
      expect(raw).toMatch(/\r\n\r\n/);
      const parsed = await simpleParser(raw);
      expect(parsed.to).toMatchObject({ value: [{ address: user.email, name: 'Ana Paula' }] });
      expect(parsed.messageId).toMatch(new RegExp(`^<outbox-${id}\\.[0-9a-f]{12}\\.[0-9a-f]{12}@localhost>$`));
      expect(parsed.text).toContain('Olá, Ana!');
      const where = lines.map((line) => JSON.parse(line) as { msg: string; file?: string }).filter((line) => line.file);
      expect(where).toHaveLength(1);
      expect(where[0]!.msg).toContain(path.join(folder, files[0]!));
    } finally {
      await worker.stop();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('writes no .eml file when SMTP_URL is set', async () => {
    const sink = await startSmtpSink();
    const database = await freshSqlite();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-eml-'));
    const t = await apiTestApp(async () => database, { DATA_DIR: dataDir, ...smtpEnv(sink) });
    t.clock.set(NOW);
    const outbox = await startOutbox(t, sink);
    try {
      const user = await createTestUser(database);
      await queueNotice(database, user.id, 'test:smtp-only');
      await expect.poll(() => sink.to(user.email).length, POLL).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
      expect((await outboxRows(database)).map((row) => row.status)).toEqual(['sent']);
    } finally {
      await outbox.stop();
      await sink.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
