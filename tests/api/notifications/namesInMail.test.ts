import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../../support/authAgent.ts';
import { createEvent, departmentId, ESCALAS_NOW, escalasWorld, HOUR, postAllocation, shift, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const POLL = { timeout: 10_000 };
/** A display name that looks like an address: printable, so the API takes it (issue 25, attack item 9). */
const LOOKALIKE = 'Carla <evil2@attacker.test>';

const addresses = (header: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(header) ? header : header ? [header] : []).flatMap((object) => object.value);

/**
 * A name is never an address in a message: the recipient goes into the headers as nodemailer's address object
 * (name + address, the name quoted), and the name is plain text in the body, escaped in the HTML.
 */
describe.each(testDatabases)('a name that looks like an address, in e-mails, on $name', ({ open }) => {
  let sink: SmtpSink;
  let w: EscalasWorld;
  let outbox: OutboxHarness;
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

  it('the invitation and the decline notice go only to the real addresses; the name reads as text', async () => {
    const carla = await signedInAgent(w.t.app, w.t.database, { name: LOOKALIKE });
    const eventId = await createEvent(w.t.database, shift(ESCALAS_NOW, 100 * HOUR));
    const allocation = (await postAllocation(w.leader.agent, eventId, { department: 'Louvor', member: carla.user.id }).expect(201)).body as { id: number };
    await expect.poll(() => sink.to(carla.user.email).length, POLL).toBe(1);
    await carla.agent.post(`/api/allocations/${allocation.id}/response`).send({ answer: 'declined', reason: 'Viagem' }).expect(200);
    await expect.poll(() => sink.to(w.leader.user.email).length, POLL).toBe(1);

    // The envelope: nobody at attacker.test was ever a recipient.
    expect(sink.received.flatMap((mail) => mail.to).filter((address) => address.includes('attacker.test'))).toEqual([]);

    const invitation = await sink.parse(sink.to(carla.user.email)[0]!);
    expect(addresses(invitation.to)).toEqual([{ name: LOOKALIKE, address: carla.user.email }]);
    expect(invitation.text).toContain('Olá, Carla!');

    const notice = await sink.parse(sink.to(w.leader.user.email)[0]!);
    expect(addresses(notice.to)).toEqual([{ name: 'Levi Líder', address: w.leader.user.email }]);
    for (const header of [notice.from, notice.cc, notice.bcc, notice.replyTo]) {
      expect(addresses(header).map((entry) => entry.address)).not.toContain('evil2@attacker.test');
    }
    expect(notice.subject).toMatch(/^Carla <evil2@attacker\.test> não pode servir: Culto · /);
    expect(notice.text).toContain(`${LOOKALIKE} não pode servir: Culto · `);
    expect(notice.html).toContain('Carla &lt;evil2@attacker.test&gt;');
    expect(notice.html).not.toContain('<evil2@attacker.test>');
  });
});
