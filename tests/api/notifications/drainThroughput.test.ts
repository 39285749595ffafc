import { afterEach, describe, expect, it } from 'vitest';
import { SMTP_CONNECTIONS } from '../../../server/notifications/mailer.ts';
import { startOutboxWorker } from '../../../server/notifications/outboxWorker.ts';
import { enqueueMessage } from '../../../server/outbox/outboxQueries.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { outboxRows, smtpEnv } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { silentLogger } from '../../support/testConfig.ts';

/**
 * The drain rate is bound by the mail server's answer time (issue 26): a worker keeps SMTP_CONNECTIONS messages on
 * SMTP_CONNECTIONS pooled connections at once, each connection carrying one message after another. What is
 * measured here is that shape, not a rate (the benchmark measures the rate: `BENCH_SECTIONS=drain npm run bench`).
 */
const NOW = '2030-03-01T12:00:00.000Z';
const MESSAGES = SMTP_CONNECTIONS * 3;

describe.each(testDatabases)('the outbox drain on $name', ({ open }) => {
  let t: ApiTestApp | undefined;
  let sink: SmtpSink | undefined;
  let release: () => void = () => {};
  afterEach(async () => {
    release();
    await sink?.close();
    await t?.database.dispose();
  });

  it(`keeps ${SMTP_CONNECTIONS} messages on ${SMTP_CONNECTIONS} pooled SMTP connections at once, several per connection, none twice`, async () => {
    // The sink holds every message until as many as the worker will send at once have arrived together.
    const gate = new Promise<void>((resolve) => (release = resolve));
    let onTheWire = 0;
    let most = 0;
    sink = await startSmtpSink({
      async inspect() {
        onTheWire += 1;
        most = Math.max(most, onTheWire);
        await gate;
        onTheWire -= 1;
      },
    });
    t = await apiTestApp(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    t.clock.set(NOW);
    const database = t.database;
    for (let i = 0; i < MESSAGES; i++) {
      const user = await createTestUser(database);
      await enqueueMessage(database.db, {
        kind: 'event_cancelled',
        key: `drain:${i}`,
        recipientId: user.id,
        payload: { service: { datetime: '2030-03-08T12:00:00.000Z', type: 'Culto', department: 'Louvor' } },
        now: new Date(NOW),
      });
    }
    const clock = t.clock;
    const worker = startOutboxWorker({ database, config: t.config, logger: silentLogger, now: () => clock.now, leaseClock: () => clock.now, pollMs: 25 });
    try {
      try {
        await expect.poll(() => onTheWire, { timeout: 10_000, interval: 20 }).toBe(SMTP_CONNECTIONS);
        // Claimed in one go for the free slots, not one by one nor fifty at a time.
        expect((await outboxRows(database)).filter((row) => row.lease_id !== null)).toHaveLength(SMTP_CONNECTIONS);
      } finally {
        release();
      }
      await expect.poll(async () => (await outboxRows(database)).filter((row) => row.status === 'sent').length, { timeout: 15_000, interval: 20 }).toBe(MESSAGES);
    } finally {
      await worker.stop();
    }
    expect(most).toBe(SMTP_CONNECTIONS);
    const recipients = sink.received.map((mail) => mail.to[0]);
    expect(new Set(recipients).size).toBe(MESSAGES);
    expect(recipients).toHaveLength(MESSAGES);
    const perConnection = new Map<string, number>();
    for (const mail of sink.received) perConnection.set(mail.connection, (perConnection.get(mail.connection) ?? 0) + 1);
    expect(perConnection.size).toBe(SMTP_CONNECTIONS);
    expect(Math.max(...perConnection.values())).toBeGreaterThan(1);
  });
});
