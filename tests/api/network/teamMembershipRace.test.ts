import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from './networkWorld.ts';

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

describe.each(testDatabases)('parallel changes of one team membership on $name', ({ open }) => {
  let w: NetworkWorld;
  let positions: number[];
  beforeAll(async () => {
    w = await networkWorld(open);
    const more = [];
    for (const name of ['Guitarra', 'Baixo', 'Teclado', 'Violão']) {
      more.push((await w.admin.agent.post(`/api/departments/${w.louvor}/positions`).send({ name }).expect(201)).body.id as number);
    }
    positions = [w.vocal, w.bateria, ...more];
  });
  afterAll(() => w.t.database.dispose());

  it('8 parallel PUTs of different position sets: each answers 200 (409 at worst, never 500), and the membership ends as exactly one of them asked', async () => {
    const [p0, p1, p2, p3, p4, p5] = positions as [number, number, number, number, number, number];
    const sets = [[p0, p1], [p1, p2], [p0, p2, p3], [p3], [p4, p0], [p5, p1], [p2, p4, p5], [p0, p1, p2, p3]];
    // A few rounds, each on someone new to the team (the join itself races too) and then on a member.
    for (let round = 0; round < 3; round++) {
      const person = await createTestUser(w.t.database, { name: `Pessoa ${round}` });
      const path = `/api/teams/${w.churchA}/${w.louvor}/members/${person.id}`;
      for (const phase of ['join', 'change']) {
        const answers = await Promise.all(sets.map((set, i) => w.admin.agent.put(path).send({ positions: set, ...(i % 3 === 0 ? { leader: i % 2 === 0 } : {}) })));
        const statuses = answers.map((res) => res.status);
        expect(statuses.every((status) => status === 200 || status === 409), `${phase}: ${statuses.join(' ')}`).toBe(true);
        for (const res of answers.filter((answer) => answer.status === 409)) expect(res.body.error.message).toMatch(/\S/);
        // Each 200 answered the state its own request wrote.
        for (const [i, res] of answers.entries()) {
          if (res.status === 200) expect(sorted(res.body.positions.map((position: { id: number }) => position.id))).toEqual(sorted(sets[i]!));
        }
        const rows = await w.t.database.db
          .selectFrom('team_member_positions')
          .select('position_id')
          .where('church_id', '=', w.churchA)
          .where('department_id', '=', w.louvor)
          .where('user_id', '=', person.id)
          .execute();
        const final = sorted(rows.map((row) => row.position_id));
        const granted = sets.filter((_, i) => answers[i]!.status === 200).map(sorted);
        expect(granted, `${phase}: final ${final.join(',')}`).toContainEqual(final);
      }
      // The audit log tells the same story (docs/product.md §11): one join, then each change starting where the
      // one before it ended.
      const entries = await w.t.database.db.selectFrom('audit_log').select(['action', 'details']).where('subject_id', '=', person.id).orderBy('id').execute();
      const steps = entries.map((entry) => ({ action: entry.action, ...(JSON.parse(entry.details) as { position_ids: number[]; was_position_ids?: number[] }) }));
      expect(steps.filter((step) => step.action === 'team_member_added')).toHaveLength(1);
      expect(steps[0]!.action).toBe('team_member_added');
      for (let i = 1; i < steps.length; i++) expect(steps[i]!.was_position_ids, `entry ${i}`).toEqual(steps[i - 1]!.position_ids);
    }
  });
});
