import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { freshPostgres, freshSqlite, hasPostgres } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/** A pool of 20 lets every request reach PostgreSQL at once; SQLite runs the same race (its transactions are serial). */
const raceDatabases = [{ name: 'sqlite', open: freshSqlite }, ...(hasPostgres ? [{ name: 'postgres', open: () => freshPostgres(20) }] : [])];

const PEOPLE = 20;
const ROUNDS = 3;
const NEEDED = 3;

const tally = (responses: request.Response[]) => {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = res.status === 201 ? '201' : `${res.status} ${(res.body as { error?: { code: string } }).error?.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** docs/product.md §10: never more people than needed, however many sign up at once. */
describe.each(raceDatabases)('sign-up races on $name', ({ open }) => {
  let w: NetworkWorld;
  let people: SignedIn[];

  beforeAll(async () => {
    w = await networkWorld(open);
    people = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => signedInAgent(w.t.app, w.t.database, { name: `Voluntária ${i + 1}` })));
    for (const person of people) await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${person.user.id}`).send({ positions: [w.vocal] }).expect(200);
    await w.admin.agent.patch(`/api/teams/${w.churchA}/${w.louvor}`).send({ self_signup: true }).expect(200);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it(`${PEOPLE} sign-ups at once for a need of ${NEEDED}: exactly ${NEEDED} 201s, the rest 409 place_taken`, async ({ annotate }) => {
    const all: request.Response[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const event = await createNetworkEvent(w.admin.agent, { datetime: `2030-02-${String(3 + 7 * round).padStart(2, '0')}T22:00:00.000Z`, church_id: w.churchA });
      await w.admin.agent.put(`/api/events/${event}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: NEEDED }]).expect(200);
      const responses = await Promise.all(people.map((person) => person.agent.post(`/api/events/${event}/signups`).send({ department_id: w.louvor, position_id: w.vocal })));
      all.push(...responses);
      expect(tally(responses), `round ${round}`).toEqual({ '201': NEEDED, '409 place_taken': PEOPLE - NEEDED });
      for (const res of responses.filter((r) => r.status !== 201)) expectApiError(res, 409, 'place_taken');
      const rows = await w.t.database.db.selectFrom('allocations').select(['member_id', 'status', 'source']).where('event_id', '=', event).execute();
      expect(rows).toHaveLength(NEEDED);
      expect(rows.every((row) => row.status === 'confirmed' && row.source === 'signup')).toBe(true);
      expect(new Set(rows.map((row) => row.member_id))).toEqual(new Set(responses.filter((r) => r.status === 201).map((r) => r.body.member.id)));
    }
    await annotate(`${ROUNDS} rounds × ${PEOPLE} concurrent sign-ups for ${NEEDED} places: ${JSON.stringify(tally(all))}`);
  });

  it('one person at their monthly limit of 1, signing up for two places of one month at once: one 201, one 409 at_monthly_limit', async () => {
    const [lia] = people;
    await w.t.database.db.insertInto('notification_preferences').values({ user_id: lia!.user.id, email_opted_out_at: null, phone: null, updated_at: '2030-01-01T12:00:00.000Z', max_services_per_month: 1 }).execute();
    const events = await Promise.all(
      ['2030-05-05T22:00:00.000Z', '2030-05-19T22:00:00.000Z'].map((datetime) => createNetworkEvent(w.admin.agent, { datetime, church_id: w.churchA })),
    );
    for (const event of events) await w.admin.agent.put(`/api/events/${event}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    const responses = await Promise.all(events.map((event) => lia!.agent.post(`/api/events/${event}/signups`).send({ department_id: w.louvor, position_id: w.vocal })));
    expect(tally(responses)).toEqual({ '201': 1, '409 at_monthly_limit': 1 });
    const rows = await w.t.database.db.selectFrom('allocations').select('id').where('member_id', '=', lia!.user.id).where('event_id', 'in', events).execute();
    expect(rows).toHaveLength(1);
  });
});
