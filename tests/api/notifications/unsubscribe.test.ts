import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../../support/authAgent.ts';
import { createEvent, departmentId, ESCALAS_NOW, escalasWorld, HOUR, postAllocation, shift, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { outboxRows, settled, smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const POLL = { timeout: 10_000 };
const LINK = /^<https:\/\/portal\.igreja\.test(\/api\/unsubscribe\/(\d+\.[\w-]{32}))>$/;

/** A header of a received message, as the SMTP server got it (unfolded). */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe.each(testDatabases)('one-click unsubscribe (RFC 8058) on $name (issue 21, validators)', ({ open }) => {
  let sink: SmtpSink;
  let w: EscalasWorld;
  let outbox: OutboxHarness;
  let slot = 0;
  const nextEvent = () => createEvent(w.t.database, shift(ESCALAS_NOW, (100 + 6 * slot++) * HOUR));

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await escalasWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    await departmentId(w.t.database, 'Louvor');
    outbox = await startOutbox(w.t, sink);
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  const emailOn = async (agent: EscalasWorld['member']['agent']) =>
    ((await agent.get('/api/me/preferences').expect(200)).body as { email_notifications: boolean }).email_notifications;

  it('a notification carries the headers; the link’s GET only shows a page; the POST a mail app sends turns e-mail off', async () => {
    const member = await signedInAgent(w.t.app, w.t.database, { name: 'Nina Prado' });
    await postAllocation(w.leader.agent, await nextEvent(), { department: 'Louvor', member: member.user.id }).expect(201);
    await expect.poll(() => sink.to(member.user.email).length, POLL).toBe(1);
    const invitation = sink.to(member.user.email)[0]!;
    const link = LINK.exec(headerOf(invitation, 'List-Unsubscribe') ?? '');
    expect(link, headerOf(invitation, 'List-Unsubscribe')).not.toBeNull();
    expect(headerOf(invitation, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const path = link![1]!;
    expect(link![2]!.startsWith(`${member.user.id}.`)).toBe(true);

    // A link scanner (or the person) opening it changes nothing: a page with one button.
    const page = await request(w.t.app).get(path).set('Accept', 'text/html').expect(200);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('Não quero mais receber e-mails');
    expect(await emailOn(member.agent)).toBe(true);

    // The mail provider's POST: another site, a form body, no session.
    await request(w.t.app)
      .post(path)
      .set('Origin', 'https://mail.provedor.test')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await emailOn(member.agent)).toBe(false);

    // The next invitation is not sent.
    await postAllocation(w.leader.agent, await nextEvent(), { department: 'Louvor', member: member.user.id }).expect(201);
    await settled(w.t.database, () => w.t.clock.now);
    expect(sink.to(member.user.email)).toHaveLength(1);
    const rows = await outboxRows(w.t.database);
    expect(rows.filter((row) => row.recipient_id === member.user.id).map((row) => row.status)).toEqual(['sent', 'opted_out']);

    // A person's form POST from the page gets a page back.
    const again = await request(w.t.app).post(path).set('Accept', 'text/html').type('form').send('').expect(200);
    expect(again.text).toContain('E-mails cancelados');
  });

  it('a token changed in any way is refused (404) and turns nobody’s e-mail off', async () => {
    const victim = await signedInAgent(w.t.app, w.t.database, { name: 'Otto Lima' });
    const other = await signedInAgent(w.t.app, w.t.database, { name: 'Pia Souza' });
    await postAllocation(w.leader.agent, await nextEvent(), { department: 'Louvor', member: other.user.id }).expect(201);
    await expect.poll(() => sink.to(other.user.email).length, POLL).toBe(1);
    const token = LINK.exec(headerOf(sink.to(other.user.email)[0]!, 'List-Unsubscribe') ?? '')![2]!;
    const signature = token.split('.')[1]!;
    const forged = [`${victim.user.id}.${signature}`, `${other.user.id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, `${other.user.id}.curto`];
    for (const attempt of forged) {
      const res = await request(w.t.app).post(`/api/unsubscribe/${attempt}`).type('form').send('List-Unsubscribe=One-Click').expect(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Link para cancelar e-mails inválido.' } });
    }
    expect(await emailOn(victim.agent)).toBe(true);
    expect(await emailOn(other.agent)).toBe(true);
  });

  it('a password reset, which the person asked for, carries no unsubscribe link', async () => {
    const member = await signedInAgent(w.t.app, w.t.database, { name: 'Rita Melo' });
    await request(w.t.app).post('/api/auth/password-reset').send({ email: member.user.email }).expect(202);
    await expect.poll(() => sink.to(member.user.email).length, POLL).toBe(1);
    expect(headerOf(sink.to(member.user.email)[0]!, 'List-Unsubscribe')).toBeUndefined();
  });
});
