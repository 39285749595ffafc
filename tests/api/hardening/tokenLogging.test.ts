import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { issueResponseToken } from '../../../server/escalas/responseTokens.ts';
import { createTestUser, signedInAgent } from '../../support/authAgent.ts';
import { createEvent, insertAllocation } from '../../support/escalasFixtures.ts';
import { testConfig } from '../../support/testConfig.ts';
import { testDatabases, type TestDatabase } from '../../support/testDatabases.ts';
import { capturingLogger, type CapturedLine } from './logCapture.ts';

const NOW = new Date('2030-02-01T12:00:00.000Z');

/**
 * Issue 25, attack item 7: the request log masks a token in the path by its route (`/api/responses/…`,
 * `/api/auth/password-reset/…`), whatever follows it, and never writes the query string (the calendar feed's
 * `?token=`).
 */
describe.each(testDatabases)('no token in the request log on $name', ({ open }) => {
  let database: TestDatabase;
  let lines: CapturedLine[];
  let app: ReturnType<typeof createApiApp>;
  beforeAll(async () => {
    database = await open();
    const captured = capturingLogger();
    lines = captured.lines;
    app = createApiApp({ database, config: testConfig(), logger: captured.logger, now: () => NOW });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('writes no raw token of an answer link, a reset link or a calendar feed, however the path is spelled', async () => {
    const member = await signedInAgent(app, database, { name: 'Rita Token' });
    const eventId = await createEvent(database, '2030-02-10T22:00:00.000Z');
    const allocationId = await insertAllocation(database, { eventId, memberId: member.user.id });
    const answer = (await issueResponseToken(database.db, allocationId))!;
    // A reset link's raw token, as the outbox holds it until the message is sent.
    const resetOwner = await createTestUser(database, { name: 'Rui Reset' });
    await request(app).post('/api/auth/password-reset').send({ email: resetOwner.email }).expect(202);
    const outbox = await database.db.selectFrom('outbox').select('payload').where('recipient_id', '=', resetOwner.id).executeTakeFirstOrThrow();
    const reset = (JSON.parse(outbox.payload) as { secret: string }).secret;
    const feedUrl = (await member.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    const feed = new URL(feedUrl).searchParams.get('token')!;
    const secrets = [answer, reset, feed];
    for (const secret of secrets) expect(secret).toMatch(/^[\w-]{20,}$/);
    lines.length = 0;

    // The routes answer these spellings: the trailing slash too.
    expect((await request(app).get(`/api/responses/${answer}`)).status).toBe(200);
    expect((await request(app).get(`/api/responses/${answer}/`)).status).toBe(200);
    expect((await request(app).get(`/API/Responses/${answer}`)).status).toBe(200);
    expect((await request(app).post(`/api/responses/${answer}/`).send({ answer: 'confirmed' })).status).toBe(200);
    expect((await request(app).get(`/api/me/calendar.ics?token=${feed}`)).status).toBe(200);
    // Spellings no route answers still keep the token out.
    for (const path of [`/api/responses/${answer}/extra`, `//api/responses/${answer}`, `/api/%72esponses/${answer}`, `/api/responses/${answer}?x=1`]) {
      await request(app).get(path);
    }
    expect((await request(app).post(`/api/auth/password-reset/${reset}/`).send({ password: 'curta' })).status).toBe(422);
    await request(app).post(`/api/auth/password-reset/${reset}/again`).send({ password: 'uma-senha-bem-comprida-9' });
    expect((await request(app).post(`/api/auth/password-reset/${reset}`).send({ password: 'uma-senha-bem-comprida-9' })).status).toBe(204);

    const requestLines = lines.filter((line) => line.req !== undefined);
    expect(requestLines).toHaveLength(12);
    const logged = JSON.stringify(lines);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    const paths = requestLines.map((line) => (line.req as { path: string }).path);
    expect(paths.filter((path) => path === '/api/responses/:token')).toHaveLength(8);
    expect(paths.filter((path) => path === '/api/auth/password-reset/:token')).toHaveLength(3);
    expect(paths).toContain('/api/me/calendar.ics');
  });
});
