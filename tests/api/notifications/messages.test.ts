import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAgent } from '../../support/authAgent.ts';
import { createEvent, departmentId, ESCALAS_NOW, escalasWorld, HOUR, postAllocation, shift, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { settled, smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { nameKey } from '../../../shared/nameKey.ts';

/** Messages go out within a second or so; a loaded machine gets more time. */
const POLL = { timeout: 10_000 };

/** The answer token in an invitation's text. */
const ANSWER_LINK = /https:\/\/portal\.igreja\.test\/events\?resposta=([\w-]{43})/g;

describe.each(testDatabases)('the messages of an escala on $name', ({ open }) => {
  let sink: SmtpSink;
  let w: EscalasWorld;
  let outbox: OutboxHarness;
  let slot = 0;
  /** An event a few days ahead (never within a reminder's hours of the clock: these tests are not about reminders). */
  const nextEvent = () => createEvent(w.t.database, shift(ESCALAS_NOW, (100 + 6 * slot++) * HOUR));

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await escalasWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    await departmentId(w.t.database, 'Louvor');
    outbox = await startOutbox(w.t, sink);
  });
  afterEach(() => w.t.clock.set(ESCALAS_NOW));
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  const deliveryOf = async (eventId: number, allocationId: number) => {
    const list = await w.leader.agent.get(`/api/events/${eventId}/allocations`).expect(200);
    return (list.body as Array<{ id: number; delivery: unknown }>).find((allocation) => allocation.id === allocationId)?.delivery;
  };

  it('invites the allocated member: event, department, Confirmar and Não posso links that answer, the event as .ics; the leader sees queued, then sent', async () => {
    const member = await signedInAgent(w.t.app, w.t.database, { name: 'Joana Prado' });
    const eventId = await nextEvent();
    outbox.worker.stop();
    const res = await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: member.user.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body.delivery).toBe('queued');
    expect(await deliveryOf(eventId, res.body.id)).toBe('queued');
    outbox = await startOutbox(w.t, sink);

    await expect.poll(() => sink.to(member.user.email).length, POLL).toBe(1);
    const mail = sink.to(member.user.email)[0]!;
    expect(mail.from).toBe('escalas@igreja.test');
    const parsed = await sink.parse(mail);
    const datetime = shift(ESCALAS_NOW, (100 + 6 * (slot - 1)) * HOUR);
    const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(datetime));
    expect(parsed.subject).toBe(`Convite: Culto · ${when} · Louvor`);
    expect(parsed.text).toContain('Olá, Joana!');
    expect(parsed.text).toContain('Levi Líder escalou você para servir em Louvor.');
    expect(parsed.text).toContain(`Culto · ${when} · Louvor.`);
    const links = [...(parsed.text ?? '').matchAll(ANSWER_LINK)];
    expect(links.map((link) => link[0].split('=')[0])).toEqual(['https://portal.igreja.test/events?resposta', 'https://portal.igreja.test/events?resposta']);
    expect(parsed.text).toMatch(/Confirmar: https:\/\/portal\.igreja\.test\/events\?resposta=/);
    expect(parsed.text).toMatch(/Não posso: https:\/\/portal\.igreja\.test\/events\?resposta=/);
    expect(parsed.html).toContain('>Confirmar</a>');
    expect(parsed.html).toContain('>Não posso</a>');
    // The event as a calendar alternative (mail apps offer "add to calendar") and as an attached convite.ics.
    expect(mail.raw).toContain('Content-Type: text/calendar; charset=utf-8; method=PUBLISH');
    const calendar = parsed.attachments.find((attachment) => attachment.filename === 'convite.ics');
    expect(calendar?.contentType).toBe('application/ics');
    const ics = calendar!.content.toString('utf8');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`UID:allocation-${res.body.id}@koinonia`);
    expect(ics).toContain(`DTSTART:${datetime.replace(/[-:]/g, '').replace('.000', '')}`);

    // The link answers (GET reads only; POST answers), and the leader sees the message went out.
    const token = links[0]![1]!;
    const read = await request(w.t.app).get(`/api/responses/${token}`).expect(200);
    expect(read.body.allocation).toMatchObject({ id: res.body.id, status: 'pending' });
    await request(w.t.app).post(`/api/responses/${token}`).send({ answer: 'confirmed' }).expect(200);
    expect(await deliveryOf(eventId, res.body.id)).toBe('sent');
    // Once out, the raw token is gone from the outbox.
    const rows = await w.t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'invitation').execute();
    expect(rows.some((row) => row.payload.includes(token))).toBe(false);
  });

  it('tells the allocating leader when a member declines, with the reason', async () => {
    const member = await signedInAgent(w.t.app, w.t.database, { name: 'Caio Reis' });
    const eventId = await nextEvent();
    const allocation = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: member.user.id }).expect(201)).body as { id: number };
    await member.agent.post(`/api/allocations/${allocation.id}/response`).send({ answer: 'declined', reason: 'Estarei viajando' }).expect(200);
    await expect.poll(() => sink.to(w.leader.user.email).filter((mail) => mail.raw.includes('Caio Reis')).length, POLL).toBe(1);
    const parsed = await sink.parse(sink.to(w.leader.user.email).find((mail) => mail.raw.includes('Caio Reis'))!);
    expect(parsed.subject).toMatch(/^Caio Reis não pode servir: Culto · .+ · Louvor$/);
    expect(parsed.text).toContain('Olá, Levi!');
    expect(parsed.text).toContain('Motivo: Estarei viajando');
    // Saying it again (another reason) is no new decline.
    await member.agent.post(`/api/allocations/${allocation.id}/response`).send({ answer: 'declined', reason: 'Viagem' }).expect(200);
    await settled(w.t.database, () => w.t.clock.now);
    expect(sink.to(w.leader.user.email).filter((mail) => mail.raw.includes('Caio Reis'))).toHaveLength(1);
  });

  it('tells the allocated when their event moves (not a declined member), and when it is cancelled', async () => {
    const staying = await signedInAgent(w.t.app, w.t.database, { name: 'Bia Costa' });
    const declining = await signedInAgent(w.t.app, w.t.database, { name: 'Rui Alves' });
    const eventId = await nextEvent();
    const kept = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: staying.user.id }).expect(201)).body as { id: number };
    const gone = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: declining.user.id }).expect(201)).body as { id: number };
    // Both invited first (an invitation not yet sent when the member answers is not sent at all).
    await expect.poll(() => sink.to(staying.user.email).length + sink.to(declining.user.email).length, POLL).toBe(2);
    await staying.agent.post(`/api/allocations/${kept.id}/response`).send({ answer: 'confirmed' }).expect(200);
    await declining.agent.post(`/api/allocations/${gone.id}/response`).send({ answer: 'declined' }).expect(200);
    await settled(w.t.database, () => w.t.clock.now);

    const before = (await w.leader.agent.get(`/api/events/${eventId}`).expect(200)).body.datetime as string;
    const after = shift(before, 2 * HOUR);
    await w.leader.agent.patch(`/api/events/${eventId}`).send({ datetime: after }).expect(200);
    await expect.poll(() => sink.to(staying.user.email).length, POLL).toBe(2);
    const moved = await sink.parse(sink.to(staying.user.email)[1]!);
    expect(moved.subject).toMatch(/^Mudança de horário: Culto agora /);
    expect(moved.text).toContain('Mudou de horário o serviço Culto · Louvor:');
    expect(moved.text).toMatch(/antes: .*\n\nagora: /);
    // The same calendar entry as the invitation's, one revision later: calendar apps replace it (RFC 5545 SEQUENCE).
    const icsOf = async (raw: ReceivedMail) =>
      (await sink.parse(raw)).attachments.find((attachment) => attachment.filename?.endsWith('.ics'))!.content.toString('utf8');
    const invitationIcs = await icsOf(sink.to(staying.user.email)[0]!);
    const movedIcs = await icsOf(sink.to(staying.user.email)[1]!);
    expect(invitationIcs).toContain(`UID:allocation-${kept.id}@koinonia\r\nSEQUENCE:0\r\n`);
    expect(movedIcs).toContain(`UID:allocation-${kept.id}@koinonia\r\nSEQUENCE:1\r\n`);
    expect(movedIcs.endsWith('END:VCALENDAR\r\n')).toBe(true);

    await w.leader.agent.delete(`/api/events/${eventId}?confirm=true`).expect(204);
    await expect.poll(() => sink.to(staying.user.email).length, POLL).toBe(3);
    const cancelled = await sink.parse(sink.to(staying.user.email)[2]!);
    expect(cancelled.subject).toMatch(/^Cancelado: Culto — /);
    await settled(w.t.database, () => w.t.clock.now);
    // The declined member heard only the invitation.
    expect(sink.to(declining.user.email)).toHaveLength(1);
  });

  it('shows opted_out to leaders for a member who turned e-mail off, and sends them nothing', async () => {
    const member = await signedInAgent(w.t.app, w.t.database);
    await member.agent.patch('/api/me/preferences').send({ email_notifications: false }).expect(200);
    const eventId = await nextEvent();
    const allocation = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: member.user.id }).expect(201)).body as { id: number };
    await expect.poll(() => deliveryOf(eventId, allocation.id), POLL).toBe('opted_out');
    expect(sink.to(member.user.email)).toEqual([]);
  });

  it('names the church and the position everywhere: invitation, its .ics, the decline notice with a link to the team’s Lacunas, WhatsApp (issue 21, item 5)', async () => {
    const { db } = w.t.database;
    const at = w.t.clock.now.toISOString();
    const church = (await db.insertInto('churches').values({ name: 'Sede', name_key: nameKey('Sede'), city: null, created_at: at }).returning('id').executeTakeFirstOrThrow()).id;
    const louvor = await departmentId(w.t.database, 'Louvor');
    const vocal = (await db.insertInto('positions').values({ department_id: louvor, name: 'Vocal', name_key: nameKey('Vocal') }).returning('id').executeTakeFirstOrThrow()).id;
    const eventId = await nextEvent();
    await db.updateTable('events').set({ church_id: church }).where('id', '=', eventId).execute();
    const member = await signedInAgent(w.t.app, w.t.database, { name: 'Dora Dias' });
    const allocation = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: member.user.id, position: vocal }).expect(201)).body as { id: number };

    await expect.poll(() => sink.to(member.user.email).length, POLL).toBe(1);
    const invitation = await sink.parse(sink.to(member.user.email)[0]!);
    expect(invitation.subject).toMatch(/^Convite: Culto · Sede · .+ às \d\d:\d\d · Louvor — Vocal$/);
    const ics = invitation.attachments.find((attachment) => attachment.filename === 'convite.ics')!.content.toString('utf8');
    expect(ics).toContain('SUMMARY:Culto · Sede · Louvor — Vocal');
    expect(ics).toContain('LOCATION:Sede');

    const links = (await w.leader.agent.get(`/api/events/${eventId}/whatsapp`).expect(200)).body as { escala: { text: string } };
    expect(links.escala.text).toMatch(/^\*Escala — Culto · Sede\*\n.+\n\n\*Louvor\*\n• Dora Dias \(Vocal\) — aguardando resposta\n/);

    await member.agent.post(`/api/allocations/${allocation.id}/response`).send({ answer: 'declined' }).expect(200);
    await expect.poll(() => sink.to(w.leader.user.email).filter((mail) => mail.raw.includes('Dora Dias')).length, POLL).toBe(1);
    const notice = await sink.parse(sink.to(w.leader.user.email).find((mail) => mail.raw.includes('Dora Dias'))!);
    expect(notice.subject).toMatch(/^Dora Dias não pode servir: Culto · Sede · .+ · Louvor — Vocal$/);
    expect(notice.text).toContain(`Lacunas: https://portal.igreja.test/escalas/lacunas?igreja=${church}&departamento=${louvor}`);
  });

  it('gives leaders WhatsApp links: the escala as text without who declined, and each member with a phone their invitation', async () => {
    const withPhone = await signedInAgent(w.t.app, w.t.database, { name: 'Ana Souza' });
    const noPhone = await createTestUser(w.t.database, { name: 'Beto Lima' });
    await withPhone.agent.patch('/api/me/preferences').send({ phone: '(11) 98765-4321' }).expect(200);
    const eventId = await nextEvent();
    const first = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: withPhone.user.id }).expect(201)).body as { id: number };
    await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: noPhone.id }).expect(201);
    await withPhone.agent.post(`/api/allocations/${first.id}/response`).send({ answer: 'confirmed' }).expect(200);
    // Who declined is left out of the escala shared with the group (issue 21, item 6).
    const declines = await signedInAgent(w.t.app, w.t.database, { name: 'Caio Reis' });
    const declined = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: declines.user.id }).expect(201)).body as { id: number };
    await declines.agent.post(`/api/allocations/${declined.id}/response`).send({ answer: 'declined', reason: 'Plantão' }).expect(200);

    const links = (await w.leader.agent.get(`/api/events/${eventId}/whatsapp`).expect(200)).body as {
      escala: { text: string; url: string };
      members: Array<{ allocation_id: number; member: { id: number; name: string }; url: string }>;
    };
    expect(links.escala.text).toMatch(/^\*Escala — Culto\*\n.+\n\n\*Louvor\*\n• Ana Souza — confirmado\n• Beto Lima — aguardando resposta\n\nResponda em https:\/\/portal\.igreja\.test\/events$/);
    expect(links.escala.url).toBe(`https://wa.me/?text=${encodeURIComponent(links.escala.text)}`);
    expect(links.members).toHaveLength(1);
    expect(links.members[0]).toMatchObject({ allocation_id: first.id, member: { id: withPhone.user.id, name: 'Ana Souza' } });
    expect(links.members[0]!.url).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=Ol%C3%A1%2C%20Ana!/);

    await w.member.agent.get(`/api/events/${eventId}/whatsapp`).expect(403);
    await w.leader.agent.get('/api/events/999999/whatsapp').expect(404);
  });
});
