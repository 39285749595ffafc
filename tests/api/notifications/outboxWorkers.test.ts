import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/openDatabase.ts';
import { startOutboxWorker, type OutboxWorker } from '../../../server/notifications/outboxWorker.ts';
import { createMailer, type Mailer } from '../../../server/notifications/mailer.ts';
import { enqueueMessage } from '../../../server/outbox/outboxQueries.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { hasPostgres, TEST_DATABASE_URL } from '../../support/testDatabases.ts';
import { silentLogger, testConfig } from '../../support/testConfig.ts';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const MESSAGES = 500;

/** Two handles on one database, as two API instances have: on PostgreSQL two pools on one schema, on SQLite two connections to one file. */
interface SharedDatabase {
  instances: [Database, Database];
  dispose(): Promise<void>;
}

async function twoPostgresInstances(): Promise<SharedDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const first = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 6 });
  const second = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 6 });
  return {
    instances: [first, second],
    async dispose() {
      await first.close();
      await second.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

async function twoSqliteInstances(): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-workers-'));
  const first = await openDatabase({ dataDir });
  const second = await openDatabase({ dataDir });
  return {
    instances: [first, second],
    async dispose() {
      await first.close();
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const setups = [{ name: 'sqlite', open: twoSqliteInstances }, ...(hasPostgres ? [{ name: 'postgres', open: twoPostgresInstances }] : [])];

describe.each(setups)('two workers on one $name database', { timeout: 120_000 }, ({ open }) => {
  let shared: SharedDatabase | undefined;
  let sink: SmtpSink | undefined;
  const workers: OutboxWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await sink?.close();
    await shared?.dispose();
  });

  it(`deliver ${MESSAGES} due messages, each exactly once, both taking part`, async () => {
    shared = await open();
    sink = await startSmtpSink();
    const [one, two] = shared.instances;
    const config = testConfig({ SMTP_URL: sink.url, REMINDER_HOURS: 'off' });

    const users = await one.db
      .insertInto('users')
      .values(Array.from({ length: MESSAGES }, (_, i) => ({ name: `Pessoa ${i}`, email: `pessoa-${i}@workers.test`, password_hash: 'x', created_at: NOW.toISOString() })))
      .returning('id')
      .execute();
    await one.db.transaction().execute(async (trx) => {
      for (const [i, user] of users.entries()) {
        await enqueueMessage(trx, {
          kind: 'event_cancelled',
          key: `workers:${i}`,
          recipientId: user.id,
          payload: { service: { datetime: '2030-03-08T12:00:00.000Z', type: 'Culto', department: 'Louvor' } },
          now: NOW,
        });
      }
    });

    // Each instance's transport, counting what it sent.
    const sentBy = [0, 0];
    const start = (database: Database, index: number) => {
      const transport = createMailer(config, silentLogger);
      const mailer: Mailer = {
        destination: transport.destination,
        async send(mail) {
          await transport.send(mail);
          sentBy[index]! += 1;
        },
        close: () => transport.close(),
      };
      workers.push(startOutboxWorker({ database, config, logger: silentLogger, mailer, now: () => NOW, pollMs: 20, concurrency: 8 }));
    };
    start(one, 0);
    start(two, 1);

    await expect.poll(() => sink!.received.length, { timeout: 90_000, interval: 50 }).toBeGreaterThanOrEqual(MESSAGES);
    await Promise.all(workers.map((worker) => worker.settle()));

    const recipients = sink.received.map((mail) => mail.to[0]);
    expect(recipients).toHaveLength(MESSAGES);
    expect(new Set(recipients).size).toBe(MESSAGES);
    const statuses = await one.db.selectFrom('outbox').select(['status', 'attempts', 'lease_id']).execute();
    expect(statuses.every((row) => row.status === 'sent' && row.attempts === 1 && row.lease_id === null)).toBe(true);
    expect(sentBy[0]! + sentBy[1]!).toBe(MESSAGES);
    expect(Math.min(...sentBy), `sent by each: ${sentBy.join(' + ')}`).toBeGreaterThan(0);
  });
});
