import { buildServer } from '../../scripts/buildServer.ts';

/** Vitest global setup: the process tests run the server as `npm start` does, from its bundle. */
export default async function setup(): Promise<void> {
  await buildServer();
}
