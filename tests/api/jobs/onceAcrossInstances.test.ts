import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/openDatabase.ts';
import { migrationProvider } from '../../../server/db/migrations/index.ts';
import { claimJobRun } from '../../../server/jobs/claimJobRun.ts';
import type { DailyJob } from '../../../server/jobs/runDailyJobs.ts';
import { startDailyScheduler, type DailyScheduler } from '../../../server/jobs/startDailyScheduler.ts';
import { queueDueReminders } from '../../../server/notifications/reminderScheduler.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { createEvent, HOUR, insertAllocation, shift } from '../../support/escalasFixtures.ts';
import { sharedDatabase, type SharedDatabase } from '../../support/sharedDatabase.ts';
import { silentLogger } from '../../support/testConfig.ts';
import { hasPostgres, TEST_DATABASE_URL, testDatabases } from '../../support/testDatabases.ts';

const TIME_ZONE = 'America/Sao_Paulo';
const kinds = testDatabases.map(({ name }) => ({ name }));

/** Three API instances' connections (pools) to one database. */
async function threeInstances(shared: SharedDatabase): Promise<Database[]> {
  return Promise.all([shared.connect(), shared.connect(), shared.connect()]);
}

describe.each(kinds)('jobs that run once across three instances on one $name database (docs/product.md §3)', ({ name }) => {
  let shared: SharedDatabase | undefined;
  let schedulers: DailyScheduler[] = [];
  afterEach(async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    schedulers = [];
    await shared?.dispose();
    shared = undefined;
  });

  it('claimJobRun: of three instances claiming one period at once, exactly one gets it; another period is free', async () => {
    shared = await sharedDatabase(name);
    const instances = await threeInstances(shared);
    const now = new Date('2027-03-10T06:00:00.000Z');
    for (let round = 0; round < 5; round += 1) {
      const claims = await Promise.all(instances.map((instance) => claimJobRun(instance.db, 'retention', `2027-03-1${round}`, now)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    expect(await claimJobRun(instances[0]!.db, 'retention', '2027-03-10', now)).toBe(false);
    expect(await claimJobRun(instances[1]!.db, 'other', '2027-03-10', now)).toBe(true);
  });

  it('the daily scheduler runs a day’s job once across instances, again the next day (APP_TIMEZONE), and again after a failed run', async () => {
    shared = await sharedDatabase(name);
    const instances = await threeInstances(shared);
    const clock = { now: new Date('2027-03-10T12:00:00.000Z') };
    const days: string[] = [];
    let failNext = false;
    const job: DailyJob = {
      name: 'counting',
      async run(_db, { day }) {
        if (failNext) {
          failNext = false;
          throw new Error('o banco caiu no meio');
        }
        days.push(day);
        return {};
      },
    };
    // Checks only when told (a real instance checks every DAILY_CHECK_MS) — and once at start.
    schedulers = instances.map((instance) => startDailyScheduler({ db: instance.db, jobs: [job], timeZone: TIME_ZONE, logger: silentLogger, now: () => clock.now, checkMs: 3_600_000 }));
    const checkAll = () => Promise.all(schedulers.map((scheduler) => scheduler.check()));

    await checkAll();
    await checkAll();
    expect(days).toEqual(['2027-03-10']);

    // 23:59 in São Paulo is 02:59 UTC of the next day: still the 10th.
    clock.now = new Date('2027-03-11T02:59:00.000Z');
    await checkAll();
    expect(days).toEqual(['2027-03-10']);
    clock.now = new Date('2027-03-11T03:00:00.000Z');
    await checkAll();
    expect(days).toEqual(['2027-03-10', '2027-03-11']);

    clock.now = new Date('2027-03-12T09:00:00.000Z');
    failNext = true;
    await schedulers[0]!.check();
    expect(days).toEqual(['2027-03-10', '2027-03-11']);
    await checkAll();
    expect(days).toEqual(['2027-03-10', '2027-03-11', '2027-03-12']);
    const runs = await instances[0]!.db.selectFrom('job_runs').select(['period', 'finished_at']).orderBy('period').execute();
    expect(runs.map((run) => run.period)).toEqual(['2027-03-10', '2027-03-11', '2027-03-12']);
    expect(runs.every((run) => run.finished_at !== null)).toBe(true);

    // Stopped: no more runs.
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    clock.now = new Date('2027-03-13T09:00:00.000Z');
    await checkAll();
    expect(days).toHaveLength(3);
  });
});

// Several instances share PostgreSQL (docs/product.md §3); three pools on one SQLite file in one process would only
// measure better-sqlite3's blocking busy wait.
describe.runIf(hasPostgres)('the reminder scan of three instances on one PostgreSQL database (docs/product.md §7)', () => {
  let shared: SharedDatabase | undefined;
  afterEach(async () => {
    await shared?.dispose();
    shared = undefined;
  });

  it('three reminder scans at once (one per instance) queue each reminder once', async () => {
    shared = await sharedDatabase('postgres');
    const instances = await threeInstances(shared);
    const first = instances[0]!;
    const now = '2030-01-06T12:00:00.000Z';
    const members = await Promise.all(Array.from({ length: 12 }, (_, i) => createTestUser(first, { name: `Pessoa ${i}` })));
    // Each member serves on three days: in 2 h (due at 48 h and at 3 h), in 20 h and in 40 h (due at 48 h only).
    const events = await Promise.all([2, 20, 40].map((hours) => createEvent(first, shift(now, hours * HOUR))));
    for (const member of members) {
      for (const eventId of events) await insertAllocation(first, { eventId, memberId: member.id, at: shift(now, -72 * HOUR) });
    }

    const queued = await Promise.all(instances.map((instance) => queueDueReminders(instance.db, { now: new Date(now), hours: [48, 3], timeZone: TIME_ZONE })));
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(members.length * 4);

    const messages = await first.db.selectFrom('outbox').select(['id', 'recipient_id']).where('kind', '=', 'reminder').execute();
    const links = await first.db.selectFrom('outbox_allocations').select(['outbox_id', 'allocation_id', 'reminder_hours']).execute();
    expect(messages).toHaveLength(members.length * 4);
    expect(links).toHaveLength(members.length * 4);
    expect(new Set(links.map((link) => link.outbox_id))).toEqual(new Set(messages.map((message) => message.id)));
    for (const member of members) expect(messages.filter((message) => message.recipient_id === member.id)).toHaveLength(4);

    // A second round finds nothing left to queue.
    expect(await Promise.all(instances.map((instance) => queueDueReminders(instance.db, { now: new Date(now), hours: [48, 3], timeZone: TIME_ZONE })))).toEqual([0, 0, 0]);
  });
});

describe.runIf(hasPostgres)('migrations started by three instances at once on PostgreSQL', () => {
  const schema = `t_migrate_${randomBytes(6).toString('hex')}`;
  const opened: Database[] = [];
  const admin = async <T>(run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    await admin((client) => client.query(`drop schema if exists ${schema} cascade`));
  });

  it('run once: every instance opens the migrated schema, each migration is logged once, its rows are there once', async () => {
    await admin((client) => client.query(`create schema ${schema}`));
    opened.push(...(await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 2 })))));
    const migrations = Object.keys(await migrationProvider.getMigrations()).sort();
    const logged = await admin((client) => client.query<{ name: string }>(`select name from ${schema}.kysely_migration order by name`));
    expect(logged.rows.map((row) => row.name)).toEqual(migrations);
    const installation = await admin((client) => client.query(`select id from ${schema}.installation`));
    expect(installation.rows).toHaveLength(1);
    const departments = await admin((client) => client.query<{ name: string }>(`select name from ${schema}.departments`));
    const names = departments.rows.map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    // Each instance works on it.
    for (const database of opened) expect(await database.db.selectFrom('job_runs').select('job').execute()).toEqual([]);
  });
});
