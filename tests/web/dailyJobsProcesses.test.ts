import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { addDays, dayKeyOf } from '../../shared/dayKey.ts';
import { createTestUser } from '../support/authAgent.ts';
import { createEvent, insertAllocation } from '../support/escalasFixtures.ts';
import { API_READY, freePort, startListening, stopAll, type LogLine } from '../support/processes.ts';
import { sharedDatabase, type SharedDatabase } from '../support/sharedDatabase.ts';
import { hasPostgres } from '../support/testDatabases.ts';

const TIME_ZONE = 'America/Sao_Paulo';
const message = (prefix: string) => (line: LogLine) => String(line.msg ?? '').startsWith(prefix);

/**
 * The daily jobs as `npm run start:api` runs them (server/main.ts, docs/product.md §3): each API instance tries the
 * day's jobs when it starts, one runs the retention job (§11), the other finds it taken, and both stop on SIGTERM.
 */
describe.runIf(hasPostgres)('two API processes on one PostgreSQL database', { timeout: 120_000 }, () => {
  let shared: SharedDatabase | undefined;
  afterEach(() => stopAll('SIGKILL'));
  afterAll(async () => {
    await shared?.dispose();
  });

  it('run the day’s retention once at start (one logs it done, the other finds it taken), and stop on SIGTERM', async () => {
    shared = await sharedDatabase('postgres');
    const database = await shared.connect();
    const member = await createTestUser(database);
    const today = dayKeyOf(new Date(), TIME_ZONE);
    const eventId = await createEvent(database, new Date(`${addDays(today, -400)}T19:30:00-03:00`).toISOString());
    const allocation = await insertAllocation(database, { eventId, memberId: member.id, at: new Date(`${addDays(today, -410)}T12:00:00Z`).toISOString() });
    await database.db.updateTable('allocations').set({ status: 'declined', reason: 'Viagem' }).where('id', '=', allocation).execute();

    const env = { ...shared.env, LOG_LEVEL: 'debug', APP_TIMEZONE: TIME_ZONE, REMINDER_HOURS: 'off' };
    const apis = await Promise.all([0, 1].map(async () => startListening(['--only=api'], { ...env, API_PORT: String(await freePort()) }, [API_READY])));
    const outcomes = await Promise.all(
      apis.map((api) =>
        Promise.race([
          api.waitForLine(message('tarefa diária concluída: retention'), 'retention done', 60_000).then(() => 'ran'),
          api.waitForLine(message('tarefa diária já reservada: retention'), 'retention taken', 60_000).then(() => 'taken'),
        ]),
      ),
    );
    expect(outcomes.sort()).toEqual(['ran', 'taken']);
    const done = apis.flatMap((api) => api.lines.filter(message('tarefa diária concluída')));
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ job: 'retention', period: today, declineReasons: 1 });
    const row = await database.db.selectFrom('allocations').select(['status', 'reason']).where('id', '=', allocation).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'declined', reason: null });

    expect(await Promise.all(apis.map((api) => api.stop('SIGTERM')))).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  });
});
