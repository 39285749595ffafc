import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { coverWorld, type CoverWorld } from './coverWorld.ts';

const TAKERS = 20;

/** docs/product.md §10: exactly one taker wins, however many accept at once; the others get 409 already_covered. */
describe.each(testDatabases)('concurrent accepts of one cover request on $name', ({ open }) => {
  let w: CoverWorld;
  let takers: SignedIn[];

  beforeAll(async () => {
    w = await coverWorld(open);
    takers = [];
    for (let i = 0; i < TAKERS; i++) takers.push(await w.person(`Pessoa ${String(i + 1).padStart(2, '0')}`, [w.vocal]));
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it(`${TAKERS} accept at once: one 200, ${TAKERS - 1} × 409 already_covered, one cover allocation`, async () => {
    const requester = await w.person('Rita Requer', [w.vocal]);
    const event = await w.event('2030-04-07T22:00:00.000Z');
    const allocation = await w.allocate(event, requester);
    const request = (await requester.agent.post(`/api/allocations/${allocation}/cover`).send({}).expect(201)).body.id as number;

    const answers = await Promise.all(takers.map((taker) => taker.agent.post(`/api/cover-requests/${request}/accept`)));
    const figures = { sent: answers.length, ok: answers.filter((res) => res.status === 200).length, alreadyCovered: answers.filter((res) => res.status === 409 && res.body.error?.code === 'already_covered').length };
    console.info(`cover race on ${w.t.database.dialect}: ${JSON.stringify(figures)}`);
    expect(figures).toEqual({ sent: TAKERS, ok: 1, alreadyCovered: TAKERS - 1 });

    const rows = await w.t.database.db.selectFrom('allocations').select(['id', 'member_id', 'status', 'source']).where('event_id', '=', event).orderBy('id').execute();
    const winner = answers.find((res) => res.status === 200)!.body as { id: number; member: { id: number } };
    expect(rows).toEqual([
      { id: allocation, member_id: requester.user.id, status: 'covered', source: 'manual' },
      { id: winner.id, member_id: winner.member.id, status: 'confirmed', source: 'cover' },
    ]);
    const stored = await w.t.database.db.selectFrom('cover_requests').select(['status', 'taken_allocation_id']).where('id', '=', request).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'taken', taken_allocation_id: winner.id });
    const entries = await w.t.database.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'cover_taken').execute();
    expect(entries).toEqual([{ actor_id: winner.member.id }]);
  });
});
