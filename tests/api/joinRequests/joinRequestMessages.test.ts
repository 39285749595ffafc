import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/**
 * docs/product.md §13 and §7: the e-mails of a join request, as an SMTP server receives them — the team's leaders and
 * the admins hear of the request (with the note), the member of the decision (positions, or the reason); a leader
 * who turned e-mail off gets none.
 */
describe.each(testDatabases)('join request e-mails on $name', ({ open }) => {
  let w: NetworkWorld;
  let sink: SmtpSink;
  let outbox: OutboxHarness;
  let ana: SignedIn;
  let caio: SignedIn;

  const statuses = async (kind: string) =>
    Object.fromEntries(
      (await w.t.database.db.selectFrom('outbox').select(['recipient_id', 'status']).where('kind', '=', kind).execute()).map((row) => [row.recipient_id, row.status]),
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await networkWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    ana = await signedInAgent(w.t.app, w.t.database, { name: 'Ana Nova' });
    caio = await signedInAgent(w.t.app, w.t.database, { name: 'Caio Calado' });
    // The admin turned e-mail off: the message is queued and ends opted_out, as every notification does.
    await w.admin.agent.patch('/api/me/preferences').send({ email_notifications: false }).expect(200);
    outbox = await startOutbox(w.t, sink);
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  it('tells the team’s leader who asks, for which positions, with the note and the link to decide', async () => {
    await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [w.vocal, w.bateria], note: 'Toco bateria há cinco anos.' }).expect(201);
    await outbox.settle();
    expect(sink.to(w.teamLeader.user.email)).toHaveLength(1);
    const parsed = await sink.parse(sink.to(w.teamLeader.user.email)[0]!);
    expect(parsed.subject).toBe('Pedido para servir: Ana Nova — Louvor · Igreja A');
    expect(parsed.text).toContain('Olá, Tina!');
    expect(parsed.text).toContain('Ana Nova quer servir em Louvor · Igreja A.');
    expect(parsed.text).toContain('Funções que pode assumir: Bateria, Vocal.');
    expect(parsed.text).toContain('Recado: Toco bateria há cinco anos.');
    expect(parsed.text).toContain('Pedidos para servir: https://portal.igreja.test/equipes');
    expect(parsed.html).toContain('href="https://portal.igreja.test/equipes"');
    expect(await statuses('join_requested')).toEqual({ [w.teamLeader.user.id]: 'sent', [w.admin.user.id]: 'opted_out' });
    expect(sink.to(w.admin.user.email)).toHaveLength(0);
    expect(sink.to(w.legacyLeader.user.email)).toHaveLength(0);
  });

  it('tells the member they joined, with the positions the leader chose', async () => {
    const [mine] = (await ana.agent.get('/api/me/join-requests').expect(200)).body as Array<{ id: number }>;
    await w.teamLeader.agent.post(`/api/join-requests/${mine!.id}/approve`).send({ positions: [w.bateria] }).expect(200);
    await outbox.settle();
    const parsed = await sink.parse(sink.to(ana.user.email).at(-1)!);
    expect(parsed.subject).toBe('Pedido aprovado: Louvor · Igreja A');
    expect(parsed.text).toContain('Olá, Ana!');
    expect(parsed.text).toContain('Seu pedido para servir em Louvor · Igreja A foi aprovado: agora você faz parte da equipe.');
    expect(parsed.text).toContain('Suas funções: Bateria.');
    expect(await statuses('join_approved')).toEqual({ [ana.user.id]: 'sent' });
  });

  it('tells the member the leaders declined, with their reason', async () => {
    await outbox.stop();
    const asked = await caio.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [] }).expect(201);
    await w.teamLeader.agent.post(`/api/join-requests/${asked.body.id}/decline`).send({ reason: 'Agora só no próximo semestre.' }).expect(200);
    outbox = await startOutbox(w.t, sink);
    await outbox.settle();
    // Declined before the worker ran: the leaders' message about a request no longer pending is skipped.
    const rows = await w.t.database.db.selectFrom('outbox').select(['status', 'payload']).where('kind', '=', 'join_requested').where('recipient_id', '=', w.teamLeader.user.id).execute();
    expect(rows.map((row) => [JSON.parse(row.payload).join_request_id, row.status])).toEqual([
      [expect.any(Number), 'sent'],
      [asked.body.id, 'skipped'],
    ]);
    expect(sink.to(caio.user.email)).toHaveLength(1);
    const parsed = await sink.parse(sink.to(caio.user.email)[0]!);
    expect(parsed.subject).toBe('Pedido para servir não aprovado: Louvor · Igreja A');
    expect(parsed.text).toContain('Seu pedido para servir em Louvor · Igreja A não foi aprovado.');
    expect(parsed.text).toContain('Motivo: Agora só no próximo semestre.');
  });
});
