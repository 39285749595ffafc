import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';
import { seedDemo } from '../../server/demo/seedDemo.ts';
import { startOutboxWorker, type OutboxWorker } from '../../server/notifications/outboxWorker.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { addDays, dayKeyOf } from '../../shared/days.ts';
import { formatDay } from '../../shared/formats.ts';
import { nameKey } from '../../shared/nameKey.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink.ts';
import { freePort } from '../support/processes.ts';
import { silentLogger } from '../support/testConfig.ts';
import { DEMO_LEADER_EMAIL, DEMO_PASSWORD, signInThroughForm } from './support/accounts.ts';
import { E2E_DEMO_PASSWORD } from './support/demoPassword.ts';
import { describePortal, WAIT_MS } from './support/portalBrowser.ts';
import { E2E_TIME_ZONE } from './support/portalServer.ts';

const CHURCH = 'Igreja em Manaus';
const TITLE = 'Culto de Manaus';
const MANAUS_TIME = '19:00 · horário de Manaus';

let database: Database;
let sink: SmtpSink;
let worker: OutboxWorker;
let servers: RunningServer[] = [];
let baseUrl = '';
const dirs: string[] = [];

/**
 * Churches in several time zones end to end (issue 27, docs/product.md §12), the browser in Asia/Tokyo and the network
 * in São Paulo: a leader types a 19:00 service for a Manaus church and reads "19:00 · horário de Manaus" in the
 * list, the day's dialog, My Events and the e-mail of the allocation. A portal of this file's own (the suite's client
 * build), whose outbox worker sends to an SMTP server in the test (as notifications.test.ts).
 */
describePortal(
  'a Manaus service seen from Tokyo (issue 27)',
  (portalTest) => {
    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-zones-data-'));
      dirs.push(dataDir);
      sink = await startSmtpSink();
      const webPort = await freePort();
      baseUrl = `http://127.0.0.1:${webPort}`;
      const settings = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_TIMEZONE: E2E_TIME_ZONE, SMTP_URL: sink.url, PUBLIC_URL: baseUrl, REMINDER_HOURS: 'off' };
      const config = loadConfig(settings);
      database = await openDatabase({ dataDir });
      await seedDemo(database, config, { password: E2E_DEMO_PASSWORD });
      // The church an admin would add in Gestão da rede (tests/client/timeZonesChurches.test.tsx covers that screen).
      await database.db
        .insertInto('churches')
        .values({ name: CHURCH, name_key: nameKey(CHURCH), city: 'Manaus', timezone: 'America/Manaus', created_at: new Date().toISOString() })
        .execute();
      const apiServer = await listen(createApiApp({ database, config, logger: silentLogger }), 0, '127.0.0.1');
      worker = startOutboxWorker({ database, config, logger: silentLogger, pollMs: 100 });
      const web = await listen(
        createWebApp({ config: loadConfig({ ...settings, EVENTS_API_URL: `http://127.0.0.1:${apiServer.port}` }), logger: silentLogger, clientDir: inject('clientDir') }),
        webPort,
        '127.0.0.1',
      );
      servers = [web, apiServer];
    });

    afterAll(async () => {
      for (const server of servers) await server.close();
      await worker?.stop();
      await sink?.close();
      await database?.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    portalTest('a leader creates a 19:00 service for Manaus and reads it at Manaus’s clock everywhere', async (visit) => {
      const { page } = visit;
      // Two days ahead in the network: inside the two months the page shows, and ahead of today in every zone.
      const day = addDays(dayKeyOf(new Date(), E2E_TIME_ZONE), 2);
      const longDay = formatDay(day);
      const when = `${longDay} às ${MANAUS_TIME}`;
      await signInThroughForm(visit, DEMO_LEADER_EMAIL, DEMO_PASSWORD);

      // Novo evento, in Leader View: 19:00 typed, the Manaus church chosen; the form names its zone.
      await page.getByRole('tab', { name: 'Leader View' }).click();
      await page.getByRole('button', { name: 'Novo evento' }).click();
      const form = page.getByRole('dialog', { name: 'Novo evento' });
      await form.getByLabel('Data').fill(day);
      await form.getByLabel('Hora').fill('19:00');
      await form.getByLabel('Igreja').selectOption({ label: CHURCH });
      await form.getByText('Horário do Amazonas (America/Manaus), o da igreja do evento.').waitFor();
      await form.getByLabel('Título').fill(TITLE);
      await form.getByRole('button', { name: 'Criar evento' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByText(`Evento criado para ${longDay} às ${MANAUS_TIME}.`).waitFor();
      const created = await database.db.selectFrom('events').select(['id', 'datetime']).where('title', '=', TITLE).executeTakeFirstOrThrow();
      // 19:00 in Manaus (UTC−4) is 23:00 UTC.
      expect(new Date(created.datetime).toISOString()).toBe(`${day}T23:00:00.000Z`);

      const timeIn = (scope: ReturnType<typeof page.locator>) => scope.locator('button.event-button', { hasText: TITLE }).locator('time');

      // The list of Next Events.
      await page.getByRole('tab', { name: 'Next Events' }).click();
      const list = page.getByRole('list', { name: 'Próximos eventos' });
      await expect.poll(() => timeIn(list).innerText(), { timeout: WAIT_MS }).toBe(when);

      // The day's dialog.
      await page.getByRole('button', { name: new RegExp(`^${longDay}, \\d+ eventos?$`) }).first().click();
      const dayDialog = page.getByRole('dialog', { name: `Events on ${longDay}` });
      await expect.poll(() => timeIn(dayDialog).innerText(), { timeout: WAIT_MS }).toBe(when);
      await dayDialog.getByRole('button', { name: 'Fechar' }).click();

      // The leader serves at it: My Events, and the e-mail the allocation sends.
      const allocated = await page.request.post(`${baseUrl}/api/events/${created.id}/allocations`, { data: { department: 'Louvor', member: DEMO_LEADER_EMAIL } });
      expect(allocated.status(), await allocated.text()).toBe(201);
      await page.getByRole('tab', { name: 'My Events' }).click();
      const mine = page.getByRole('list', { name: 'Minhas escalas' });
      await expect.poll(() => timeIn(mine).innerText(), { timeout: WAIT_MS }).toBe(when);

      await expect.poll(() => sink.to(DEMO_LEADER_EMAIL).length, { timeout: WAIT_MS }).toBeGreaterThan(0);
      const mail = await sink.parse(sink.to(DEMO_LEADER_EMAIL).at(-1)!);
      expect(mail.text).toContain(`${longDay} às ${MANAUS_TIME}`);
    });
  },
  { baseUrl: () => baseUrl },
);
