import { expect } from 'vitest';
import type { Database } from '../../server/db/openDatabase.ts';
import type { OutboxStatus } from '../../server/db/schema.ts';
import { startOutboxWorker, type OutboxWorker } from '../../server/notifications/outboxWorker.ts';
import type { ApiTestApp } from './apiTestApp.ts';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from './smtpSink.ts';
import { silentLogger } from './testConfig.ts';

/** An SMTP sink, and the outbox worker of a test API sending to it on the API's clock. */
export interface OutboxHarness {
  sink: SmtpSink;
  worker: OutboxWorker;
  /** Moves the API's clock (and so the worker's) and wakes the worker. */
  at(instant: string | Date): void;
  /** Resolves once the worker has done everything due at the clock's time (see OutboxWorker.settle). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/** The env of an API whose mail goes to `sink`. */
export const smtpEnv = (sink: SmtpSink) => ({ SMTP_URL: sink.url, MAIL_FROM: 'Koinonia <escalas@igreja.test>', PUBLIC_URL: 'https://portal.igreja.test' });

export async function startOutbox(t: ApiTestApp, sink?: SmtpSink, options: SmtpSinkOptions = {}): Promise<OutboxHarness> {
  const smtp = sink ?? (await startSmtpSink(options));
  // Leases follow the API's clock too, so a test decides when one runs out.
  const worker = startOutboxWorker({ database: t.database, config: t.config, logger: silentLogger, now: () => t.clock.now, leaseClock: () => t.clock.now, pollMs: 25 });
  return {
    sink: smtp,
    worker,
    at(instant) {
      t.clock.set(instant);
      worker.wake();
    },
    settle: () => worker.settle(),
    async stop() {
      await worker.stop();
      if (!sink) await smtp.close();
    },
  };
}

export async function outboxRows(database: Database) {
  return database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

/** Waits until the outbox has no message left to try now (all done, or waiting for a later retry). */
export async function settled(database: Database, now: () => Date): Promise<void> {
  await expect
    .poll(
      async () => {
        const rows = await database.db.selectFrom('outbox').select(['status', 'due_at', 'lease_id']).execute();
        return rows.filter((row) => row.status === 'queued' && (row.lease_id !== null || Date.parse(row.due_at) <= now().getTime())).length;
      },
      { timeout: 15_000, interval: 20 },
    )
    .toBe(0);
}

export async function statusOf(database: Database, id: number): Promise<OutboxStatus> {
  return (await database.db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}
