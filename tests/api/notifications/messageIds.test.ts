import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import * as messageIdsMigration from '../../../server/db/migrations/012_message_ids.ts';
import { openDatabase, type Database } from '../../../server/db/openDatabase.ts';
import { RETRY_DELAYS_MS, startOutboxWorker } from '../../../server/notifications/outboxWorker.ts';
import { enqueueMessage } from '../../../server/outbox/outboxQueries.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { smtpEnv, startOutbox, statusOf } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases, type TestDatabase } from '../../support/testDatabases.ts';
import { silentLogger } from '../../support/testConfig.ts';

/** Message-IDs never repeat (docs/product.md §7): a random part per message and one per installation. */
const NOW = '2030-03-01T12:00:00.000Z';
const POLL = { timeout: 10_000, interval: 20 };
const MESSAGE_ID = /^<outbox-(\d+)\.([0-9a-f]{12})\.([0-9a-f]{12})@portal\.igreja\.test>$/;

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

async function queueNotice(database: Database, recipientId: number, key: string) {
  return enqueueMessage(database.db, {
    kind: 'event_cancelled',
    key,
    recipientId,
    payload: { service: { datetime: '2030-03-08T12:00:00.000Z', type: 'Culto', department: 'Louvor' } },
    now: new Date(NOW),
  });
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDatabases)('Message-IDs on $name', ({ open }) => {
  it("two fresh databases give their outbox row 1 different Message-IDs, and a message's retry keeps its own", async () => {
    // Every try the sink sees, refused or not, with its Message-ID; the first try to ana@ is refused (451).
    const tries: Array<{ to: string; messageId: string | undefined }> = [];
    const sink: SmtpSink = await startSmtpSink({
      verdict(mail, attempt) {
        tries.push({ to: mail.to[0]!, messageId: messageIdOf(mail.raw) });
        return mail.to[0]!.startsWith('ana-') && attempt === 1 ? { accept: false, code: 451, message: 'Try again later' } : { accept: true };
      },
    });
    cleanups.push(() => sink.close());
    const portals: ApiTestApp[] = [];
    for (const name of ['ana', 'bia']) {
      const t = await apiTestApp(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
      cleanups.push(() => t.database.dispose());
      t.clock.set(NOW);
      const user = await createTestUser(t.database, { email: `${name}-${Date.now()}@igreja.test` });
      expect(await queueNotice(t.database, user.id, `ids:${name}`)).toBe(1);
      const outbox = await startOutbox(t, sink);
      cleanups.push(() => outbox.stop());
      portals.push(t);
    }
    const [first, second] = portals as [ApiTestApp, ApiTestApp];
    await expect.poll(() => statusOf(second.database, 1), POLL).toBe('sent');
    await expect.poll(() => tries.filter((entry) => entry.to.startsWith('ana-')).length, POLL).toBe(1);
    // The retry, when it is due.
    first.clock.set(new Date(Date.parse(NOW) + RETRY_DELAYS_MS[0]!));
    await expect.poll(() => statusOf(first.database, 1), POLL).toBe('sent');

    const ana = tries.filter((entry) => entry.to.startsWith('ana-')).map((entry) => entry.messageId);
    const bia = tries.filter((entry) => entry.to.startsWith('bia-')).map((entry) => entry.messageId);
    expect(ana).toHaveLength(2);
    expect(bia).toHaveLength(1);
    expect(ana[1]).toBe(ana[0]);
    expect(bia[0]).not.toBe(ana[0]);
    const [, anaRow, anaMessage, anaInstallation] = MESSAGE_ID.exec(ana[0]!)!;
    const [, biaRow, biaMessage, biaInstallation] = MESSAGE_ID.exec(bia[0]!)!;
    expect([anaRow, biaRow]).toEqual(['1', '1']);
    expect(anaMessage).not.toBe(biaMessage);
    expect(anaInstallation).not.toBe(biaInstallation);
  });

  it('an upgrade gives the messages still queued a random part of their own (migration 012)', async () => {
    const database: TestDatabase = await open();
    cleanups.push(() => database.dispose());
    // Back to the schema before migration 012 (the tables stay; only the migration's own changes are undone), and
    // the migration run again as the upgrade runs it (later migrations stay as they are).
    await database.db.schema.dropTable('installation').execute();
    await database.db.schema.alterTable('outbox').dropColumn('message_token').execute();
    const users = await Promise.all([createTestUser(database), createTestUser(database)]);
    for (const [i, user] of users.entries()) {
      await sql`insert into outbox (kind, dedupe_key, recipient_id, payload, due_at, created_at) values ('event_cancelled', ${`old:${i}`}, ${user.id}, '{}', ${NOW}, ${NOW})`.execute(database.db);
    }
    await messageIdsMigration.up(database.db as unknown as Kysely<unknown>);
    const tokens = (await database.db.selectFrom('outbox').select('message_token').orderBy('id').execute()).map((row) => row.message_token);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{12}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect((await database.db.selectFrom('installation').select('token').execute()).map((row) => row.token)).toEqual([expect.stringMatching(/^[0-9a-f]{12}$/)]);
  });
});

describe('Message-IDs on SQLite after a restore', () => {
  it('the row 1 written after restoring a backup is not the row 1 sent before it', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const live = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-restore-'));
    const backup = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-backup-'));
    cleanups.push(async () => {
      fs.rmSync(live, { recursive: true, force: true });
      fs.rmSync(backup, { recursive: true, force: true });
    });
    const fresh = await openDatabase({ dataDir: live });
    await createTestUser(fresh, { email: 'ester@igreja.test' });
    await fresh.close();
    fs.cpSync(live, backup, { recursive: true });

    const ids: string[] = [];
    for (const dataDir of [live, backup]) {
      const database = await openDatabase({ dataDir });
      const t = await apiTestApp(async () => ({ ...database, dispose: () => database.close() }), { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
      t.clock.set(NOW);
      const user = await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      expect(await queueNotice(database, user.id, 'restore:1')).toBe(1);
      const outbox = await startOutbox(t, sink);
      await expect.poll(() => statusOf(database, 1), POLL).toBe('sent');
      await outbox.stop();
      await database.close();
      ids.push(messageIdOf(sink.received.at(-1)!.raw)!);
    }
    const [before, after] = ids.map((id) => MESSAGE_ID.exec(id)!) as [RegExpExecArray, RegExpExecArray];
    expect(after[3]).toBe(before[3]);
    expect(after[2]).not.toBe(before[2]);
  });
});

describe('the .eml folder at start (no SMTP_URL)', () => {
  it('deletes the half-written .eml.tmp files of a process that is gone, and keeps those of one that runs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-eml-tmp-'));
    const database = await openDatabase({ dataDir });
    cleanups.push(async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const folder = path.join(dataDir, 'outbox');
    fs.mkdirSync(folder);
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const stale = path.join(folder, `000007-invitation.eml.${gone}.tmp`);
    const running = path.join(folder, `000008-invitation.eml.${process.ppid}.tmp`);
    fs.writeFileSync(stale, 'From: metade');
    fs.writeFileSync(running, 'From: metade');

    const t = await apiTestApp(async () => ({ ...database, dispose: async () => {} }), { DATA_DIR: dataDir, REMINDER_HOURS: 'off' });
    t.clock.set(NOW);
    const worker = startOutboxWorker({ database, config: t.config, logger: silentLogger, now: () => t.clock.now, leaseClock: () => t.clock.now, pollMs: 25 });
    cleanups.push(() => worker.stop());
    const user = await createTestUser(database);
    const id = (await queueNotice(database, user.id, 'eml:tmp'))!;
    await expect.poll(() => statusOf(database, id), POLL).toBe('sent');
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(running)).toBe(true);
    expect(fs.readdirSync(folder).filter((name) => name.endsWith('.eml'))).toEqual([`${String(id).padStart(6, '0')}-event_cancelled.eml`]);
  });
});
