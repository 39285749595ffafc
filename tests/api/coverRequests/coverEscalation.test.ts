import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDueCoverRequests } from '../../../server/coverRequests/public.ts';
import type { SignedIn } from '../../support/authAgent.ts';
import { outboxRows, smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { coverWorld, type CoverWorld } from './coverWorld.ts';

const HOUR = 3_600_000;
const at = (base: string, hours: number) => new Date(Date.parse(base) + hours * HOUR);

/**
 * docs/product.md §10: a request still open COVER_ESCALATE_HOURS (24) before its event is escalated once to the team's
 * leaders, and expires at the start — on a clock the test sets; and the e-mails of one request, as sent.
 */
describe.each(testDatabases)('cover requests over time on $name', ({ open }) => {
  let sink: SmtpSink;
  let w: CoverWorld;
  let rita: SignedIn;
  let edu: SignedIn;
  let outbox: OutboxHarness | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await coverWorld(open, smtpEnv(sink));
    rita = await w.person('Rita Requer', [w.vocal]);
    edu = await w.person('Edu Elegível', [w.vocal]);
  });
  afterEach(async () => {
    await outbox?.stop();
    outbox = undefined;
  });
  afterAll(async () => {
    await w?.t.database.dispose();
    await sink?.close();
  });

  const escalations = async (request: number) =>
    (await outboxRows(w.t.database)).filter((row) => row.kind === 'cover_escalated' && JSON.parse(row.payload).cover_request_id === request).map((row) => row.recipient_id);

  it('escalates once, 24 h before, to the team’s leaders — however many instances sweep — then expires at the start', async () => {
    const start = '2030-01-06T22:00:00.000Z';
    w.t.clock.set(at(start, -72));
    const allocation = await w.allocate(await w.event(start), rita);
    const request = (await rita.agent.post(`/api/allocations/${allocation}/cover`).send({ note: 'Plantão no hospital.' }).expect(201)).body.id as number;
    const sweep = (hours: number) => closeDueCoverRequests(w.t.database.db, { now: at(start, hours), escalateHours: w.t.config.coverEscalateHours });

    expect(await sweep(-24.5)).toEqual({ expired: 0, withdrawn: 0, escalated: 0 });
    expect(await escalations(request)).toEqual([]);
    // Three instances sweep at the same moment: one escalation, one message per leader.
    const results = await Promise.all([sweep(-24), sweep(-24), sweep(-24)]);
    expect(results.reduce((sum, result) => sum + result.escalated, 0)).toBe(1);
    expect((await escalations(request)).sort((a, b) => a - b)).toEqual([w.admin.user.id, w.teamLeader.user.id].sort((a, b) => a - b));
    expect(await sweep(-2)).toEqual({ expired: 0, withdrawn: 0, escalated: 0 });

    expect(await sweep(0)).toEqual({ expired: 1, withdrawn: 0, escalated: 0 });
    const stored = await w.t.database.db.selectFrom('cover_requests').select(['status', 'closed_at', 'escalated_at']).where('id', '=', request).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'expired', closed_at: at(start, 0).toISOString(), escalated_at: at(start, -24).toISOString() });
    expect((await escalations(request)).length).toBe(2);
    w.t.clock.set(at(start, 0));
    expect((await edu.agent.get('/api/me/cover-requests').expect(200)).body).toEqual([]);
  });

  it('a request nobody swept before its event starts is never escalated, only expired; a declined place’s request is withdrawn', async () => {
    const start = '2030-01-08T22:00:00.000Z';
    w.t.clock.set(at(start, -30));
    const allocation = await w.allocate(await w.event(start), rita);
    const request = (await rita.agent.post(`/api/allocations/${allocation}/cover`).send({}).expect(201)).body.id as number;
    expect(await closeDueCoverRequests(w.t.database.db, { now: at(start, 1), escalateHours: 24 })).toEqual({ expired: 1, withdrawn: 0, escalated: 0 });
    expect(await escalations(request)).toEqual([]);

    const other = await w.allocate(await w.event('2030-01-15T22:00:00.000Z'), rita);
    w.t.clock.set('2030-01-09T12:00:00.000Z');
    const second = (await rita.agent.post(`/api/allocations/${other}/cover`).send({}).expect(201)).body.id as number;
    await rita.agent.post(`/api/allocations/${other}/response`).send({ answer: 'declined' }).expect(200);
    expect(await closeDueCoverRequests(w.t.database.db, { now: new Date('2030-01-09T12:01:00.000Z'), escalateHours: 24 })).toEqual({ expired: 0, withdrawn: 1, escalated: 0 });
    expect((await w.t.database.db.selectFrom('cover_requests').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status).toBe('withdrawn');
  });

  it('sends the e-mails of one request through the outbox: asked, escalated by the worker’s own sweep, taken', async () => {
    const start = '2030-01-10T22:00:00.000Z';
    w.t.clock.set(at(start, -48));
    const allocation = await w.allocate(await w.event(start), rita);
    outbox = await startOutbox(w.t, sink);
    await outbox.settle();
    const before = sink.received.length;
    const request = (await rita.agent.post(`/api/allocations/${allocation}/cover`).send({ note: 'Plantão no hospital.' }).expect(201)).body.id as number;
    await outbox.settle();
    outbox.at(at(start, -23));
    await outbox.settle();
    w.t.clock.set(at(start, -22));
    await edu.agent.post(`/api/cover-requests/${request}/accept`).expect(200);
    outbox.worker.wake();
    await outbox.settle();

    const mails = await Promise.all(sink.received.slice(before).map((mail) => sink.parse(mail)));
    const seen = mails.map((mail) => ({ to: (mail.to as { text: string }).text, subject: mail.subject ?? '', text: mail.text ?? '' }));
    const to = (person: SignedIn) => seen.filter((mail) => mail.to.includes(person.user.email));
    // Asked: the people who may take the place (Edu, and Tina of the team), with the link; no note.
    const asked = to(edu).find((mail) => mail.subject.startsWith('Pedido de cobertura'))!;
    expect(asked.text).toContain(`Rita Requer precisa de alguém para servir no lugar dele(a) em Louvor (Vocal)`);
    expect(asked.text).toContain(`Assumir: https://portal.igreja.test/events?cobertura=${request}`);
    expect(asked.text).not.toContain('Plantão');
    expect(to(w.teamLeader).map((mail) => mail.subject.split(':')[0])).toEqual(['Pedido de cobertura', 'Cobertura em aberto', 'Cobertura assumida']);
    // Escalated to the leaders (they read the note), then taken: the requester and the leaders are told.
    const escalated = to(w.admin).find((mail) => mail.subject.startsWith('Cobertura em aberto'))!;
    expect(escalated.text).toContain('Recado: Plantão no hospital.');
    const taken = to(rita).find((mail) => mail.subject.startsWith('Cobertura assumida'))!;
    expect(taken.text).toContain('Edu Elegível assumiu seu lugar em Louvor (Vocal)');
    expect(to(rita).length).toBe(1);
    expect(to(edu).length).toBe(1);
    if (process.env.COVER_MAIL_DUMP) {
      fs.writeFileSync(process.env.COVER_MAIL_DUMP, seen.map((mail) => `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`).join('\n\n------------------------------------------------------------\n\n'));
    }
  });
});
