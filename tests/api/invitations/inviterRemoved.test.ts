import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, TEST_PASSWORD, uniqueEmail, type SignedIn } from '../../support/authAgent.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const POLL = { timeout: 15_000, interval: 20 };

/**
 * docs/product.md §11 and §13: an e-mail invitation's outbox row names the leader who invited (the invited person
 * may have no account), but the e-mail is to the invited address. The leader's data export does not list it as a
 * message to her, and removing her account neither drops it nor leaves her name in it: it still goes out, from
 * "A liderança", and the team's lists show it made by no one.
 */
describe.each(testDatabases)('invitations of a leader who removes her account, on $name', ({ open }) => {
  let w: NetworkWorld;
  let sink: SmtpSink;
  let outbox: OutboxHarness | undefined;
  let lia: SignedIn;

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await networkWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    lia = await signedInAgent(w.t.app, w.t.database, { name: 'Lia Líder' });
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${lia.user.id}`).send({ positions: [w.vocal], leader: true }).expect(200);
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  it('her export lists no invitation as hers; after the removal the queued invitation still goes out, naming no one', async () => {
    const email = uniqueEmail('convidada');
    await lia.agent.post(`/api/teams/${w.churchA}/${w.louvor}/invitations`).send({ people: [{ name: 'Olga Nova', email }], positions: [] }).expect(201);
    await lia.agent.post(`/api/teams/${w.churchA}/${w.louvor}/invite-links`).send({ positions: [], expires_in_days: 7 }).expect(201);

    const exported = await lia.agent.get('/api/me/export').expect(200);
    expect((exported.body.messages as Array<{ kind: string }>).map((message) => message.kind)).not.toContain('team_invitation');

    await lia.agent.delete('/api/me').send({ password: TEST_PASSWORD }).expect(204);
    const queued = await w.t.database.db.selectFrom('outbox').select('status').where('kind', '=', 'team_invitation').execute();
    expect(queued).toEqual([{ status: 'queued' }]);

    outbox = await startOutbox(w.t, sink);
    await expect.poll(() => sink.to(email).length, POLL).toBe(1);
    const parsed = await sink.parse(sink.to(email)[0]!);
    expect(parsed.text).toContain('A liderança convidou você para a equipe Louvor · Igreja A');
    expect(parsed.text).not.toContain('Lia');

    const invitations = await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/invitations`).expect(200);
    expect((invitations.body as Array<{ email: string; invited_by: unknown }>).find((row) => row.email === email)?.invited_by).toBeNull();
    const links = await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/invite-links`).expect(200);
    expect((links.body as Array<{ created_by: unknown }>).map((link) => link.created_by)).toEqual([null]);
  });
});
