import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyJobs } from '../../../server/api/dailyJobs.ts';
import { runDailyJobs } from '../../../server/jobs/runDailyJobs.ts';
import type { SignedIn } from '../../support/authAgent.ts';
import { silentLogger } from '../../support/testConfig.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { coverWorld, type CoverWorld } from './coverWorld.ts';

/** docs/product.md §11 for cover notes: in the requester's export, erased with the account and after RETENTION_DAYS. */
describe.each(testDatabases)('cover notes and privacy on $name', ({ open }) => {
  let w: CoverWorld;
  let rita: SignedIn;

  beforeAll(async () => {
    w = await coverWorld(open);
    rita = await w.person('Rita Requer', [w.vocal]);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const notes = async () => (await w.t.database.db.selectFrom('cover_requests').select(['id', 'note']).where('requester_id', '=', rita.user.id).orderBy('id').execute()).map((row) => row.note);

  it('the export lists the requester’s requests with their notes', async () => {
    const allocation = await w.allocate(await w.event('2030-01-20T22:00:00.000Z'), rita);
    const request = (await rita.agent.post(`/api/allocations/${allocation}/cover`).send({ note: 'Plantão.' }).expect(201)).body as { id: number; created_at: string };
    const exported = (await rita.agent.get('/api/me/export').expect(200)).body as { cover_requests: unknown[] };
    expect(exported.cover_requests).toEqual([{ id: request.id, allocation_id: allocation, status: 'open', note: 'Plantão.', created_at: request.created_at, escalated_at: null, closed_at: null }]);
  });

  it('the retention job erases the notes of requests whose event is RETENTION_DAYS past, and keeps the others', async () => {
    w.t.clock.set('2030-01-02T12:00:00.000Z');
    const past = await w.allocate(await w.event('2030-01-03T22:00:00.000Z'), rita);
    await rita.agent.post(`/api/allocations/${past}/cover`).send({ note: 'Antigo.' }).expect(201);
    expect(await notes()).toEqual(['Plantão.', 'Antigo.']);
    // An event of 2030-01-03 keeps its note through 2031-01-03 (RETENTION_DAYS 365) and loses it on 2031-01-04.
    await runDailyJobs(w.t.database.db, dailyJobs(w.t.config), { now: new Date('2031-01-03T12:00:00.000Z'), timeZone: w.t.config.timeZone, logger: silentLogger });
    expect(await notes()).toEqual(['Plantão.', 'Antigo.']);
    await runDailyJobs(w.t.database.db, dailyJobs(w.t.config), { now: new Date('2031-01-04T12:00:00.000Z'), timeZone: w.t.config.timeZone, logger: silentLogger });
    expect(await notes()).toEqual(['Plantão.', null]);
    w.t.clock.set('2030-01-01T12:00:00.000Z');
  });

  it('removing the account erases its notes and withdraws what was open', async () => {
    await rita.agent.delete('/api/me').send({ password: rita.password }).expect(204);
    const rows = await w.t.database.db.selectFrom('cover_requests').select(['note', 'status']).where('requester_id', '=', rita.user.id).execute();
    expect(rows.every((row) => row.note === null && row.status !== 'open')).toBe(true);
  });
});
