import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';
import { seedDemo } from '../../server/demo/seedDemo.ts';
import { startOutboxWorker, type OutboxWorker } from '../../server/notifications/outboxWorker.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink.ts';
import { freePort } from '../support/processes.ts';
import { silentLogger } from '../support/testConfig.ts';
import { DEMO_LEADER_EMAIL, DEMO_PASSWORD, signInThroughForm } from './support/accounts.ts';
import { E2E_DEMO_PASSWORD } from './support/demoPassword.ts';
import { PortalVisit, WAIT_MS } from './support/portalBrowser.ts';
import { E2E_TIME_ZONE } from './support/portalServer.ts';

/**
 * The e-mailed answer link end to end: a portal of this file's own whose outbox worker sends to an SMTP server in
 * the test, a leader allocates a member, the member opens the link of the invitation signed out, the events
 * page asks, the member confirms, and the leader's Leader View shows "confirmado".
 */
describe('an e-mailed invitation, answered in the browser (issue 14)', { timeout: 240_000 }, () => {
  const dirs: string[] = [];
  let database: Database;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  let servers: RunningServer[] = [];
  let browser: Browser;
  let baseUrl: string;
  let api: ReturnType<typeof createApiApp>;

  beforeAll(async () => {
    const clientDir = inject('clientDir');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-mail-data-'));
    dirs.push(dataDir);
    sink = await startSmtpSink();
    const webPort = await freePort();
    baseUrl = `http://127.0.0.1:${webPort}`;
    const settings = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_TIMEZONE: E2E_TIME_ZONE, SMTP_URL: sink.url, PUBLIC_URL: baseUrl, REMINDER_HOURS: 'off' };
    const config = loadConfig(settings);
    database = await openDatabase({ dataDir });
    await seedDemo(database, config, { password: E2E_DEMO_PASSWORD });
    api = createApiApp({ database, config, logger: silentLogger });
    const apiServer = await listen(api, 0, '127.0.0.1');
    worker = startOutboxWorker({ database, config, logger: silentLogger, pollMs: 100 });
    const web = await listen(createWebApp({ config: loadConfig({ ...settings, EVENTS_API_URL: `http://127.0.0.1:${apiServer.port}` }), logger: silentLogger, clientDir }), webPort, '127.0.0.1');
    servers = [web, apiServer];
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.close();
    await worker?.stop();
    await sink?.close();
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('open the e-mailed link signed out, the dialog asks, confirm, the leader sees "confirmado"', async () => {
    // Arranged through the API: a member, an event tomorrow, the allocation (which queues the invitation).
    const email = 'joana.convite@igreja.test';
    await request(api).post('/api/auth/register').send({ name: 'Joana Convite', email, password: 'senha da joana 123' }).expect(201);
    const leader = request.agent(api);
    await leader.post('/api/auth/login').send({ email: DEMO_LEADER_EMAIL, password: DEMO_PASSWORD }).expect(200);
    const tomorrow = new Date(Date.now() + 30 * 60 * 60 * 1000).toISOString();
    const event = (await leader.post('/api/events').send({ datetime: tomorrow, event_type_id: null }).expect(201)).body as { id: number };
    await leader.post(`/api/events/${event.id}/allocations`).send({ department: 'Louvor', member: email }).expect(201);

    await expect.poll(() => sink.to(email).length, { timeout: WAIT_MS }).toBe(1);
    const invitation = await sink.parse(sink.to(email)[0]!);
    const link = /Confirmar: (\S+)/.exec(invitation.text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${baseUrl}/events\\?resposta=[\\w-]{43}$`));

    // The member's browser, never signed in.
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    memberContext.setDefaultTimeout(WAIT_MS);
    const page = await memberContext.newPage();
    await page.goto(link!);
    const dialog = page.getByRole('dialog', { name: 'Responder à escala' });
    await dialog.getByText('Você pode servir nesta escala?').waitFor();
    await dialog.getByText('Louvor').waitFor();
    await dialog.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await dialog.getByText('Presença confirmada. Obrigado!').waitFor();
    await memberContext.close();

    // The leader's Leader View.
    const leaderContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    leaderContext.setDefaultTimeout(WAIT_MS);
    const visit = new PortalVisit(await leaderContext.newPage(), baseUrl);
    await signInThroughForm(visit, DEMO_LEADER_EMAIL, DEMO_PASSWORD);
    await visit.page.getByRole('tab', { name: 'Leader View' }).click();
    const item = visit.page
      .getByRole('list', { name: 'Escala de membros' })
      .getByRole('listitem')
      .filter({ has: visit.page.locator(`[data-event-id="${event.id}"]`) });
    const row = item.locator('.event-allocations__item').filter({ hasText: 'Joana Convite' });
    await row.locator('.event-allocations__status', { hasText: 'confirmado' }).waitFor();
    expect(await row.locator('.event-allocations__delivery').innerText()).toBe('e-mail enviado');
    await item.getByRole('link', { name: 'Compartilhar no WhatsApp' }).waitFor();
    await leaderContext.close();
  });
});
