import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamImportResult } from '../../../shared/schemas/teamImport.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';
import { postImport, writtenCounts } from './importCalls.ts';

const ROWS = 60;

/**
 * docs/product.md §13, "the same file imported twice adds nobody twice" — also when the two imports run at once (two
 * leaders, or a double click): every person is on the team once, invited once, e-mailed once.
 */
describe.each(testDatabases)('the same file imported twice at once on $name', ({ open }) => {
  let w: NetworkWorld;
  const accounts: number[] = [];

  beforeAll(async () => {
    w = await networkWorld(open);
    for (let i = 1; i <= ROWS; i += 3) accounts.push((await createTestUser(w.t.database, { email: `corrida${i}@import.test` })).id);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('writes each membership, invitation and e-mail once', async () => {
    const csv = ['nome,email,igreja,departamento,funcoes', ...Array.from({ length: ROWS }, (_, index) => `Pessoa ${index + 1},corrida${index + 1}@import.test,Igreja A,Louvor,Vocal`)].join('\n');
    const before = await writtenCounts(w.t.database);
    const answers = await Promise.all([postImport(w.admin.agent, csv), postImport(w.teamLeader.agent, csv)]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);

    const after = await writtenCounts(w.t.database);
    const invited = ROWS - accounts.length;
    expect(after.members - before.members).toBe(accounts.length);
    expect(after.positions - before.positions).toBe(accounts.length);
    expect(after.invitations - before.invitations).toBe(invited);
    expect(after.outbox - before.outbox).toBe(invited);
    // Each account was added, each address invited, by one of the two imports; the other answers "none" for it.
    const summaries = answers.map((answer) => (answer.body as TeamImportResult).summary);
    expect(summaries[0]!.add + summaries[1]!.add).toBe(accounts.length);
    expect(summaries[0]!.invite + summaries[1]!.invite).toBe(invited);
    expect(summaries[0]!.none + summaries[1]!.none).toBe(ROWS);
    const { db } = w.t.database;
    const entries = await db.selectFrom('audit_log').select('subject_id').where('action', '=', 'team_member_added').where('subject_id', 'in', accounts).execute();
    expect(entries).toHaveLength(accounts.length);
  });
});
