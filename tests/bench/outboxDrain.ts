/**
 * Section 7, "Reminders drained" (issue 14): N allocations whose 3-hour reminder is due, in a fresh database; the
 * API bundle starts with SMTP_URL pointing at an SMTP server in this process (the `smtp-server` package) and its
 * outbox worker queues and sends the reminders. Reported: messages per second from the API being ready to the
 * last message accepted, and duplicates (must be 0) and missing ones. SQLite with one API process; PostgreSQL
 * with two API processes on one database (their workers share the queue).
 *
 * Section "drain" (issue 26, item 5): the same against an SMTP server that answers each message 50 ms after it
 * arrives, as a real relay does: one API process (goal ≥ 200 messages/s) and three on one PostgreSQL (SQLite: one
 * process), with the duplicates (goal 0).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Database as OpenDatabase } from '../../server/db/openDatabase.ts';
import { databaseUrl } from './generateData.ts';
import { freePort, onCleanup, serverEnv, spawnServer, tempDir, type ServerProcess } from './processes.ts';
import { figure, type Figure, type SectionResult } from './report.ts';
import { SERVER_LOG_LEVEL, TIME_ZONE } from './settings.ts';

const MAIN = 'dist/server/main.js';
const HOUR = 3_600_000;

interface CountingSink {
  url: string;
  /** Recipient → messages accepted for it. */
  received: Map<string, number>;
  total(): number;
  /** When the last message was accepted (performance.now()). */
  lastAt: number;
  close(): Promise<void>;
}

/** An SMTP server counting what it accepts; `answerAfterMs`: how long it takes to answer each message. */
async function countingSink(answerAfterMs = 0): Promise<CountingSink> {
  const received = new Map<string, number>();
  let total = 0;
  const sink: CountingSink = {
    url: '',
    received,
    total: () => total,
    lastAt: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const accept = () => {
          for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
          total += 1;
          sink.lastAt = performance.now();
          callback(null, 'Queued');
        };
        if (answerAfterMs > 0) setTimeout(accept, answerAfterMs);
        else accept();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

/** N members, each allocated (pending, long ago) at one of N/100 events starting in 3 hours less a minute: every 3-hour reminder is due. */
async function writeDueReminders(database: OpenDatabase, count: number, now: Date): Promise<void> {
  const { db } = database;
  const longAgo = new Date(now.getTime() - 24 * HOUR).toISOString();
  const start = new Date(now.getTime() + 3 * HOUR - 60_000);
  await db.transaction().execute(async (trx) => {
    // The migrations create the usual departments.
    const department = await trx.selectFrom('departments').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const events = await trx
      .insertInto('events')
      .values(Array.from({ length: Math.ceil(count / 100) }, (_, i) => ({ datetime: new Date(start.getTime() + i * 1000).toISOString(), event_type_id: null })))
      .returning('id')
      .execute();
    for (let offset = 0; offset < count; offset += 1000) {
      const size = Math.min(1000, count - offset);
      const users = await trx
        .insertInto('users')
        .values(Array.from({ length: size }, (_, i) => ({ name: `Pessoa ${offset + i}`, email: `pessoa-${offset + i}@bench.test`, password_hash: 'x', created_at: longAgo })))
        .returning('id')
        .execute();
      await trx
        .insertInto('allocations')
        .values(
          users.map((user, i) => ({
            event_id: events[Math.floor((offset + i) / 100)]!.id,
            department_id: department.id,
            member_id: user.id,
            allocated_by: null,
            created_at: longAgo,
          })),
        )
        .execute();
    }
  });
}

interface DrainResult {
  figures: Figure[];
  failures: string[];
}

async function drain(
  label: string,
  count: number,
  env: Record<string, string>,
  instances: number,
  logDir: string,
  options: { answerAfterMs?: number; target?: number } = {},
): Promise<DrainResult> {
  const sink = await countingSink(options.answerAfterMs);
  const servers: ServerProcess[] = [];
  try {
    const started = performance.now();
    const ready: number[] = [];
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      const server = await spawnServer({
        name: `reminders-${label}-${i + 1}`,
        args: [MAIN, '--only=api'],
        env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), ...env, API_PORT: String(port), SMTP_URL: sink.url, MAIL_FROM: 'Koinonia <escalas@bench.test>', REMINDER_HOURS: '3', DEMO_DATA: 'false' },
        readyUrls: [`http://127.0.0.1:${port}/api/auth/me`],
        logDir,
      });
      servers.push(server);
      ready.push(performance.now());
    }
    const firstReady = Math.min(...ready);
    const deadline = Date.now() + Math.max(120_000, count * 50);
    let lastTotal = -1;
    let idleSince = Date.now();
    // Until every member got one, or nothing arrived for 15 s (then the figures show what is missing).
    while (sink.received.size < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (sink.total() !== lastTotal) {
        lastTotal = sink.total();
        idleSince = Date.now();
      } else if (Date.now() - idleSince > 15_000) break;
    }
    // A few more seconds in which a duplicate would show up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const seconds = (sink.lastAt - firstReady) / 1000;
    const unique = sink.received.size;
    const duplicates = sink.total() - unique;
    const missing = count - unique;
    const failures: string[] = [];
    if (duplicates > 0) failures.push(`${label}: ${duplicates} reminders delivered twice`);
    if (missing > 0) failures.push(`${label}: ${missing} of ${count} reminders never arrived`);
    return {
      figures: [
        figure(
          `${label}: ${count.toLocaleString('en-US')} due reminders, messages per second`,
          unique / Math.max(seconds, 0.001),
          'msg/s',
          options.target === undefined ? undefined : { op: '>=', value: options.target },
          `${seconds.toFixed(1)} s from API ready to the last message; start-up ${((firstReady - started) / 1000).toFixed(1)} s`,
        ),
        figure(`${label}: duplicates`, duplicates, '', { op: '<=', value: 0 }),
        figure(`${label}: missing`, missing, '', { op: '<=', value: 0 }),
      ],
      failures,
    };
  } finally {
    for (const server of servers) await server.stop();
    await sink.close();
  }
}

/** A database of its own with `count` due reminders (dropped at the end of the run); its URL. */
async function postgresWithDueReminders(pgUrl: string, count: number, now: Date): Promise<string> {
  const name = `koinonia_bench_reminders_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`).finally(() => admin.end());
  onCleanup(async () => {
    const cleanup = new pg.Client({ connectionString: pgUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
  });
  const url = databaseUrl(pgUrl, name);
  const postgres = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await writeDueReminders(postgres, count, now);
  } finally {
    await postgres.close();
  }
  return url;
}

async function sqliteWithDueReminders(count: number, now: Date): Promise<string> {
  const dataDir = tempDir('reminders-sqlite');
  const sqlite = await openDatabase({ dataDir });
  try {
    await writeDueReminders(sqlite, count, now);
  } finally {
    await sqlite.close();
  }
  return dataDir;
}

/** The SMTP server's answer time of the drain section: a relay's, not a loopback sink's. */
const SLOW_SMTP_MS = 50;
/** What one instance must send per second against it (issue 26). */
const DRAIN_TARGET = 200;

export async function runDrainSection(options: { count: number; pgUrl: string; usePostgres: boolean; logDir: string }): Promise<SectionResult> {
  const result: SectionResult = { id: 'drain', title: `7b. Outbox drain against a ${SLOW_SMTP_MS} ms SMTP server`, requests: 0, figures: [], failures: [] };
  const now = new Date();
  const runs: Array<{ label: string; env: () => Promise<Record<string, string>>; instances: number; target?: number }> = options.usePostgres
    ? [
        { label: `PostgreSQL, 1 API process, ${SLOW_SMTP_MS} ms SMTP`, env: async () => ({ DATABASE_URL: await postgresWithDueReminders(options.pgUrl, options.count, now) }), instances: 1, target: DRAIN_TARGET },
        { label: `PostgreSQL, 3 API processes, ${SLOW_SMTP_MS} ms SMTP`, env: async () => ({ DATABASE_URL: await postgresWithDueReminders(options.pgUrl, options.count, now) }), instances: 3, target: DRAIN_TARGET },
      ]
    : [];
  runs.unshift({ label: `SQLite, 1 API process, ${SLOW_SMTP_MS} ms SMTP`, env: async () => ({ DATA_DIR: await sqliteWithDueReminders(options.count, now) }), instances: 1, target: DRAIN_TARGET });
  for (const run of runs) {
    const drained = await drain(run.label, options.count, await run.env(), run.instances, options.logDir, { answerAfterMs: SLOW_SMTP_MS, target: run.target });
    result.figures.push(...drained.figures);
    result.failures.push(...drained.failures);
    result.requests += options.count;
  }
  return result;
}

export async function runOutboxSection(options: { count: number; pgUrl: string; usePostgres: boolean; logDir: string }): Promise<SectionResult> {
  const result: SectionResult = { id: 'reminders', title: '7. Reminders drained', requests: 0, figures: [], failures: [] };
  const now = new Date();

  const dataDir = await sqliteWithDueReminders(options.count, now);
  const onSqlite = await drain('SQLite, 1 API process', options.count, { DATA_DIR: dataDir }, 1, options.logDir);
  result.figures.push(...onSqlite.figures);
  result.failures.push(...onSqlite.failures);

  if (options.usePostgres) {
    const url = await postgresWithDueReminders(options.pgUrl, options.count, now);
    const onPostgres = await drain('PostgreSQL, 2 API processes', options.count, { DATABASE_URL: url }, 2, options.logDir);
    result.figures.push(...onPostgres.figures);
    result.failures.push(...onPostgres.failures);
  }
  // Each message is an SMTP transaction, not an HTTP request: counted so the section is not "made no requests".
  result.requests = options.count * (options.usePostgres ? 2 : 1);
  return result;
}
