import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { createEvent, ESCALAS_NOW, escalasWorld, HOUR, MINUTE, postAllocation, shift, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const POLL = { timeout: 10_000 };
const DAY = 24 * HOUR;
const kindOf = (mail: ReceivedMail) => /^X-Koinonia-Message: (\S+)/m.exec(mail.raw)?.[1];

describe.each(testDatabases)('reminders (REMINDER_HOURS=48,3) on $name', ({ open }) => {
  /** Addresses whose reminders the SMTP server refuses for now (451). */
  const refuseReminders = new Set<string>();
  let sink: SmtpSink;
  let w: EscalasWorld;
  let outbox: OutboxHarness;
  /** Each test lives in its own month, after the previous test's: the clock only moves forward. */
  let month = 0;

  beforeAll(async () => {
    sink = await startSmtpSink({
      verdict: (mail) =>
        refuseReminders.has(mail.to[0]!) && kindOf(mail) === 'reminder' ? { accept: false, code: 451, message: 'Try again later' } : { accept: true },
    });
    w = await escalasWorld(open, smtpEnv(sink));
    outbox = await startOutbox(w.t, sink);
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  /** A fresh member and the start of this test's month, with the clock there. */
  async function freshStart(): Promise<{ member: SignedIn; base: string }> {
    const base = shift(ESCALAS_NOW, ++month * 30 * DAY);
    outbox.at(base);
    const member = await signedInAgent(w.t.app, w.t.database);
    return { member, base };
  }
  const allocate = async (member: SignedIn, datetime: string) => {
    const eventId = await createEvent(w.t.database, datetime);
    const res = await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: member.user.id });
    expect(res.status, res.text).toBe(201);
    return { eventId, id: res.body.id as number };
  };
  const remindersTo = (member: SignedIn) => sink.to(member.user.email).filter((mail) => kindOf(mail) === 'reminder');
  /** Moves the clock, lets the worker do all it would, and returns the reminders the member got so far. */
  const at = async (instant: string, member: SignedIn) => {
    outbox.at(instant);
    await outbox.settle();
    return remindersTo(member).length;
  };

  it('sends each reminder at its time, never before, once; the invitation before them', async () => {
    const { member, base } = await freshStart();
    const start = shift(base, 5 * DAY);
    await allocate(member, start);
    await expect.poll(() => sink.to(member.user.email).length, POLL).toBe(1);
    expect(kindOf(sink.to(member.user.email)[0]!)).toBe('invitation');

    expect(await at(shift(start, -48 * HOUR - 1000), member)).toBe(0);
    outbox.at(shift(start, -48 * HOUR));
    // At its moment, with the clock standing still: due means sent now, not at some later sweep.
    await expect.poll(() => remindersTo(member).length, POLL).toBe(1);
    const first = await sink.parse(remindersTo(member)[0]!);
    expect(first.subject).toBe('Lembrete: Culto em 2 dias');
    expect(first.text).toContain('(aguardando resposta)');
    expect(first.text).toContain('Ainda falta sua resposta');
    expect(await at(shift(start, -47 * HOUR), member)).toBe(1);
    expect(await at(shift(start, -3 * HOUR - 1000), member)).toBe(1);
    expect(await at(shift(start, -3 * HOUR), member)).toBe(2);
    expect((await sink.parse(remindersTo(member)[1]!)).subject).toBe('Lembrete: Culto em 3 horas');
    expect(await at(shift(start, 1 * MINUTE), member)).toBe(2);
    expect(await at(shift(start, 2 * DAY), member)).toBe(2);
  });

  it('reminds confirmed members, and never declined ones', async () => {
    const { member, base } = await freshStart();
    const declining = await signedInAgent(w.t.app, w.t.database);
    const start = shift(base, 5 * DAY);
    const confirmed = await allocate(member, start);
    const declined = await allocate(declining, shift(start, 10 * MINUTE));
    await member.agent.post(`/api/allocations/${confirmed.id}/response`).send({ answer: 'confirmed' }).expect(200);
    await declining.agent.post(`/api/allocations/${declined.id}/response`).send({ answer: 'declined' }).expect(200);
    expect(await at(shift(start, -48 * HOUR + 10 * MINUTE), member)).toBe(1);
    expect((await sink.parse(remindersTo(member)[0]!)).text).toContain('Obrigado por servir!');
    expect(await at(shift(start, -3 * HOUR + 10 * MINUTE), member)).toBe(2);
    expect(remindersTo(declining)).toEqual([]);
  });

  it('sends nothing for a deleted event but its cancellation', async () => {
    const { member, base } = await freshStart();
    const start = shift(base, 5 * DAY);
    const { eventId } = await allocate(member, start);
    await expect.poll(() => sink.to(member.user.email).length, POLL).toBe(1);
    await w.leader.agent.delete(`/api/events/${eventId}?confirm=true`).expect(204);
    expect(await at(shift(start, -3 * HOUR), member)).toBe(0);
    expect(sink.to(member.user.email).map(kindOf)).toEqual(['invitation', 'event_cancelled']);
  });

  it("merges a member's services of one day into one reminder per offset", async () => {
    const { member, base } = await freshStart();
    // 09:00 and 19:00 in São Paulo, the same day.
    const day = shift(base, 5 * DAY).slice(0, 10);
    const morning = `${day}T12:00:00.000Z`;
    const evening = `${day}T22:00:00.000Z`;
    await allocate(member, morning);
    await allocate(member, evening);
    expect(await at(shift(morning, -48 * HOUR), member)).toBe(1);
    const merged = await sink.parse(remindersTo(member)[0]!);
    expect(merged.subject).toBe('Lembrete: você serve em 2 dias');
    expect(merged.text).toContain('às 09:00');
    expect(merged.text).toContain('às 19:00');
    expect(await at(shift(evening, -48 * HOUR), member)).toBe(1);
    expect(await at(shift(morning, -3 * HOUR), member)).toBe(2);
    expect(await at(shift(evening, -3 * HOUR), member)).toBe(2);
  });

  it('gives an allocation made after a reminder moment only the later reminders', async () => {
    const { member, base } = await freshStart();
    const start = shift(base, 10 * HOUR);
    await allocate(member, start);
    expect(await at(shift(start, -4 * HOUR), member)).toBe(0);
    expect(await at(shift(start, -3 * HOUR), member)).toBe(1);
    expect((await sink.parse(remindersTo(member)[0]!)).subject).toBe('Lembrete: Culto em 3 horas');
  });

  it('skips a reminder once the event started: none queued after the start, and one still being retried is not sent late', async () => {
    const { member, base } = await freshStart();
    const start = shift(base, 5 * DAY);
    await allocate(member, start);
    expect(await at(shift(start, -48 * HOUR), member)).toBe(1);

    // The 3-hour reminder meets a refusing server, and its retry comes after the start.
    refuseReminders.add(member.user.email);
    outbox.at(shift(start, -3 * HOUR));
    await expect.poll(() => sink.attempts.get(member.user.email) ?? 0, POLL).toBe(3); // invitation, 48 h, refused 3 h
    await outbox.settle();
    refuseReminders.delete(member.user.email);
    expect(await at(shift(start, 1 * MINUTE), member)).toBe(1);
    const rows = await w.t.database.db.selectFrom('outbox').select(['kind', 'status']).where('recipient_id', '=', member.user.id).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: 'invitation', status: 'sent' },
      { kind: 'reminder', status: 'sent' },
      { kind: 'reminder', status: 'skipped' },
    ]);

    // A worker that was down over a whole event queues nothing for it afterwards.
    const late = await signedInAgent(w.t.app, w.t.database);
    const lateStart = shift(w.t.clock.now.toISOString(), 2 * DAY);
    await allocate(late, lateStart);
    expect(await at(shift(lateStart, 1 * MINUTE), late)).toBe(0);
  });
});
