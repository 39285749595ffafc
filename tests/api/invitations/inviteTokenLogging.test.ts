import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { signedInAgent, TEST_PASSWORD, uniqueEmail } from '../../support/authAgent.ts';
import { testConfig } from '../../support/testConfig.ts';
import { testDatabases, type TestDatabase } from '../../support/testDatabases.ts';
import { capturingLogger, type CapturedLine } from '../hardening/logCapture.ts';

const NOW = new Date('2030-02-01T12:00:00.000Z');

/** The request log never holds an invitation token (docs/product.md §13; issue 25's rule for tokens in paths). */
describe.each(testDatabases)('no invitation token in the request log on $name', ({ open }) => {
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

  it('reading and joining through a link, reading and accepting an e-mail invitation: only `:token` is logged', async () => {
    const admin = await signedInAgent(app, database, { role: 'admin', name: 'Ada Admin' });
    const church = (await admin.agent.post('/api/churches').send({ name: 'Sede' }).expect(201)).body.id as number;
    const department = (await admin.agent.get('/api/departments').expect(200)).body[0].id as number;
    const url = (await admin.agent.post(`/api/teams/${church}/${department}/invite-links`).send({ positions: [] }).expect(201)).body.url as string;
    const link = new URL(url).searchParams.get('convite')!;
    const email = uniqueEmail('log');
    const invitation = (await admin.agent.post(`/api/teams/${church}/${department}/invitations`).send({ people: [{ name: 'Lia', email }], positions: [] }).expect(201)).body[0].id as number;
    const outbox = await database.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `team_invitation:${invitation}:1`).executeTakeFirstOrThrow();
    const personal = (JSON.parse(outbox.payload) as { secret: string }).secret;
    lines.length = 0;

    await request(app).get(`/api/invite-links/${link}`).expect(200);
    await request(app).get(`/API/Invite-Links/${link}/`);
    const person = await signedInAgent(app, database);
    await person.agent.post(`/api/invite-links/${link}/join`).expect(200);
    await request(app).get(`/api/email-invitations/${personal}`).expect(200);
    await request(app).post('/api/auth/register').send({ name: 'Lia', email, password: TEST_PASSWORD, invitation: personal }).expect(201);

    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(link);
    expect(logged).not.toContain(personal);
    const paths = lines.map((line) => (line.req as { path?: string } | undefined)?.path).filter(Boolean);
    expect(paths).toContain('/api/invite-links/:token');
    expect(paths).toContain('/api/email-invitations/:token');
  });

  it('an Idempotency-Key never stores a raw link token or feed address for a replay (review finding)', async () => {
    const admin = await signedInAgent(app, database, { role: 'admin', name: 'Ida Admin' });
    const church = (await admin.agent.post('/api/churches').send({ name: 'Zona Sul' }).expect(201)).body.id as number;
    const department = (await admin.agent.get('/api/departments').expect(200)).body[0].id as number;
    const post = () => admin.agent.post(`/api/teams/${church}/${department}/invite-links`).set('Idempotency-Key', 'link-key-000001').send({ positions: [] }).expect(201);
    const first = await post();
    const again = await post();
    // Not replayed: another link, which the leader can revoke.
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.url).not.toBe(first.body.url);
    const feed = await admin.agent.post('/api/me/calendar-token').set('Idempotency-Key', 'feed-key-000001').send({}).expect(201);
    const stored = JSON.stringify(await database.db.selectFrom('idempotency_keys').selectAll().execute());
    for (const secret of [new URL(first.body.url as string).searchParams.get('convite')!, new URL(feed.body.url as string).searchParams.get('token')!]) {
      expect(stored).not.toContain(secret);
    }
  });
});
