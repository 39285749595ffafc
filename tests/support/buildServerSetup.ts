import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClientBuild } from '../../server/platform/buildClient.ts';
import { buildServer } from '../../scripts/buildServer.ts';

const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

/**
 * Vitest global setup: the process tests run the portal as `npm start` does, from the server's bundle and the
 * client's build in dist/ — both made here once, before any file starts (files run side by side: two of them
 * building dist/client at once would each read the other's half-written files).
 */
export default async function setup(): Promise<void> {
  await buildServer();
  await ensureClientBuild(CLIENT_DIR, () => {});
}
