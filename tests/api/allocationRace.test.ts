import { sql } from 'kysely';
import pg from 'pg';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/apiAssertions.ts';
import { createTestUser, signedInAgent, type SignedIn } from '../support/authAgent.ts';
import {
  allocationsOf,
  createEvent,
  escalasWorld,
  HOUR,
  postAllocation,
  shift,
  type EscalasWorld,
} from '../support/escalasFixtures.ts';
import { freshPostgres, freshSqlite, hasPostgres, TEST_DATABASE_URL } from '../support/testDatabases.ts';

/**
 * The issue asks for a pool of at least 10 connections on PostgreSQL; 20 lets all twenty requests reach the
 * database at once. SQLite runs the same races (its transactions are serialised in the process).
 */
const raceDatabases = [
  { name: 'sqlite', open: freshSqlite },
  ...(hasPostgres ? [{ name: 'postgres', open: () => freshPostgres(20) }] : []),
];

const IDENTICAL_REQUESTS = 20;
const IDENTICAL_ROUNDS = 5;
const CLASH_ROUNDS = 10;

type Outcome = { status: number; code: string | undefined };
const outcomeOf = (res: request.Response): Outcome => ({ status: res.status, code: (res.body as { error?: { code: string } }).error?.code });
function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code } of outcomes) {
    const key = code ? `${status} ${code}` : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe.each(raceDatabases)('allocation races on $name', ({ open }) => {
  let w: EscalasWorld;
  let leaders: SignedIn[];
  let day = 0;
  /** A new day for each round, far from every other round's events. */
  const nextRound = () => shift('2030-08-01T22:00:00.000Z', day++ * 24 * HOUR);

  beforeAll(async () => {
    w = await escalasWorld(open);
    leaders = await Promise.all(
      Array.from({ length: IDENTICAL_REQUESTS }, (_, i) => signedInAgent(w.t.app, w.t.database, { role: i % 5 === 0 ? 'admin' : 'leader', name: `Líder ${i + 1}` })),
    );
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it(`${IDENTICAL_REQUESTS} identical POSTs at once: one 201, the rest 409 already_allocated, one row`, async ({ annotate }) => {
    const all: Outcome[] = [];
    for (let round = 0; round < IDENTICAL_ROUNDS; round++) {
      const person = await createTestUser(w.t.database, { name: `Rosa Rodada ${round}` });
      const event = await createEvent(w.t.database, nextRound());
      const responses = await Promise.all(
        leaders.map((leader, i) => postAllocation(leader.agent, event, { department: i % 2 ? 'Louvor' : 'mídia', member: i % 3 ? person.email : person.id })),
      );
      const outcomes = responses.map(outcomeOf);
      all.push(...outcomes);
      expect(tally(outcomes), `round ${round}`).toEqual({ '201': 1, '409 already_allocated': IDENTICAL_REQUESTS - 1 });
      for (const res of responses.filter((r) => r.status === 409)) expectApiError(res, 409, 'already_allocated');
      const rows = await allocationsOf(w.t.database, person.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(responses.find((r) => r.status === 201)!.body.id);
    }
    await annotate(`${IDENTICAL_ROUNDS} rounds × ${IDENTICAL_REQUESTS} identical POSTs: ${JSON.stringify(tally(all))}`);
  });

  it('two leaders placing one member at two clashing events at once: never both succeed', async ({ annotate }) => {
    const all: Outcome[] = [];
    for (let round = 0; round < CLASH_ROUNDS; round++) {
      const person = await createTestUser(w.t.database, { name: `Caio Choque ${round}` });
      const at = nextRound();
      const first = await createEvent(w.t.database, at);
      const second = await createEvent(w.t.database, shift(at, HOUR));
      const [a, b] = await Promise.all([
        postAllocation(leaders[round % leaders.length]!.agent, first, { department: 'Louvor', member: person.email }),
        postAllocation(leaders[(round + 1) % leaders.length]!.agent, second, { department: 'Mídia', member: person.id }),
      ]);
      const outcomes = [a!, b!].map(outcomeOf);
      all.push(...outcomes);
      expect(tally(outcomes), `round ${round}`).toEqual({ '201': 1, '409 schedule_conflict': 1 });
      const refused = a!.status === 409 ? a! : b!;
      const winnerEvent = a!.status === 201 ? first : second;
      expect(refused.body.error.conflicts).toEqual([expect.objectContaining({ event: expect.objectContaining({ id: winnerEvent }) })]);
      expect((await allocationsOf(w.t.database, person.id)).map((row) => row.event_id)).toEqual([winnerEvent]);
    }
    await annotate(`${CLASH_ROUNDS} rounds × 2 clashing POSTs: ${JSON.stringify(tally(all))}`);
  });
});

/**
 * PostgreSQL only: the test itself holds a row lock (a "gate") while two requests run into it, so the
 * interleaving that matters is forced instead of hoped for.
 */
describe.runIf(hasPostgres)('allocation races on postgres, with the interleaving forced', () => {
  let w: EscalasWorld;
  let schema: string;
  beforeAll(async () => {
    w = await escalasWorld(() => freshPostgres(10));
    const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(w.t.database.db);
    schema = result.rows[0]!.schema;
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  /** Opens a transaction on its own connection that locks rows with `lockSql` until `release()`. */
  async function holdGate(lockSql: string, params: unknown[], table: string) {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query('begin');
    await client.query(lockSql, params);
    const { rows } = await client.query<{ xid: string }>('select pg_current_xact_id()::xid::text as xid');
    const xid = rows[0]!.xid;
    return {
      /** Requests queued behind the gate: waiting for its transaction, or for the row lock behind one that is. */
      async waiting(): Promise<number> {
        const res = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_locks
            where not granted and ((locktype = 'transactionid' and transactionid::text = $1) or (locktype = 'tuple' and relation = $2::regclass))`,
          [xid, table],
        );
        return res.rows[0]!.n;
      },
      async release() {
        await client.query('commit');
        await client.end();
      },
    };
  }

  /** Polls (each poll is a query, no timer) until `count` requests wait at the gate or they all answered. */
  async function untilWaiting(gate: { waiting(): Promise<number> }, count: number, answered: () => boolean): Promise<number> {
    const deadline = Date.now() + 10_000;
    let waiting = 0;
    while (!answered() && Date.now() < deadline) {
      waiting = await gate.waiting();
      if (waiting >= count) break;
    }
    return waiting;
  }

  function inFlight(requests: Array<PromiseLike<request.Response>>) {
    let answered = 0;
    const all = Promise.all(requests.map((r) => Promise.resolve(r).finally(() => answered++)));
    return { all, anyAnswered: () => answered > 0 };
  }

  it('a clashing pair queues on the member lock; the second sees the first and answers schedule_conflict', async () => {
    const [l1, l2] = await Promise.all([signedInAgent(w.t.app, w.t.database, { role: 'leader' }), signedInAgent(w.t.app, w.t.database, { role: 'admin' })]);
    for (let round = 0; round < 3; round++) {
      const person = await createTestUser(w.t.database, { name: `Gina Gate ${round}` });
      const at = shift('2030-10-01T22:00:00.000Z', round * 24 * HOUR);
      const first = await createEvent(w.t.database, at);
      const second = await createEvent(w.t.database, shift(at, 2 * HOUR));
      const gate = await holdGate('select id from users where id = $1 for update', [person.id], 'users');
      let flight;
      try {
        flight = inFlight([
          postAllocation(l1.agent, first, { department: 'Louvor', member: person.id }),
          postAllocation(l2.agent, second, { department: 'Louvor', member: person.email }),
        ]);
        // Without the lock both would run through their check and answer before the gate opens.
        expect(await untilWaiting(gate, 2, flight.anyAnswered)).toBe(2);
        expect(flight.anyAnswered()).toBe(false);
      } finally {
        await gate.release();
      }
      const outcomes = (await flight.all).map(outcomeOf);
      expect(tally(outcomes)).toEqual({ '201': 1, '409 schedule_conflict': 1 });
      expect(await allocationsOf(w.t.database, person.id)).toHaveLength(1);
    }
  });

  it('two leaders allocating each other at the same moment both succeed (no deadlock, no 500)', async () => {
    const [a, b] = await Promise.all([
      signedInAgent(w.t.app, w.t.database, { role: 'leader', name: 'Ana Cruzada' }),
      signedInAgent(w.t.app, w.t.database, { role: 'leader', name: 'Bia Cruzada' }),
    ]);
    const forA = await createEvent(w.t.database, '2030-11-01T22:00:00.000Z');
    const forB = await createEvent(w.t.database, '2030-11-05T22:00:00.000Z');
    // Both requests lock their member, then wait here, at the check that their event exists, before
    // the check that the leader who allocates exists: the order in which a deadlock could form.
    const gate = await holdGate('select id from events where id = any($1) for update', [[forA, forB]], 'events');
    let flight;
    try {
      flight = inFlight([
        postAllocation(a.agent, forB, { department: 'Louvor', member: b.user.id }),
        postAllocation(b.agent, forA, { department: 'Louvor', member: a.user.id }),
      ]);
      expect(await untilWaiting(gate, 2, flight.anyAnswered)).toBe(2);
    } finally {
      await gate.release();
    }
    const responses = await flight.all;
    expect(responses.map((res) => `${res.status} ${res.text.slice(0, 120)}`)).toEqual([expect.stringMatching(/^201 /), expect.stringMatching(/^201 /)]);
    expect(await allocationsOf(w.t.database, a.user.id)).toHaveLength(1);
    expect(await allocationsOf(w.t.database, b.user.id)).toHaveLength(1);
  });
});
