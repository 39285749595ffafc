import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { setPasswordHashCostForTests } from '../../server/accounts/passwordHasher.ts';
import { buildClient, E2E_TIME_ZONE, startPortal } from './support/portalServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web host of the e2e portal, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /** The network timezone it runs with. */
    timeZone: string;
    /** The production client build it serves (for a test's own web host). */
    clientDir: string;
  }
}

/** Builds the production client once, starts the portal on a seeded database, and tells the tests where. */
export default async function setup(project: TestProject) {
  // The portal runs in this process: its demo accounts and every sign-in hash at argon2id's test cost.
  setPasswordHashCostForTests('test');
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-client-'));
  await buildClient(clientDir);
  const portal = await startPortal(clientDir);
  project.provide('baseUrl', portal.baseUrl);
  project.provide('timeZone', E2E_TIME_ZONE);
  project.provide('clientDir', clientDir);
  return async () => {
    await portal.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  };
}
