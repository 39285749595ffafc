import { afterEach, describe, expect, it } from 'vitest';
import { dailyJobs } from '../../../server/api/dailyJobs.ts';
import type { Database } from '../../../server/db/openDatabase.ts';
import { runDailyJobs } from '../../../server/jobs/runDailyJobs.ts';
import { enqueueMessage } from '../../../server/outbox/outboxQueries.ts';
import { addDays } from '../../../shared/dayKey.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { createEvent, insertAllocation } from '../../support/escalasFixtures.ts';
import { sharedDatabase, type SharedDatabase } from '../../support/sharedDatabase.ts';
import { testConfig } from '../../support/testConfig.ts';
import { testDatabases, type TestDatabase } from '../../support/testDatabases.ts';
import { capturingLogger } from '../hardening/logCapture.ts';

/** The day the job runs on (America/Sao_Paulo, UTC−3), and its clock: 03:00 there. */
const TODAY = '2027-03-10';
const at = (day: string, time = '03:00') => new Date(`${day}T${time}:00-03:00`);
const REASON = 'Tratamento de saúde (quimioterapia) nesse dia';
const NOTE = 'Cirurgia: repouso';
const config = testConfig();

interface Planted {
  allocation: number;
  blockout: number;
  message: number;
}

/**
 * One of each kind of personal data `daysAgo` days before TODAY: a declined allocation with its reason at an event
 * of that day (19:30), a blockout ending that day with a note, and a sent decline notice queued that day.
 */
async function plant(database: Database, memberId: number, daysAgo: number): Promise<Planted> {
  const day = addDays(TODAY, -daysAgo);
  const eventId = await createEvent(database, at(day, '19:30').toISOString());
  const allocation = await insertAllocation(database, { eventId, memberId, at: at(addDays(day, -7)).toISOString() });
  await database.db.updateTable('allocations').set({ status: 'declined', reason: REASON, responded_at: at(addDays(day, -6)).toISOString() }).where('id', '=', allocation).execute();
  const blockout = await database.db
    .insertInto('blockouts')
    .values({ member_id: memberId, first_day: addDays(day, -2), last_day: day, note: NOTE, created_at: at(addDays(day, -10)).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = await enqueueMessage(database.db, {
    kind: 'declined',
    key: `declined:${allocation}`,
    recipientId: memberId,
    payload: { allocation_id: allocation, reason: REASON },
    now: at(day, '10:00'),
    allocationIds: [allocation],
  });
  await database.db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: at(day, '10:01').toISOString(), attempts: 2, last_error: '550 <maria@igreja.test> caixa cheia' })
    .where('id', '=', message!)
    .execute();
  return { allocation, blockout: blockout.id, message: message! };
}

async function stateOf(database: Database, planted: Planted) {
  const allocation = await database.db.selectFrom('allocations').select(['status', 'reason', 'responded_at', 'member_id', 'event_id']).where('id', '=', planted.allocation).executeTakeFirstOrThrow();
  const blockout = await database.db.selectFrom('blockouts').select(['first_day', 'last_day', 'note', 'member_id']).where('id', '=', planted.blockout).executeTakeFirstOrThrow();
  const message = await database.db
    .selectFrom('outbox')
    .select(['kind', 'recipient_id', 'status', 'dedupe_key', 'attempts', 'sent_at', 'created_at', 'payload', 'last_error'])
    .where('id', '=', planted.message)
    .executeTakeFirstOrThrow();
  const links = await database.db.selectFrom('outbox_allocations').select('allocation_id').where('outbox_id', '=', planted.message).execute();
  return {
    allocation: { ...allocation, responded_at: new Date(allocation.responded_at!).toISOString() },
    blockout,
    message: { ...message, sent_at: new Date(message.sent_at!).toISOString(), created_at: new Date(message.created_at).toISOString(), links: links.map((link) => link.allocation_id) },
  };
}

/** What the job leaves of a planted set: only the reason, the note and the message's payload and error go. */
function erased(before: Awaited<ReturnType<typeof stateOf>>) {
  return {
    allocation: { ...before.allocation, reason: null },
    blockout: { ...before.blockout, note: null },
    message: { ...before.message, payload: '{}', last_error: null },
  };
}

describe.each(testDatabases)('retention (RETENTION_DAYS=365, docs/product.md §11) on $name', ({ open }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('erases reasons, notes and sent messages’ personal fields of day 366, keeps days 364 and 365, and logs one line of counts', async () => {
    database = await open();
    const member = await createTestUser(database, { name: 'Maria Membro', email: 'maria@igreja.test' });
    const old = await plant(database, member.id, 366);
    const edge = await plant(database, member.id, 365);
    const recent = await plant(database, member.id, 364);
    // A message still queued is not touched, however old: its payload is what it will say.
    const waiting = await enqueueMessage(database.db, { kind: 'declined', key: 'declined:waiting', recipientId: member.id, payload: { reason: REASON }, now: at(addDays(TODAY, -400)) });
    const before = { old: await stateOf(database, old), edge: await stateOf(database, edge), recent: await stateOf(database, recent) };
    expect(before.old.allocation.reason).toBe(REASON);

    const { logger, lines } = capturingLogger();
    const outcomes = await runDailyJobs(database.db, dailyJobs(config), { now: at(TODAY), timeZone: config.timeZone, logger });
    expect(Object.fromEntries(outcomes)).toEqual({ retention: 'ran' });

    expect(await stateOf(database, old)).toEqual(erased(before.old));
    expect(await stateOf(database, edge)).toEqual(before.edge);
    expect(await stateOf(database, recent)).toEqual(before.recent);
    const queued = await database.db.selectFrom('outbox').select(['status', 'payload']).where('id', '=', waiting!).executeTakeFirstOrThrow();
    expect(queued).toEqual({ status: 'queued', payload: JSON.stringify({ reason: REASON }) });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'tarefa diária concluída: retention', job: 'retention', period: TODAY, retentionDays: 365, before: addDays(TODAY, -365), declineReasons: 1, blockoutNotes: 1, messages: 1 });
    const logged = JSON.stringify(lines);
    for (const personal of [REASON, NOTE, 'maria@igreja.test', 'Maria']) expect(logged).not.toContain(personal);

    // Once a day: a later check of the same day finds it done.
    const again = capturingLogger();
    expect(Object.fromEntries(await runDailyJobs(database.db, dailyJobs(config), { now: at(TODAY, '23:59'), timeZone: config.timeZone, logger: again.logger }))).toEqual({ retention: 'taken' });
    expect(again.lines).toEqual([]);
    expect(await stateOf(database, edge)).toEqual(before.edge);

    // The next day, day 365 has become day 366.
    const tomorrow = capturingLogger();
    await runDailyJobs(database.db, dailyJobs(config), { now: at(addDays(TODAY, 1)), timeZone: config.timeZone, logger: tomorrow.logger });
    expect(await stateOf(database, edge)).toEqual(erased(before.edge));
    expect(await stateOf(database, recent)).toEqual(before.recent);
    expect(tomorrow.lines[0]).toMatchObject({ period: addDays(TODAY, 1), declineReasons: 1, blockoutNotes: 1, messages: 1 });
  });

  it('follows RETENTION_DAYS: with 30, day 31 is erased and day 29 kept', async () => {
    database = await open();
    const member = await createTestUser(database);
    const old = await plant(database, member.id, 31);
    const recent = await plant(database, member.id, 29);
    const before = { old: await stateOf(database, old), recent: await stateOf(database, recent) };
    const short = testConfig({ RETENTION_DAYS: '30' });
    await runDailyJobs(database.db, dailyJobs(short), { now: at(TODAY), timeZone: short.timeZone, logger: capturingLogger().logger });
    expect(await stateOf(database, old)).toEqual(erased(before.old));
    expect(await stateOf(database, recent)).toEqual(before.recent);
  });
});

describe.each(testDatabases.map(({ name }) => ({ name })))('retention tried by three instances on one $name database', ({ name }) => {
  let shared: SharedDatabase | undefined;
  afterEach(async () => {
    await shared?.dispose();
    shared = undefined;
  });

  it('runs once: one instance erases and logs, the other two find the day taken', async () => {
    shared = await sharedDatabase(name);
    const instances = await Promise.all([shared.connect(), shared.connect(), shared.connect()]);
    const first = instances[0]!;
    const member = await createTestUser(first);
    const old = [await plant(first, member.id, 366), await plant(first, member.id, 400)];
    const recent = await plant(first, member.id, 364);
    const before = await stateOf(first, recent);

    const loggers = instances.map(() => capturingLogger());
    const outcomes = await Promise.all(
      instances.map((instance, i) => runDailyJobs(instance.db, dailyJobs(config), { now: at(TODAY, `03:0${i}`), timeZone: config.timeZone, logger: loggers[i]!.logger })),
    );
    expect(outcomes.map((outcome) => outcome.get('retention')).sort()).toEqual(['ran', 'taken', 'taken']);
    const lines = loggers.flatMap((logger) => logger.lines);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ job: 'retention', period: TODAY, declineReasons: 2, blockoutNotes: 2, messages: 2 });
    for (const planted of old) expect((await stateOf(first, planted)).allocation.reason).toBeNull();
    expect(await stateOf(first, recent)).toEqual(before);
    const runs = await first.db.selectFrom('job_runs').select(['job', 'period', 'finished_at']).execute();
    expect(runs.map(({ job, period }) => ({ job, period }))).toEqual([{ job: 'retention', period: TODAY }]);
    expect(runs[0]!.finished_at).not.toBeNull();
  });
});
