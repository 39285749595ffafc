import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const POLL = { timeout: 15_000, interval: 20 };

/**
 * docs/product.md §10 and §7: the SOS e-mail names the place and its link signs the person up; it is skipped once the
 * place is filled. The nudge asks a pending member to answer, and is skipped once they did.
 */
describe.each(testDatabases)('SOS and nudge e-mails on $name', ({ open }) => {
  let w: NetworkWorld;
  let sink: SmtpSink;
  let outbox: OutboxHarness;
  let vera: SignedIn;
  let rui: SignedIn;

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await networkWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    [vera, rui] = (await Promise.all([signedInAgent(w.t.app, w.t.database, { name: 'Vera Vocal' }), signedInAgent(w.t.app, w.t.database, { name: 'Rui Reserva' })])) as [SignedIn, SignedIn];
    for (const someone of [vera, rui]) await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${someone.user.id}`).send({ positions: [w.vocal] }).expect(200);
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  it('an SOS: pt-BR text and HTML with the place, the note and the sign-up link; not sent once the place is filled', async () => {
    const event = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-10T22:00:00.000Z', church_id: w.churchA });
    await w.admin.agent.put(`/api/events/${event}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    const sent = await w.teamLeader.agent.post(`/api/events/${event}/sos`).send({ department_id: w.louvor, position_id: w.vocal, note: 'Nosso vocal adoeceu.' }).expect(202);
    expect(sent.body.notified).toBe(3);
    // Vera signs up before the worker runs: the others' SOS is no longer true, and is skipped.
    await vera.agent.post(`/api/events/${event}/signups`).send({ department_id: w.louvor, position_id: w.vocal }).expect(201);
    outbox = await startOutbox(w.t, sink);
    await outbox.settle();
    const rows = await w.t.database.db.selectFrom('outbox').select(['recipient_id', 'status']).where('kind', '=', 'sos').execute();
    expect(rows.map((row) => row.status)).toEqual(['skipped', 'skipped', 'skipped']);
    await outbox.stop();

    const second = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-17T22:00:00.000Z', church_id: w.churchA });
    await w.admin.agent.put(`/api/events/${second}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    await w.teamLeader.agent.post(`/api/events/${second}/sos`).send({ department_id: w.louvor, position_id: w.vocal, note: 'Nosso vocal adoeceu.' }).expect(202);
    outbox = await startOutbox(w.t, sink);
    await expect.poll(() => sink.to(rui.user.email).length, POLL).toBe(1);
    const parsed = await sink.parse(sink.to(rui.user.email)[0]!);
    const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date('2030-03-17T22:00:00.000Z'));
    expect(parsed.subject).toBe(`Vaga aberta: Evento — ${when} (Louvor (Vocal))`);
    expect(parsed.text).toContain('Olá, Rui!');
    expect(parsed.text).toContain(`Falta uma pessoa em Louvor (Vocal) no Evento · Igreja A — ${when}.`);
    expect(parsed.text).toContain('Recado da liderança: Nosso vocal adoeceu.');
    expect(parsed.text).toContain(`Quero servir: https://portal.igreja.test/?vaga=${second}-${w.louvor}-${w.vocal}`);
    expect(parsed.html).toContain(`href="https://portal.igreja.test/?vaga=${second}-${w.louvor}-${w.vocal}"`);
    expect(parsed.html).toContain('Quero servir');
  });

  it('a nudge: asks the pending member to answer; skipped once they did', async () => {
    const event = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-24T22:00:00.000Z', church_id: w.churchA });
    await postAllocation(w.admin.agent, event, { department: w.louvor, member: rui.user.id }).expect(201);
    const veraPlace = await postAllocation(w.admin.agent, event, { department: w.louvor, member: vera.user.id }).expect(201);
    await outbox.settle();
    await outbox.stop();
    const before = sink.to(rui.user.email).length;
    expect((await w.teamLeader.agent.post(`/api/events/${event}/nudge`).expect(202)).body.notified).toBe(2);
    await vera.agent.post(`/api/allocations/${veraPlace.body.id}/response`).send({ answer: 'confirmed' }).expect(200);
    outbox = await startOutbox(w.t, sink);
    await expect.poll(() => sink.to(rui.user.email).length, POLL).toBe(before + 1);
    await outbox.settle();
    const parsed = await sink.parse(sink.to(rui.user.email).at(-1)!);
    expect(parsed.subject).toMatch(/^Falta sua resposta: Evento — .* \(Louvor\)$/);
    expect(parsed.text).toContain('e a liderança ainda não sabe se você pode servir.');
    expect(parsed.text).toContain('Responder: https://portal.igreja.test/events');
    const nudges = await w.t.database.db.selectFrom('outbox').select(['recipient_id', 'status']).where('kind', '=', 'nudge').orderBy('recipient_id').execute();
    expect(Object.fromEntries(nudges.map((row) => [row.recipient_id, row.status]))).toEqual({ [rui.user.id]: 'sent', [vera.user.id]: 'skipped' });
  });
});
