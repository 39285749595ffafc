import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyJobs } from '../../../server/api/dailyJobs.ts';
import { runDailyJobs } from '../../../server/jobs/runDailyJobs.ts';
import { addDays } from '../../../shared/dayKey.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { departmentId } from '../../support/escalasFixtures.ts';
import { testConfig } from '../../support/testConfig.ts';
import { testDatabases, type TestDatabase } from '../../support/testDatabases.ts';
import { capturingLogger } from '../hardening/logCapture.ts';

/** The day the job runs on (America/Sao_Paulo, UTC−3), and its clock: 03:00 there. */
const TODAY = '2027-03-10';
const at = (day: string, time = '03:00') => new Date(`${day}T${time}:00-03:00`).toISOString();
const config = testConfig();

/** docs/product.md §11: a join request's note and reason are erased RETENTION_DAYS after it was decided; a pending one keeps its note. */
describe.each(testDatabases)('join request retention on $name', ({ open }) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('erases the note and reason of requests decided more than 365 days ago, and nothing else', async () => {
    const member = await createTestUser(database, { name: 'Ana Antiga' });
    const church = await database.db.insertInto('churches').values({ name: 'Sede', name_key: 'sede', city: null, created_at: at('2020-01-01') }).returning('id').executeTakeFirstOrThrow();
    const departments = await Promise.all(['Louvor', 'Infantil', 'Mídia'].map((name) => departmentId(database, name)));
    const plant = async (department: number, status: 'pending' | 'approved' | 'declined', decidedDaysAgo: number | null) =>
      (
        await database.db
          .insertInto('join_requests')
          .values({
            user_id: member.id,
            church_id: church.id,
            department_id: department,
            note: 'Meu recado',
            status,
            reason: status === 'declined' ? 'O motivo' : null,
            decided_at: decidedDaysAgo === null ? null : at(addDays(TODAY, -decidedDaysAgo)),
            created_at: at('2025-01-01'),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const old = await plant(departments[0]!, 'declined', 366);
    const recent = await plant(departments[1]!, 'approved', 364);
    const waiting = await plant(departments[2]!, 'pending', null);

    const { logger, lines } = capturingLogger();
    await runDailyJobs(database.db, dailyJobs(config), { now: new Date(at(TODAY)), timeZone: config.timeZone, logger });
    const rows = await database.db.selectFrom('join_requests').select(['id', 'note', 'reason', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: old, note: null, reason: null, status: 'declined' },
      { id: recent, note: 'Meu recado', reason: null, status: 'approved' },
      { id: waiting, note: 'Meu recado', reason: null, status: 'pending' },
    ]);
    expect(lines[0]).toMatchObject({ job: 'retention', joinRequestNotes: 1 });
  });
});
