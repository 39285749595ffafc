import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyJobs } from '../../../server/api/dailyJobs.ts';
import { runDailyJobs } from '../../../server/jobs/runDailyJobs.ts';
import { addDays } from '../../../shared/dayKey.ts';
import { uniqueEmail } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { capturingLogger } from '../hardening/logCapture.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const TODAY = '2031-03-10';
const at = (day: string, time = '03:00') => new Date(`${day}T${time}:00-03:00`);

/**
 * docs/product.md §11 and §13: the daily retention job erases e-mail invitations RETENTION_DAYS (365) after they were
 * accepted or cancelled, or after a pending one's link expired — they hold the name and address of someone who may
 * never have answered. Newer ones stay.
 */
describe.each(testDatabases)('invitations past retention on $name', ({ open }) => {
  let w: NetworkWorld;
  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(() => w.t.database.dispose());

  /**
   * An invitation (made through the API, then dated in the database) sent `daysAgo` days before TODAY, its link lasting
   * 30 days, and cancelled that day or left pending.
   */
  async function invite(daysAgo: number, cancel: boolean): Promise<number> {
    const path = `/api/teams/${w.churchA}/${w.louvor}/invitations`;
    const id = (await w.teamLeader.agent.post(path).send({ people: [{ name: 'Pessoa', email: uniqueEmail('ret') }], positions: [w.vocal] }).expect(201)).body[0].id as number;
    if (cancel) await w.teamLeader.agent.delete(`/api/invitations/${id}`).expect(204);
    const sent = at(addDays(TODAY, -daysAgo), '12:00');
    await w.t.database.db
      .updateTable('invitations')
      .set({
        created_at: sent.toISOString(),
        sent_at: sent.toISOString(),
        expires_at: new Date(sent.getTime() + 30 * 86_400_000).toISOString(),
        closed_at: cancel ? sent.toISOString() : null,
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('erases the cancelled of day 366 and the pending whose link expired then; keeps day 364 and the pending still within', async () => {
    const oldCancelled = await invite(366, true);
    const keptCancelled = await invite(364, true);
    const oldPending = await invite(366 + 30, false);
    const keptPending = await invite(364 + 30, false);
    const { logger, lines } = capturingLogger();
    const outcomes = await runDailyJobs(w.t.database.db, dailyJobs(w.t.config), { now: at(TODAY), timeZone: w.t.config.timeZone, logger });
    expect(Object.fromEntries(outcomes)).toEqual({ retention: 'ran' });
    const left = (await w.t.database.db.selectFrom('invitations').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(left).toEqual([keptCancelled, keptPending]);
    expect(left).not.toContain(oldCancelled);
    expect(left).not.toContain(oldPending);
    expect(await w.t.database.db.selectFrom('invitation_positions').select('invitation_id').where('invitation_id', 'in', [oldCancelled, oldPending]).execute()).toEqual([]);
    expect(lines[0]).toMatchObject({ job: 'retention', invitations: 2 });
  });
});
