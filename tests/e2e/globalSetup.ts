import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, E2E_TIME_ZONE } from './support/portalServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The network timezone it runs with. */
    timeZone: string;
    /** The production client build it serves (for a test's own web host). */
    clientDir: string;
  }
}

/** Builds the production client once for the whole run; each test file starts its portal on it (setup.ts). */
export default async function setup(project: TestProject) {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-client-'));
  await buildClient(clientDir);
  project.provide('timeZone', E2E_TIME_ZONE);
  project.provide('clientDir', clientDir);
  return async () => {
    fs.rmSync(clientDir, { recursive: true, force: true });
  };
}
