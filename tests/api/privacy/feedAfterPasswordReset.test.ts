import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const NEW_PASSWORD = 'cafe-com-bolo-de-fuba-77';

/**
 * Issue 25, attack item 6: the personal calendar feed's URL ends with the sessions — a password reset, a password
 * change (and `npm run user -- reset-password`, tests/api/userCli.test.ts) replace its token; the old URL answers
 * what an unknown token answers, 404.
 */
describe.each(testDatabases)('the calendar feed after a password reset or change on $name', ({ open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t?.database.dispose();
  });

  const feedPath = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  const feedOf = async (person: SignedIn) => (await person.agent.post('/api/me/calendar-token').expect(201)).body.url as string;

  /** The raw token of the reset link queued for `userId` (the outbox keeps it until the message is sent). */
  async function resetLinkOf(email: string, userId: number): Promise<string> {
    await request(t.app).post('/api/auth/password-reset').send({ email }).expect(202);
    const row = await t.database.db.selectFrom('outbox').select('payload').where('recipient_id', '=', userId).where('kind', '=', 'password_reset').executeTakeFirstOrThrow();
    return (JSON.parse(row.payload) as { secret: string }).secret;
  }

  it('a reset: the old feed URL answers 404; the account page shows a new one, which works', async () => {
    const person = await signedInAgent(t.app, t.database, { name: 'Paula Feed' });
    const old = await feedOf(person);
    await request(t.app).get(feedPath(old)).expect(200);

    await request(t.app).post(`/api/auth/password-reset/${await resetLinkOf(person.user.email, person.user.id)}`).send({ password: NEW_PASSWORD }).expect(204);

    expectApiError(await request(t.app).get(feedPath(old)), 404, 'not_found');
    const again = request.agent(t.app);
    await again.post('/api/auth/login').send({ email: person.user.email, password: NEW_PASSWORD }).expect(200);
    const renewed = (await again.get('/api/me/calendar-token').expect(200)).body.url as string;
    expect(renewed).not.toBe(old);
    const feed = await request(t.app).get(feedPath(renewed)).expect(200);
    expect(feed.text).toContain('BEGIN:VCALENDAR');
  });

  it('a password change: the old feed URL answers 404; the session that changed it reads the new one', async () => {
    const person = await signedInAgent(t.app, t.database, { name: 'Caio Feed' });
    const old = await feedOf(person);
    await person.agent.post('/api/auth/password').send({ current: person.password, new: NEW_PASSWORD }).expect(204);
    expectApiError(await request(t.app).get(feedPath(old)), 404, 'not_found');
    const renewed = (await person.agent.get('/api/me/calendar-token').expect(200)).body.url as string;
    expect(renewed).not.toBe(old);
    await request(t.app).get(feedPath(renewed)).expect(200);
  });

  it('an account without a feed still has none after a reset; another account’s feed is untouched', async () => {
    const person = await signedInAgent(t.app, t.database, { name: 'Sem Feed' });
    const other = await signedInAgent(t.app, t.database, { name: 'Outra Pessoa' });
    const othersFeed = await feedOf(other);
    await request(t.app).post(`/api/auth/password-reset/${await resetLinkOf(person.user.email, person.user.id)}`).send({ password: NEW_PASSWORD }).expect(204);
    expect(await t.database.db.selectFrom('calendar_tokens').select('token').where('user_id', '=', person.user.id).execute()).toEqual([]);
    await request(t.app).get(feedPath(othersFeed)).expect(200);
  });
});
