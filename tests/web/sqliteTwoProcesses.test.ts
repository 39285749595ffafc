import fs from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DemoAccount } from '../../server/demo/seedDemo.ts';
import { API_READY, freePort, startListening, stopAll, tempDir } from '../support/processes.ts';
import { rawRequest } from '../support/rawHttp.ts';

const dirs: string[] = [];
afterEach(() => stopAll('SIGKILL'));
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function send(port: number, method: string, path: string, body?: unknown, cookie?: string) {
  return rawRequest(port, {
    method,
    path,
    timeoutMs: 60_000,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('two API processes writing to one SQLite file', { timeout: 180_000 }, () => {
  it('answer 390 concurrent writes with no 500, and every acknowledged write is there', async () => {
    const dataDir = tempDir('koinonia-two-writers-');
    dirs.push(dataDir);
    const ports = [await freePort(), await freePort()];
    const apis = await Promise.all(
      ports.map((port) => startListening(['--only=api'], { DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'info' }, [API_READY])),
    );
    // The demo accounts, with the random passwords the one process that seeded the file printed.
    const seeded = apis.flatMap((api) => api.lines).find((line) => Array.isArray(line.demoAccounts));
    const accounts = (seeded?.demoAccounts ?? []) as DemoAccount[];
    const leader = accounts.find((account) => account.role === 'leader')!;
    const member = accounts.find((account) => account.role === 'member')!;
    expect(leader, 'the first start shows the demo leader').toBeDefined();
    // And to a person, as plain lines on standard error (issue 21, item 10): one per account, with its password.
    const banner = apis.map((api) => api.stderr()).join('');
    for (const account of [leader, member]) expect(banner).toMatch(new RegExp(`^  ${account.email.replaceAll('.', '\\.')} +senha: ${account.password}  \\(${account.role}\\)$`, 'm'));
    const cookies: string[] = [];
    for (const port of ports) {
      const login = await send(port, 'POST', '/api/auth/login', { email: leader.email, password: leader.password });
      expect(login.status).toBe(200);
      cookies.push(String(login.headers['set-cookie']?.[0]).split(';')[0]!);
    }

    // Event creations and allocations (a transaction that reads, then writes) through both processes at once.
    const writes = Array.from({ length: 390 }, async (_, i) => {
      const lane = i % 2;
      const port = ports[lane]!;
      const day = String((i % 28) + 1).padStart(2, '0');
      const minute = String(i % 60).padStart(2, '0');
      const created = await send(port, 'POST', '/api/events', { datetime: `2032-0${(i % 9) + 1}-${day}T${String(i % 24).padStart(2, '0')}:${minute}`, event_type_id: null }, cookies[lane]);
      if (created.status !== 201) return { status: created.status, body: created.json };
      const eventId = (created.json as { id: number }).id;
      const allocated = await send(port, 'POST', `/api/events/${eventId}/allocations`, { department: 'Louvor', member: member.email, force: true }, cookies[lane]);
      return { status: allocated.status, body: allocated.json, eventId, allocationId: (allocated.json as { id?: number }).id };
    });
    const results = await Promise.all(writes);
    const failures = results.filter((result) => result.status >= 500);
    expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
    expect(results.every((result) => result.status === 201)).toBe(true);

    for (const result of results) {
      const event = await send(ports[0]!, 'GET', `/api/events/${result.eventId}`);
      expect(event.status).toBe(200);
    }
    const allocationIds = new Set<number>();
    for (const result of results) {
      const list = await send(ports[1]!, 'GET', `/api/events/${result.eventId}/allocations`, undefined, cookies[1]);
      for (const allocation of list.json as Array<{ id: number }>) allocationIds.add(allocation.id);
    }
    expect(results.every((result) => allocationIds.has(result.allocationId!))).toBe(true);
    await Promise.all(apis.map((api) => api.stop('SIGTERM')));
  });
});
