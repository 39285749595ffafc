import type { Express } from 'express';
import { createApiApp } from '../../server/api/createApiApp.ts';
import type { Config } from '../../server/platform/config.ts';
import type { TestDatabase } from './testDatabases.ts';
import { silentLogger, testConfig } from './testConfig.ts';

export interface ApiTestApp {
  app: Express;
  database: TestDatabase;
  config: Config;
  /** The clock the API sees; move it with `clock.set`. */
  clock: { now: Date; set(value: Date | string): void };
}

export async function apiTestApp(
  open: () => Promise<TestDatabase>,
  env: Record<string, string> = {},
): Promise<ApiTestApp> {
  const database = await open();
  const config = testConfig(env);
  const clock = {
    now: new Date(),
    set(value: Date | string) {
      clock.now = new Date(value);
    },
  };
  const app = createApiApp({ database, config, logger: silentLogger, now: () => clock.now });
  return { app, database, config, clock };
}
