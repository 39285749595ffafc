import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { openDatabase, type Database } from '../../../server/db/openDatabase.ts';
import { signedInAgent, type Agent } from '../../support/authAgent.ts';
import { freshPostgres, freshSqlite, hasPostgres, type TestDatabase } from '../../support/testDatabases.ts';
import { testConfig } from '../../support/testConfig.ts';
import { capturingLogger, type CapturedLine } from './logCapture.ts';

const START = new Date('2026-11-22T12:00:00.000Z');
/** Later than the minute after which a session's last_seen_at is written again. */
const LATER = new Date(START.getTime() + 5 * 60_000);

/** A database that refuses every write from now on, and how to undo it (one connection: SQLite's, a pool of one). */
interface RefusingDatabase {
  name: string;
  open: () => Promise<TestDatabase>;
  refuseWrites: (database: Database) => Promise<void>;
  allowWrites: (database: Database) => Promise<void>;
}

const databases: RefusingDatabase[] = [
  {
    name: 'sqlite',
    open: freshSqlite,
    refuseWrites: async ({ db }) => void (await sql`pragma query_only = 1`.execute(db)),
    allowWrites: async ({ db }) => void (await sql`pragma query_only = 0`.execute(db)),
  },
  ...(hasPostgres
    ? [
        {
          name: 'postgres',
          open: () => freshPostgres(1),
          refuseWrites: async ({ db }: Database) => void (await sql`set session characteristics as transaction read only`.execute(db)),
          allowWrites: async ({ db }: Database) => void (await sql`set session characteristics as transaction read write`.execute(db)),
        },
      ]
    : []),
];

describe.each(databases)('when only the session last-seen write fails, on $name (issue 12, item 9)', ({ open, refuseWrites, allowWrites }) => {
  let database: TestDatabase;
  let agent: Agent;
  const clock = { now: START };
  const log = capturingLogger('warn');

  beforeAll(async () => {
    database = await open();
    const app = createApiApp({ database, config: testConfig(), logger: log.logger, now: () => clock.now });
    ({ agent } = await signedInAgent(app, database));
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('signed-in reads keep working, and the log says why the write failed', async () => {
    clock.now = LATER;
    await refuseWrites(database);
    try {
      const me = await agent.get('/api/auth/me');
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body.user).not.toBeNull();
      expect((await agent.get('/api/me/events')).status).toBe(200);
    } finally {
      await allowWrites(database);
    }
    const warning = log.lines.find((line) => /last-seen/.test(line.msg ?? ''));
    expect(warning?.err?.message).toMatch(/readonly|read-only/i);
    // Once writes work again, the session is still there and is touched as usual.
    expect((await agent.get('/api/auth/me')).body.user).not.toBeNull();
    const [row] = await database.db.selectFrom('sessions').select('last_seen_at').execute();
    expect(row?.last_seen_at).toBe(LATER.toISOString());
  });
});

describe('a transaction SQLite rolled back itself (issue 12, item 9)', () => {
  let database: TestDatabase;
  let agent: Agent;
  const log = capturingLogger('error');

  beforeAll(async () => {
    database = await freshSqlite();
    const app = createApiApp({ database, config: testConfig(), logger: log.logger, now: () => START });
    ({ agent } = await signedInAgent(app, database));
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('is logged with its own cause, not "cannot rollback - no transaction is active"', async () => {
    // A full disk makes SQLite end the whole transaction itself; RAISE(ROLLBACK) does exactly that, anywhere.
    await sql`create temp trigger simulated_full_disk before insert on calendar_tokens begin select raise(rollback, 'database or disk is full (simulated)'); end`.execute(
      database.db,
    );
    try {
      const res = await agent.post('/api/me/calendar-token');
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger simulated_full_disk`.execute(database.db);
    }
    const logged = log.lines.find((line) => line.msg === 'unexpected error');
    expect(logged?.err?.message).toBe('database or disk is full (simulated)');
    expect(JSON.stringify(log.lines)).not.toContain('cannot rollback');
    // The connection is usable afterwards: the next write goes through.
    expect((await agent.post('/api/me/calendar-token')).status).toBe(201);
  });
});

/** Whether this process may mount a small tmpfs (root in a container that allows it); a real full disk needs one. */
function tmpfsMount(size: string): { dir: string; unmount: () => void } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = tmpfsMount('2m');

describe.runIf(disk)('a really full disk under the SQLite file (a 2 MB tmpfs; root only) (issue 12, item 9)', () => {
  let database: Database;
  let app: ReturnType<typeof createApiApp>;
  let agent: Agent;
  const clock = { now: START };
  const log = capturingLogger('warn');

  beforeAll(async () => {
    database = await openDatabase({ dataDir: disk!.dir });
    app = createApiApp({ database, config: testConfig(), logger: log.logger, now: () => clock.now });
    ({ agent } = await signedInAgent(app, database));
    // Fill the disk: the write stops at ENOSPC.
    try {
      fs.writeFileSync(path.join(disk!.dir, 'filler'), Buffer.alloc(8 * 1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
  });
  afterAll(async () => {
    await database?.close();
    disk!.unmount();
  });

  it('reads keep working, writes fail with the real cause in the log', async () => {
    clock.now = LATER;
    const me = await agent.get('/api/auth/me');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.user).not.toBeNull();
    expect((await request(app).get('/api/events')).status).toBe(200);

    const write = await agent.post('/api/me/calendar-token');
    expect(write.status).toBe(500);
    const messages = log.lines.map((line: CapturedLine) => line.err?.message ?? '');
    expect(messages.filter((message) => /database or disk is full/.test(message)).length).toBeGreaterThanOrEqual(2);
    expect(messages.join('\n')).not.toContain('cannot rollback');
  });
});
