import { inject } from 'vitest';
import { startPortal, type RunningPortal } from './portalServer.ts';

let current: RunningPortal | undefined;

/**
 * Starts this test file's portal (tests/e2e/setup.ts): every e2e file gets its own seeded portal (~0.1 s), so the
 * files can run side by side on several workers without one meeting another's accounts, events or answers.
 */
export async function startFilePortal(): Promise<void> {
  await closeFilePortal();
  current = await startPortal(inject('clientDir'));
}

export async function closeFilePortal(): Promise<void> {
  const portal = current;
  current = undefined;
  await portal?.close();
}

/** The web host of this file's portal, e.g. `http://127.0.0.1:41234`. */
export function portalUrl(): string {
  if (!current) throw new Error('filePortal: o portal deste arquivo não foi iniciado (tests/e2e/setup.ts)');
  return current.baseUrl;
}
