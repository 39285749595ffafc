import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { seedDemo } from '../../../server/demo/seedDemo.ts';
import { loadConfig } from '../../../server/platform/config.ts';
import { listen, type RunningServer } from '../../../server/platform/listen.ts';
import { createWebApp } from '../../../server/web/createWebApp.ts';
import { silentLogger } from '../../support/testConfig.ts';
import { E2E_DEMO_PASSWORD } from './demoPassword.ts';
import { E2E_SOCIAL, E2E_TIME_ZONE } from './portalServer.ts';

/** A portal of a test file's own: its web host can be given another build (a deploy) on the same address. */
export interface OwnPortal {
  baseUrl: string;
  /** Restarts the web host on the same port serving `clientDir`: what a deploy of a new release does. */
  deploy(clientDir: string): Promise<void>;
  /** What `npm run user -- set-role` does: the account's role, straight in this portal's database. */
  setRole(email: string, role: 'member' | 'leader' | 'admin'): Promise<void>;
  close(): Promise<void>;
}

/**
 * The events API on a fresh seeded SQLite file and a web host serving `clientDir`, configured like each file's
 * e2e portal (filePortal.ts) except for `env` (e.g. PORTAL_NAME), and with a deploy and a role change of its own. Service workers and caches belong to an origin: a file that
 * tests them gets its own, so no other file's browser meets its worker.
 */
export async function startOwnPortal(clientDir: string, env: Record<string, string> = {}): Promise<OwnPortal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-own-'));
  const settings = {
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_TIMEZONE: E2E_TIME_ZONE,
    SOCIAL_INSTAGRAM_URL: E2E_SOCIAL.instagram,
    SOCIAL_FACEBOOK_URL: E2E_SOCIAL.facebook,
    SOCIAL_TWITTER_URL: E2E_SOCIAL.twitter,
    SOCIAL_YOUTUBE_URL: E2E_SOCIAL.youtube,
    ...env,
  };
  const apiConfig = loadConfig(settings);
  const database = await openDatabase({ dataDir });
  await seedDemo(database, apiConfig, { password: E2E_DEMO_PASSWORD });
  const api = await listen(createApiApp({ database, config: apiConfig, logger: silentLogger }), 0, '127.0.0.1');
  const webConfig = loadConfig({ ...settings, EVENTS_API_URL: `http://127.0.0.1:${api.port}` });
  const serve = (dir: string, port: number) => listen(createWebApp({ config: webConfig, logger: silentLogger, clientDir: dir }), port, '127.0.0.1');
  let web: RunningServer = await serve(clientDir, 0);
  const port = web.port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async deploy(dir) {
      await web.close();
      web = await serve(dir, port);
    },
    async setRole(email, role) {
      const { numUpdatedRows } = await database.db.updateTable('users').set({ role }).where('email', '=', email).executeTakeFirst();
      if (numUpdatedRows !== 1n) throw new Error(`setRole: nenhuma conta ${email}`);
    },
    async close() {
      await web.close();
      await api.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
