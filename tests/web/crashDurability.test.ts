import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../server/db/sqliteFile.ts';
import type { DemoAccount } from '../../server/demo/seedDemo.ts';
import { API_READY, freePort, startListening, stopAll, tempDir } from '../support/processes.ts';
import { rawRequest } from '../support/rawHttp.ts';

const dirs: string[] = [];
afterEach(() => stopAll('SIGKILL'));
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** One JSON request over a fresh connection. */
function send(port: number, method: string, path: string, body?: unknown, cookie?: string) {
  return rawRequest(port, {
    method,
    path,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the embedded database under a crash', { timeout: 120_000 }, () => {
  it('keeps every acknowledged write after the API is killed with SIGKILL mid-stream, and passes integrity_check', async () => {
    const dataDir = tempDir('koinonia-crash-');
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'warn' };
    const api = await startListening(['--only=api'], { ...env, LOG_LEVEL: 'info' }, [API_READY]);

    // The demo leader, with the random password the first start printed (as a newcomer would read it).
    const seeded = api.lines.find((line) => Array.isArray(line.demoAccounts));
    const leader = (seeded?.demoAccounts as DemoAccount[] | undefined)?.find((account) => account.role === 'leader');
    expect(leader, 'the first start shows the demo leader').toBeDefined();
    const login = await send(port, 'POST', '/api/auth/login', { email: leader!.email, password: leader!.password });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;

    // A stream of writes, several in flight at once; the API is killed while they are still coming.
    const acknowledged: number[] = [];
    let failures = 0;
    let stopWriting = false;
    const writer = async (lane: number) => {
      for (let i = 0; !stopWriting; i++) {
        const minute = String((lane * 7 + i) % 60).padStart(2, '0');
        try {
          const res = await send(port, 'POST', '/api/events', { datetime: `2031-0${(i % 9) + 1}-1${lane}T10:${minute}`, event_type_id: null }, cookie);
          if (res.status === 201) acknowledged.push((res.json as { id: number }).id);
          else failures += 1;
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(40);
    api.child.kill('SIGKILL');
    stopWriting = true;
    await Promise.all(writers);
    expect((await api.exited).signal).toBe('SIGKILL');
    expect(failures).toBe(0);

    const restarted = await startListening(['--only=api'], { ...env, LOG_LEVEL: 'info' }, [API_READY]);
    for (const id of acknowledged) {
      const res = await send(port, 'GET', `/api/events/${id}`);
      expect(res.status, `acknowledged event ${id} after the crash`).toBe(200);
    }
    await restarted.stop('SIGTERM');

    const file = new SQLite(sqliteFile(dataDir), { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      file.close();
    }
  });
});
