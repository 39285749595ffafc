import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_MESSAGES_PER_EMAIL, requestPasswordReset, resetTokenHasher } from '../../../server/passwordReset/passwordReset.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser, uniqueEmail } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const NOW = new Date('2030-03-01T12:00:00.000Z');

/**
 * Issue 25, attack item 5: `POST /api/auth/password-reset` does the same work whether or not an account has the
 * email — the link's token is hashed and the same statements run (they store and queue only for an account) —
 * so its time tells nothing. Issue 26, item 7: parallel requests for one email queue exactly the limit.
 */
describe.each(testDatabases)('a password reset request does the same work either way on $name', ({ open }) => {
  let t: ApiTestApp;
  let nextAddress = 0;
  const address = () => `203.0.113.${++nextAddress}`;
  beforeAll(async () => {
    t = await apiTestApp(open);
    t.clock.set(NOW);
  });
  afterAll(async () => {
    await t?.database.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Runs a request on a database handle that records every statement it sends, compiled. */
  async function recordedRequest(email: string) {
    const sent: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        sent.push(args);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.database.db.withPlugin(recorder);
    const hashes = vi.spyOn(resetTokenHasher, 'hash');
    await requestPasswordReset(db, { email, address: address(), now: NOW });
    const statements = sent.map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId));
    const calls = hashes.mock.calls.length;
    hashes.mockRestore();
    return { sql: statements.map((statement) => statement.sql), parameters: statements.map((statement) => statement.parameters), hashes: calls };
  }

  const storedFor = async (email: string) => ({
    resets: (
      await t.database.db.selectFrom('password_resets').innerJoin('users', 'users.id', 'password_resets.user_id').select('token_hash').where('users.email', '=', email).execute()
    ).length,
    messages: (await t.database.db.selectFrom('outbox').innerJoin('users', 'users.id', 'outbox.recipient_id').select('outbox.id').where('users.email', '=', email).execute()).length,
  });

  it('hashes a link and sends the same statements for an account and for an unknown email; stores only for the account', async () => {
    const account = await createTestUser(t.database, { name: 'Rute Conta' });
    const unknown = uniqueEmail('ninguem');
    const known = await recordedRequest(account.email);
    const missing = await recordedRequest(unknown);

    expect(known.hashes).toBe(1);
    expect(missing.hashes).toBe(1);
    expect(missing.sql).toEqual(known.sql);
    expect(missing.parameters.map((parameters) => parameters.length)).toEqual(known.parameters.map((parameters) => parameters.length));
    // Both carry a fresh token hash to the database.
    for (const run of [known, missing]) expect(run.parameters.flat().filter((value) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value))).not.toHaveLength(0);

    expect(await storedFor(account.email)).toEqual({ resets: 1, messages: 1 });
    expect(await t.database.db.selectFrom('password_resets').select('token_hash').execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('outbox').select('id').where('kind', '=', 'password_reset').execute()).toHaveLength(1);
  });

  it('past the e-mail limit, the same statements again for both (nothing hashed, nothing queued)', async () => {
    const account = await createTestUser(t.database, { name: 'Limite Conta' });
    const unknown = uniqueEmail('limite');
    for (let i = 0; i < RESET_MESSAGES_PER_EMAIL; i++) {
      await requestPasswordReset(t.database.db, { email: account.email, address: address(), now: NOW });
      await requestPasswordReset(t.database.db, { email: unknown, address: address(), now: NOW });
    }
    const known = await recordedRequest(account.email);
    const missing = await recordedRequest(unknown);
    expect(missing.sql).toEqual(known.sql);
    expect([known.hashes, missing.hashes]).toEqual([0, 0]);
    expect(await storedFor(account.email)).toEqual({ resets: RESET_MESSAGES_PER_EMAIL, messages: RESET_MESSAGES_PER_EMAIL });
  });

  it('30 parallel requests for one e-mail (from 30 addresses) queue exactly the limit of e-mails, all answered 202', async () => {
    const account = await createTestUser(t.database, { name: 'Paralela Conta' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => request(t.app).post('/api/auth/password-reset').set('X-Forwarded-For', address()).send({ email: account.email })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(30).fill(202));
    expect(await storedFor(account.email)).toEqual({ resets: RESET_MESSAGES_PER_EMAIL, messages: RESET_MESSAGES_PER_EMAIL });
    expect((await t.database.db.selectFrom('password_reset_requests').select('id').where('email', '=', account.email).execute()).length).toBe(30);
  });
});
