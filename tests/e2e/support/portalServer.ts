import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { loadConfig } from '../../../server/platform/config.ts';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { seedDemo } from '../../../server/demo/seedDemo.ts';
import { listen } from '../../../server/platform/listen.ts';
import { createWebApp } from '../../../server/web/createWebApp.ts';
import { silentLogger } from '../../support/testConfig.ts';
import { E2E_DEMO_PASSWORD } from './demoPassword.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The network timezone of the e2e portal; the browser runs in Asia/Tokyo, far from it. */
export const E2E_TIME_ZONE = 'America/Sao_Paulo';

/** Social links the e2e portal is configured with, so tests can tell config from defaults. */
export const E2E_SOCIAL = {
  instagram: 'https://www.instagram.com/koinonia.e2e/',
  facebook: 'https://www.facebook.com/koinonia.e2e/',
  twitter: 'https://twitter.com/koinonia_e2e',
  youtube: 'https://www.youtube.com/@koinonia-e2e',
};

/**
 * `vite build` in a child process with NODE_ENV=production (vitest runs with NODE_ENV=test); `configFile` builds
 * with another Vite configuration than the repository's (e.g. a next release, tests/e2e/support/nextRelease.config.ts).
 */
export async function buildClient(outDir: string, configFile?: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
        ...(configFile ? ['--config', configFile] : []),
      ],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build terminou com código ${code}`))));
  });
}

export interface RunningPortal {
  baseUrl: string;
  close(): Promise<void>;
}

/** The events API on a fresh, seeded SQLite file and the web host serving `clientDir`, on free ports. */
export async function startPortal(clientDir: string): Promise<RunningPortal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-data-'));
  const env = {
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_TIMEZONE: E2E_TIME_ZONE,
    SOCIAL_INSTAGRAM_URL: E2E_SOCIAL.instagram,
    SOCIAL_FACEBOOK_URL: E2E_SOCIAL.facebook,
    SOCIAL_TWITTER_URL: E2E_SOCIAL.twitter,
    SOCIAL_YOUTUBE_URL: E2E_SOCIAL.youtube,
  };
  const apiConfig = loadConfig(env);
  const database = await openDatabase({ dataDir });
  await seedDemo(database, apiConfig, { password: E2E_DEMO_PASSWORD });
  const api = await listen(createApiApp({ database, config: apiConfig, logger: silentLogger }), 0, '127.0.0.1');
  const webConfig = loadConfig({ ...env, EVENTS_API_URL: `http://127.0.0.1:${api.port}` });
  const web = await listen(createWebApp({ config: webConfig, logger: silentLogger, clientDir }), 0, '127.0.0.1');
  return {
    baseUrl: `http://127.0.0.1:${web.port}`,
    async close() {
      await web.close();
      await api.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
