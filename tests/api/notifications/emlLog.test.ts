import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker, type OutboxWorker } from '../../../server/notifications/outboxWorker.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent } from '../../support/authAgent.ts';
import { createEvent, departmentId, ESCALAS_NOW, HOUR, postAllocation, shift } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { capturingLogger, type CapturedLine } from '../hardening/logCapture.ts';

const AN_ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

/**
 * Issue 25, attack item 10: in the embedded `.eml` mode (no SMTP_URL) the log says which outbox row was written
 * and of what kind — never to whom (a password reset's line told who asked for one).
 */
describe.each(testDatabases)('the .eml mode’s log lines on $name', ({ open }) => {
  let t: ApiTestApp;
  let dataDir: string;
  let worker: OutboxWorker | undefined;
  let lines: CapturedLine[];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-eml-'));
    t = await apiTestApp(open, { DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.igreja.test', REMINDER_HOURS: 'off' });
    t.clock.set(ESCALAS_NOW);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a drain writes every message to a file and logs its outbox id and kind, no e-mail address', async () => {
    const leader = await signedInAgent(t.app, t.database, { role: 'leader', name: 'Levi Líder' });
    const member = await signedInAgent(t.app, t.database, { name: 'Rita Registro' });
    await departmentId(t.database, 'Louvor');
    const eventId = await createEvent(t.database, shift(ESCALAS_NOW, 100 * HOUR));
    const allocation = (await postAllocation(leader.agent, eventId, { department: 'Louvor', member: member.user.id }).expect(201)).body as { id: number };
    await member.agent.post(`/api/allocations/${allocation.id}/response`).send({ answer: 'declined', reason: 'Viagem' }).expect(200);
    await request(t.app).post('/api/auth/password-reset').send({ email: member.user.email }).expect(202);
    const queued = await t.database.db.selectFrom('outbox').select(['id', 'kind']).orderBy('id').execute();
    expect(queued.map((row) => row.kind).sort()).toEqual(['declined', 'invitation', 'password_reset']);

    const captured = capturingLogger();
    lines = captured.lines;
    worker = startOutboxWorker({ database: t.database, config: t.config, logger: captured.logger, now: () => t.clock.now, pollMs: 25 });
    await worker.settle();
    const outcomes = await t.database.db.selectFrom('outbox').select(['id', 'kind', 'status']).orderBy('id').execute();
    expect(outcomes.filter((row) => row.status === 'queued')).toEqual([]);
    const sent = outcomes.filter((row) => row.status === 'sent');
    expect(sent.map((row) => row.kind)).toContain('password_reset');

    const written = lines.filter((line) => String(line.msg).startsWith('e-mail gravado'));
    expect(written.map((line) => ({ outbox: line.outbox, kind: line.kind })).sort((a, b) => Number(a.outbox) - Number(b.outbox))).toEqual(sent.map((row) => ({ outbox: row.id, kind: row.kind })));
    for (const line of lines) expect(JSON.stringify(line)).not.toMatch(AN_ADDRESS);
    for (const email of [member.user.email, leader.user.email]) expect(JSON.stringify(lines)).not.toContain(email);
    // The files hold the messages, addresses and all: that is where they belong.
    const files = fs.readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(sent.length);
  });
});
