import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/openDatabase.ts';
import { sqliteFile } from '../../server/db/sqliteFile.ts';
import { expectApiError } from '../support/apiAssertions.ts';
import {
  API_READY,
  freePort,
  startListening,
  startMain,
  stopAll,
  tempDir,
  WEB_READY,
  type LogLine,
} from '../support/processes.ts';
import { rawRequest } from '../support/rawHttp.ts';

// Each test starts whole Node processes (a few seconds each on a busy 2-core machine): generous bounds.
const SLOW = { timeout: 120_000 };

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}
// Whatever a test started — even a process still starting when the test failed or timed out — ends with it.
afterEach(() => stopAll('SIGKILL'));
afterAll(async () => {
  await stopAll('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const api = (env: Record<string, string>) => startListening(['--only=api'], { LOG_LEVEL: 'info', ...env }, [API_READY]);
const getJson = (port: number, urlPath: string, headers: http.OutgoingHttpHeaders = {}) =>
  rawRequest(port, { path: urlPath, headers, timeoutMs: 10_000 });
const asError = (res: Awaited<ReturnType<typeof rawRequest>>) => ({ ...res, body: res.json });

describe('a bad configuration', SLOW, () => {
  it('PORT=abc, APP_TIMEZONE=Mars/Olympus, DATABASE_URL=mysql://x, DATABASE_POOL_SIZE=0 or --only=both stop start-up with one clear stderr line, exit 1', async () => {
    const cases: Array<{ env: Record<string, string>; args: string[]; shows: string[] }> = [
      { env: { PORT: 'abc' }, args: [], shows: ['Configuração inválida', 'PORT', 'abc'] },
      { env: { APP_TIMEZONE: 'Mars/Olympus' }, args: ['--only=api'], shows: ['Configuração inválida', 'APP_TIMEZONE', 'Mars/Olympus'] },
      { env: { DATABASE_URL: 'mysql://x' }, args: ['--only=api'], shows: ['Configuração inválida', 'DATABASE_URL', 'mysql://x'] },
      { env: { DATABASE_POOL_SIZE: '0' }, args: ['--only=api'], shows: ['Configuração inválida', 'DATABASE_POOL_SIZE', '"0"'] },
      { env: {}, args: ['--only=both'], shows: ['--only=both'] },
    ];
    // All at once: each is a whole Node start-up.
    const mains = cases.map(({ env, args }) => startMain(args, { ...env, DATA_DIR: dataDir() }));
    const exits = await Promise.all(mains.map((main) => main.exited));
    cases.forEach(({ shows }, i) => {
      const main = mains[i]!;
      expect(exits[i], main.stderr()).toEqual({ code: 1, signal: null });
      const lines = main.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      for (const text of shows) expect(lines[0]).toContain(text);
      expect(main.lines).toEqual([]);
    });
  });
});

describe('the events API process', SLOW, () => {
  it('seeds demo events on its first start on an empty DATA_DIR, and logs one JSON line per request', async () => {
    const port = await freePort();
    const dir = path.join(dataDir(), 'not-yet-created');
    const main = await api({ API_PORT: String(port), DATA_DIR: dir });
    expect(main.lines.some((line) => String(line.msg).includes('dados de demonstração'))).toBe(true);
    expect(fs.existsSync(sqliteFile(dir))).toBe(true);

    const list = await getJson(port, '/api/events', { 'X-Request-Id': 'req-list-1' });
    expect(list.status).toBe(200);
    const events = list.json as Array<{ datetime: string; event_types: unknown }>;
    expect(events.length).toBeGreaterThanOrEqual(32);
    expect(events.length).toBeLessThanOrEqual(50);
    expect(events.some((event) => event.event_types === null)).toBe(true);
    // ?detail=full is for signed-in users (docs/product.md §8): anonymous, it goes through the session chain to a 401.
    const missing = await getJson(port, '/api/events/2147483647?detail=full', { 'X-Request-Id': 'req-missing-1' });
    expectApiError(asError(missing), 401, 'unauthenticated');
    expect(missing.headers['x-request-id']).toBe('req-missing-1');

    const completed = (id: string) => (line: LogLine) => (line.req as { id?: string } | undefined)?.id === id;
    const listLine = await main.waitForLine(completed('req-list-1'), 'the log line of the list');
    expect(listLine).toMatchObject({ req: { id: 'req-list-1', method: 'GET', path: '/api/events' }, res: { status: 200 } });
    expect(typeof listLine.responseTime).toBe('number');
    const missingLine = await main.waitForLine(completed('req-missing-1'), 'the log line of the 401');
    // The path without its query string (a query may carry a calendar token).
    expect(missingLine).toMatchObject({ req: { method: 'GET', path: '/api/events/2147483647' }, res: { status: 401 } });

    // A generated id when the client sends none (or a bad one).
    const generated = await getJson(port, '/api/events?date=2026-11-22', { 'X-Request-Id': 'bad id with spaces' });
    const id = generated.headers['x-request-id'];
    expect(id).toMatch(/^[\w-]{8,}$/);
    await main.waitForLine(completed(String(id)), 'the log line with a generated id');

    expect(await main.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(main.lines.some((line) => line.msg === 'stopped')).toBe(true);
    // With everything it wrote read: exactly one line per request, and every line is JSON.
    expect(main.lines.filter(completed('req-list-1'))).toHaveLength(1);
    expect(main.lines.filter(completed('req-missing-1'))).toHaveLength(1);
    expect(main.lines.filter(completed(String(id)))).toHaveLength(1);
    expect(main.lines.filter((line) => 'notJson' in line)).toEqual([]);

    // That a second start does not seed again: see the two-processes test below.
  });

  it('on SIGTERM finishes the response in flight (kept-alive client reading slowly), then exits 0', async () => {
    const dir = dataDir();
    // Enough events that the response (~9 MB) cannot sit whole in the socket buffers while the client waits.
    const COUNT = 120_000;
    await (await openDatabase({ dataDir: dir })).close(); // migrated
    // Straight through better-sqlite3: a hundred thousand rows in a blink.
    const file = new SQLite(sqliteFile(dir));
    try {
      const typeId = file.prepare("insert into event_types (name) values ('Culto')").run().lastInsertRowid;
      const insert = file.prepare('insert into events (datetime, event_type_id) values (?, ?)');
      const base = Date.parse('2026-01-01T00:00:00.000Z');
      file.transaction(() => {
        for (let i = 0; i < COUNT; i++) insert.run(new Date(base + i * 60_000).toISOString(), typeId);
      })();
    } finally {
      file.close();
    }

    const port = await freePort();
    const main = await api({ API_PORT: String(port), DATA_DIR: dir });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/events', agent, headers: { 'X-Request-Id': 'slow-reader' } }, resolve)
          .on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      // The response is not read yet: the API is held back by the full socket.
      main.child.kill('SIGTERM');
      await main.waitForLine((line) => String(line.msg).startsWith('stopping'), 'the stopping line');
      const isSlow = (line: LogLine) => (line.req as { id?: string } | undefined)?.id === 'slow-reader';
      expect(main.lines.some(isSlow), 'the request had already completed when SIGTERM came').toBe(false);

      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const events = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Array<{ id: number }>;
      expect(events).toHaveLength(COUNT);

      expect(await main.exited).toEqual({ code: 0, signal: null });
      const stopping = main.lines.findIndex((line) => String(line.msg).startsWith('stopping'));
      const completed = main.lines.findIndex(isSlow);
      expect(completed).toBeGreaterThan(stopping);
      expect(main.lines[completed]).toMatchObject({ res: { status: 200 } });
      expect(main.lines.some((line) => line.msg === 'stopped')).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('two API processes on the same SQLite file at once both work, and the file stays intact', async () => {
    const dir = dataDir();
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = await Promise.all([
      api({ API_PORT: String(portA), DATA_DIR: dir }),
      api({ API_PORT: String(portB), DATA_DIR: dir }),
    ]);
    const [listA, listB] = await Promise.all([getJson(portA, '/api/events'), getJson(portB, '/api/events')]);
    expect(listA.status).toBe(200);
    expect(listB.status).toBe(200);
    expect(listA.json).toEqual(listB.json);
    // Seeded once, not by both: the second start found the data the first one wrote.
    const seeded = [a, b].filter((main) => main.lines.some((line) => String(line.msg).includes('dados de demonstração')));
    expect(seeded).toHaveLength(1);
    expect((listA.json as unknown[]).length).toBeLessThanOrEqual(50);

    // Both keep answering while the other one reads.
    const both = await Promise.all(Array.from({ length: 20 }, (_, i) => getJson(i % 2 ? portA : portB, '/api/events?date=2026-11-22')));
    expect(both.every((res) => res.status === 200)).toBe(true);

    expect(await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')])).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    const file = new SQLite(sqliteFile(dir), { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      file.close();
    }
  });
});

describe('the web host and the API as separate processes', SLOW, () => {
  it('npm start serves the app and the events, in one process', async () => {
    const [port, apiPort] = [await freePort(), await freePort()];
    const main = await startListening([], { PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir(), LOG_LEVEL: 'info' }, [
      API_READY,
      WEB_READY,
    ]);
    const events = await getJson(port, '/api/events');
    expect(events.status).toBe(200);
    expect((events.json as unknown[]).length).toBeGreaterThanOrEqual(32);
    const page = await getJson(port, '/events');
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="portal-config"');
    expect(await main.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('turns /api into 502 JSON while the API is down, and recovers when it is back', async () => {
    const [webPort, apiPort] = [await freePort(), await freePort()];
    const dir = dataDir();
    let apiProcess = await api({ API_PORT: String(apiPort), DATA_DIR: dir });
    const web = await startListening(['--only=web'], { PORT: String(webPort), EVENTS_API_URL: `http://127.0.0.1:${apiPort}`, LOG_LEVEL: 'info' }, [
      WEB_READY,
    ]);

    const before = await getJson(webPort, '/api/events');
    expect(before.status).toBe(200);

    expect(await apiProcess.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    for (const urlPath of ['/api/events', '/api/events/1']) {
      const down = await getJson(webPort, urlPath);
      expectApiError(asError(down), 502, 'upstream_unavailable');
    }
    expect((await getJson(webPort, '/events')).status).toBe(200);

    apiProcess = await api({ API_PORT: String(apiPort), DATA_DIR: dir });
    const after = await getJson(webPort, '/api/events');
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before.json);

    expect(await Promise.all([web.stop('SIGTERM'), apiProcess.stop('SIGTERM')])).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  });
});
