import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser, signedInAgent, uniqueEmail } from '../../support/authAgent.ts';
import { outboxRows, settled, smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const NOW = '2030-03-01T12:00:00.000Z';
const NEW_PASSWORD = 'cafe-com-bolo-de-fuba-77';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDatabases)('password reset by e-mail on $name', ({ open }) => {
  let sink: SmtpSink;
  let t: ApiTestApp;
  let outbox: OutboxHarness;
  /** Each test asks from an address of its own, so the per-address limit is one test's business. */
  let addressCount = 0;
  const from = () => `10.0.0.${++addressCount}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await apiTestApp(open, { ...smtpEnv(sink), TRUST_PROXY: 'loopback' });
    t.clock.set(NOW);
    outbox = await startOutbox(t, sink);
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await t?.database.dispose();
  });

  const ask = (email: string, address = from()) => request(t.app).post('/api/auth/password-reset').set('X-Forwarded-For', address).send({ email });
  const reset = (token: string, password: string) => request(t.app).post(`/api/auth/password-reset/${token}`).send({ password });

  /** The link of the one reset message to `email`, once it arrived. */
  async function linkSentTo(email: string): Promise<string> {
    await expect.poll(() => sink.to(email).length, { timeout: 10_000 }).toBe(1);
    const parsed = await sink.parse(sink.to(email)[0]!);
    const match = /https:\/\/portal\.igreja\.test\/login\?redefinir=([\w-]{43})/.exec(parsed.text ?? '');
    if (!match) throw new Error(`no reset link in: ${parsed.text}`);
    return match[1]!;
  }

  it('answers 202 alike whether or not an account has the email, and mails only the account', async () => {
    const user = await createTestUser(t.database, { name: 'Rute Souza' });
    const unknown = uniqueEmail('ninguem');
    const known = await ask(user.email.toUpperCase());
    const missing = await ask(unknown);
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    expect(missing.body).toEqual(known.body);

    const token = await linkSentTo(user.email);
    const parsed = await sink.parse(sink.to(user.email)[0]!);
    expect(parsed.subject).toBe('Redefinir a senha — Koinonia');
    expect(parsed.text).toContain('Olá, Rute!');
    expect(parsed.html).toContain(`https://portal.igreja.test/login?redefinir=${token}`);
    await settled(t.database, () => t.clock.now);
    expect(sink.to(unknown)).toEqual([]);

    // Only the hash is kept; once the message is out, the outbox forgets the raw token too.
    const stored = await t.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(stored.map((row) => row.token_hash)).toEqual([sha256(token)]);
    expect(stored[0]!.expires_at).toBe(new Date(Date.parse(NOW) + 60 * 60 * 1000).toISOString());
    const message = (await outboxRows(t.database)).find((row) => row.recipient_id === user.id)!;
    expect(message.status).toBe('sent');
    expect(message.payload).not.toContain(token);
  });

  it('sets the new password once, ends every session of the account, and the link then answers 404', async () => {
    const { agent, user, password } = await signedInAgent(t.app, t.database, { name: 'Davi Lima' });
    const other = await signedInAgent(t.app, t.database, { email: uniqueEmail('outro') });
    await ask(user.email).expect(202);
    const token = await linkSentTo(user.email);

    await reset(token, NEW_PASSWORD).expect(204);
    expect((await agent.get('/api/auth/me')).body).toEqual({ user: null });
    // Another account's session is not touched.
    expect((await other.agent.get('/api/auth/me')).body.user.id).toBe(other.user.id);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password }).expect(401);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);

    expectApiError(await reset(token, 'outra-senha-bem-comprida-9'), 404, 'not_found');
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
  });

  it('keeps the link when the new password breaks the rules (422), and refuses unknown or malformed links (404)', async () => {
    const user = await createTestUser(t.database);
    await ask(user.email).expect(202);
    const token = await linkSentTo(user.email);
    expectApiError(await reset(token, 'curta'), 422, 'weak_password');
    expectApiError(await reset(token, 'password'), 422, 'common_password');
    await reset(token, NEW_PASSWORD).expect(204);

    expectApiError(await reset('A'.repeat(43), NEW_PASSWORD), 404, 'not_found');
    expectApiError(await reset('nao-e-um-token', NEW_PASSWORD), 404, 'not_found');
    expectApiError(await request(t.app).post(`/api/auth/password-reset/${'B'.repeat(43)}`).send({ senha: 'x' }), 400, 'invalid_request');
    expectApiError(await request(t.app).post('/api/auth/password-reset').send({ email: 'não é email' }), 400, 'invalid_request');
  });

  it('expires an hour after the request', async () => {
    const user = await createTestUser(t.database);
    await ask(user.email).expect(202);
    const token = await linkSentTo(user.email);
    t.clock.set(new Date(Date.parse(NOW) + 60 * 60 * 1000 + 1000));
    try {
      expectApiError(await reset(token, NEW_PASSWORD), 404, 'not_found');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('mails one email at most 3 times an hour (later requests answer 202 and send nothing), and answers 429 to an address after 10', async () => {
    const user = await createTestUser(t.database);
    for (let i = 0; i < 5; i++) await ask(user.email).expect(202);
    await settled(t.database, () => t.clock.now);
    expect(sink.to(user.email)).toHaveLength(3);

    const address = from();
    for (let i = 0; i < 10; i++) await ask(uniqueEmail('x'), address).expect(202);
    const refused = await ask(uniqueEmail('x'), address);
    expectApiError(refused, 429, 'too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not held back.
    await ask(uniqueEmail('x')).expect(202);
  });

  it('sends a reset to a member who turned e-mail notifications off (they asked for it)', async () => {
    const { agent, user } = await signedInAgent(t.app, t.database);
    await agent.patch('/api/me/preferences').send({ email_notifications: false }).expect(200);
    await ask(user.email).expect(202);
    await linkSentTo(user.email);
  });
});
