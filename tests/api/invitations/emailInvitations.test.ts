import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, TEST_PASSWORD, uniqueEmail } from '../../support/authAgent.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { NETWORK_NOW, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const POLL = { timeout: 15_000, interval: 20 };
const LINK = /https:\/\/portal\.igreja\.test\/equipe\?convite-email=([A-Za-z0-9_-]{43})/;

/**
 * docs/product.md §13: a team's leaders invite people by e-mail; each gets a personal link (single use, bound to the
 * address) that registers them or, for an existing account, adds them once signed in. Pending invitations are listed,
 * re-sent at most once an hour, and cancelled.
 */
describe.each(testDatabases)('e-mail invitations on $name', ({ open }) => {
  let w: NetworkWorld;
  let sink: SmtpSink;
  let outbox: OutboxHarness;
  let path: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await networkWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    outbox = await startOutbox(w.t, sink);
    path = `/api/teams/${w.churchA}/${w.louvor}/invitations`;
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  /** The token of the newest invitation e-mail to `address`. */
  async function tokenSentTo(address: string, count = 1): Promise<string> {
    await expect.poll(() => sink.to(address).length, POLL).toBe(count);
    const parsed = await sink.parse(sink.to(address)[count - 1]!);
    return LINK.exec(parsed.text ?? '')![1]!;
  }

  it('a new person: 201 pending; the e-mail names the team and its personal link; registering through it joins the team', async () => {
    const email = uniqueEmail('nova');
    const res = await w.teamLeader.agent.post(path).send({ people: [{ name: 'Nina Nova', email: email.toUpperCase() }], positions: [w.vocal] }).expect(201);
    expect(res.body).toEqual([{ id: expect.any(Number), email, status: 'pending' }]);
    const token = await tokenSentTo(email);
    const parsed = await sink.parse(sink.to(email)[0]!);
    expect(parsed.subject).toBe('Convite para a equipe Louvor · Igreja A — Koinonia');
    expect(parsed.text).toContain('Olá, Nina!');
    expect(parsed.text).toContain('Tina Time convidou você para a equipe Louvor · Igreja A no Koinonia, como Vocal.');
    expect(parsed.html).toContain(`href="https://portal.igreja.test/equipe?convite-email=${token}"`);
    // The raw token is kept only until the message is out (docs/adr/0003).
    await outbox.settle();
    const row = await w.t.database.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', 'team_invitation').where('dedupe_key', '=', `team_invitation:${res.body[0].id}:1`).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.payload).not.toContain(token);

    // The page reads it (anyone holding the link; nothing changes).
    const preview = await request(w.t.app).get(`/api/email-invitations/${token}`).expect(200);
    expect(preview.body).toEqual({
      church: { id: w.churchA, name: 'Igreja A' },
      department: { id: w.louvor, name: 'Louvor' },
      positions: [{ id: w.vocal, name: 'Vocal' }],
      name: 'Nina Nova',
      email,
      expires_at: new Date(Date.parse(NETWORK_NOW) + 30 * 86_400_000).toISOString(),
      has_account: false,
    });
    // Another address cannot use it: 422 email_mismatch, and no account is made.
    const other = uniqueEmail('outra');
    expect((await request(w.t.app).post('/api/auth/register').send({ name: 'Outra', email: other, password: TEST_PASSWORD, invitation: token }).expect(422)).body.error.code).toBe('email_mismatch');
    expect(await w.t.database.db.selectFrom('users').select('id').where('email', '=', other).executeTakeFirst()).toBeUndefined();

    const agent = request.agent(w.t.app);
    await agent.post('/api/auth/register').send({ name: 'Nina Nova', email, password: TEST_PASSWORD, invitation: token }).expect(201);
    const mine = (await agent.get('/api/me/teams').expect(200)).body;
    expect(mine).toEqual([expect.objectContaining({ department: { id: w.louvor, name: 'Louvor' }, positions: [{ id: w.vocal, name: 'Vocal' }] })]);
    const listed = (await w.teamLeader.agent.get(path).expect(200)).body.find((invitation: { id: number }) => invitation.id === res.body[0].id);
    expect(listed).toMatchObject({ status: 'accepted', name: 'Nina Nova', email, closed_at: NETWORK_NOW, invited_by: { id: w.teamLeader.user.id, name: 'Tina Time' } });
    // Single use.
    expect((await request(w.t.app).get(`/api/email-invitations/${token}`).expect(410)).body.error.code).toBe('invitation_used');
    expect((await agent.post(`/api/email-invitations/${token}/accept`).expect(410)).body.error.code).toBe('invitation_used');
  });

  it('an existing account: the link adds them once signed in with that e-mail (not with another account)', async () => {
    const maria = w.member;
    await w.teamLeader.agent.post(path).send({ people: [{ name: 'Maria', email: maria.user.email }], positions: [w.bateria] }).expect(201);
    const token = await tokenSentTo(maria.user.email);
    expect((await request(w.t.app).get(`/api/email-invitations/${token}`).expect(200)).body.has_account).toBe(true);
    expect((await request(w.t.app).post(`/api/email-invitations/${token}/accept`).set('Content-Type', 'application/json').send({}).expect(401)).body.error.code).toBe('unauthenticated');
    const someoneElse = await signedInAgent(w.t.app, w.t.database);
    expect((await someoneElse.agent.post(`/api/email-invitations/${token}/accept`).expect(422)).body.error).toMatchObject({ code: 'email_mismatch', email: maria.user.email });
    const accepted = await maria.agent.post(`/api/email-invitations/${token}/accept`).expect(200);
    expect(accepted.body).toEqual({ church_id: w.churchA, department_id: w.louvor, positions: [{ id: w.bateria, name: 'Bateria' }] });
    const audit = await w.t.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_id', '=', maria.user.id).where('action', '=', 'team_member_added').execute();
    expect(audit).toEqual([{ action: 'team_member_added', actor_id: maria.user.id }]);
  });

  it('an address already pending keeps its one invitation (no second e-mail); bad addresses 400', async () => {
    const email = uniqueEmail('dupla');
    const first = await w.teamLeader.agent.post(path).send({ people: [{ name: 'Duda', email }], positions: [] }).expect(201);
    const again = await w.teamLeader.agent.post(path).send({ people: [{ name: 'Duda', email }, { name: 'Duda 2', email }], positions: [] }).expect(201);
    expect(again.body).toEqual(first.body);
    await tokenSentTo(email);
    expect(await w.t.database.db.selectFrom('invitations').select('id').where('email', '=', email).execute()).toHaveLength(1);
    const bad = await w.teamLeader.agent.post(path).send({ people: [{ name: 'X', email: 'não é e-mail' }], positions: [] }).expect(400);
    expect(bad.body.error.code).toBe('invalid_request');
    expect((await w.teamLeader.agent.post(path).send({ people: [], positions: [] }).expect(400)).body.error.code).toBe('invalid_request');
    expect((await w.teamLeader.agent.post(path).send({ people: [{ name: 'Y', email: uniqueEmail() }], positions: [w.professor] }).expect(422)).body.error.code).toBe('unknown_position');
  });

  it('cancel: 204, the link then answers 404; cancelling again 409 invitation_closed', async () => {
    const email = uniqueEmail('cancelada');
    const id = (await w.teamLeader.agent.post(path).send({ people: [{ name: 'Célia', email }], positions: [] }).expect(201)).body[0].id as number;
    const token = await tokenSentTo(email);
    await w.teamLeader.agent.delete(`/api/invitations/${id}`).expect(204);
    expect((await request(w.t.app).get(`/api/email-invitations/${token}`).expect(404)).body.error.code).toBe('not_found');
    expect((await request(w.t.app).post('/api/auth/register').send({ name: 'Célia', email, password: TEST_PASSWORD, invitation: token }).expect(404)).body.error.code).toBe('not_found');
    expect((await w.teamLeader.agent.delete(`/api/invitations/${id}`).expect(409)).body.error.code).toBe('invitation_closed');
    expect((await w.teamLeader.agent.post(`/api/invitations/${id}/resend`).expect(409)).body.error.code).toBe('invitation_closed');
    const listed = (await w.teamLeader.agent.get(path).expect(200)).body.find((invitation: { id: number }) => invitation.id === id);
    expect(listed.status).toBe('cancelled');
  });

  it('resend: not within the hour (429 too_many_attempts, Retry-After); after it, a new link and the old one stops working', async () => {
    const email = uniqueEmail('reenvio');
    const id = (await w.teamLeader.agent.post(path).send({ people: [{ name: 'Rita', email }], positions: [w.vocal] }).expect(201)).body[0].id as number;
    const first = await tokenSentTo(email);
    try {
      outbox.at(new Date(Date.parse(NETWORK_NOW) + 59 * 60_000));
      const early = await w.teamLeader.agent.post(`/api/invitations/${id}/resend`).expect(429);
      expect(early.body.error.code).toBe('too_many_attempts');
      expect(early.headers['retry-after']).toBe('60');
      outbox.at(new Date(Date.parse(NETWORK_NOW) + 60 * 60_000));
      const resent = await w.teamLeader.agent.post(`/api/invitations/${id}/resend`).expect(200);
      expect(resent.body).toMatchObject({ id, status: 'pending', sent_at: new Date(Date.parse(NETWORK_NOW) + 60 * 60_000).toISOString() });
      const second = await tokenSentTo(email, 2);
      expect(second).not.toBe(first);
      expect((await request(w.t.app).get(`/api/email-invitations/${first}`).expect(404)).body.error.code).toBe('not_found');
      await request(w.t.app).get(`/api/email-invitations/${second}`).expect(200);
      expect((await w.teamLeader.agent.post(`/api/invitations/${id}/resend`).expect(429)).body.error.code).toBe('too_many_attempts');
    } finally {
      outbox.at(NETWORK_NOW);
    }
  });

  it('expired (by the clock): 410 invitation_expired', async () => {
    const email = uniqueEmail('expira');
    await w.teamLeader.agent.post(path).send({ people: [{ name: 'Eva', email }], positions: [] }).expect(201);
    const token = await tokenSentTo(email);
    try {
      w.t.clock.set(new Date(Date.parse(NETWORK_NOW) + 30 * 86_400_000));
      expect((await request(w.t.app).get(`/api/email-invitations/${token}`).expect(410)).body.error.code).toBe('invitation_expired');
    } finally {
      w.t.clock.set(NETWORK_NOW);
    }
  });

  it('scope: a leader of another team and a member 403, signed out 401', async () => {
    const email = uniqueEmail('escopo');
    const other = `/api/teams/${w.churchB}/${w.louvor}/invitations`;
    expect((await w.teamLeader.agent.post(other).send({ people: [{ name: 'X', email }], positions: [] }).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.teamLeader.agent.get(other).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.member.agent.get(path).expect(403)).body.error.code).toBe('forbidden');
    expect((await request(w.t.app).get(path).expect(401)).body.error.code).toBe('unauthenticated');
    const foreign = (await w.admin.agent.post(other).send({ people: [{ name: 'X', email }], positions: [] }).expect(201)).body[0].id as number;
    expect((await w.teamLeader.agent.delete(`/api/invitations/${foreign}`).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.teamLeader.agent.post(`/api/invitations/${foreign}/resend`).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.admin.agent.delete('/api/invitations/999999').expect(404)).body.error.code).toBe('not_found');
    // Ids that are no ids: 400.
    expect((await w.admin.agent.delete('/api/invitations/abc').expect(400)).body.error.code).toBe('invalid_request');
    expect((await w.admin.agent.get(`/api/teams/0/${w.louvor}/invitations`).expect(400)).body.error.code).toBe('invalid_request');
    expect((await w.admin.agent.post('/api/invitations/2147483648/resend').expect(400)).body.error.code).toBe('invalid_request');
  });
  it('an account removed (docs/product.md §11): the invitations sent to its address go with it', async () => {
    const email = uniqueEmail('sai');
    await w.teamLeader.agent.post(path).send({ people: [{ name: 'Sara Sai', email }], positions: [w.vocal] }).expect(201);
    const token = await tokenSentTo(email);
    const agent = request.agent(w.t.app);
    await agent.post('/api/auth/register').send({ name: 'Sara Sai', email, password: TEST_PASSWORD, invitation: token }).expect(201);
    // A second team invites her too, still pending.
    await w.admin.agent.post(`/api/teams/${w.churchB}/${w.louvor}/invitations`).send({ people: [{ name: 'Sara Sai', email }], positions: [] }).expect(201);
    expect(await w.t.database.db.selectFrom('invitations').select('status').where('email', '=', email).orderBy('id').execute()).toEqual([{ status: 'accepted' }, { status: 'pending' }]);
    await agent.delete('/api/me').send({ password: TEST_PASSWORD }).expect(204);
    expect(await w.t.database.db.selectFrom('invitations').select('id').where('email', '=', email).execute()).toEqual([]);
  });
});
