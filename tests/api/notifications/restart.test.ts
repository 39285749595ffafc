import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../../server/db/sqliteFile.ts';
import { RETRY_DELAYS_MS } from '../../../server/notifications/outboxWorker.ts';
import { API_READY, freePort, startListening, stopAll, tempDir } from '../../support/processes.ts';
import { rawRequest } from '../../support/rawHttp.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';

const dirs: string[] = [];
let sink: SmtpSink | undefined;
afterEach(async () => {
  await stopAll('SIGKILL');
  await sink?.close();
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const post = (port: number, path: string, body: unknown) =>
  rawRequest(port, { method: 'POST', path, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the outbox across a crash of the API process', { timeout: 150_000 }, () => {
  it('delivers a message queued before the API was killed (SIGKILL) exactly once after the restart', async () => {
    let refusing = true;
    sink = await startSmtpSink({ verdict: () => (refusing ? { accept: false, code: 421, message: 'Service not available, try later' } : { accept: true }) });
    const dataDir = tempDir('koinonia-outbox-crash-');
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'warn', DEMO_DATA: 'false', SMTP_URL: sink.url, PUBLIC_URL: 'https://portal.igreja.test' };
    const api = await startListening(['--only=api'], { ...env, LOG_LEVEL: 'info' }, [API_READY]);

    const email = 'ester.crash@igreja.test';
    expect((await post(port, '/api/auth/register', { name: 'Ester Lima', email, password: 'pao-de-queijo-com-cafe-42' })).status).toBe(201);
    expect((await post(port, '/api/auth/password-reset', { email })).status).toBe(202);
    // Queued and tried once (the mail server said "later"): not sent.
    await expect.poll(() => sink!.attempts.get(email) ?? 0, { timeout: 30_000 }).toBe(1);
    api.child.kill('SIGKILL');
    expect((await api.exited).signal).toBe('SIGKILL');
    expect(sink.to(email)).toEqual([]);

    refusing = false;
    await startListening(['--only=api'], { ...env, LOG_LEVEL: 'info' }, [API_READY]);
    // Its retry is due RETRY_DELAYS_MS[0] after the failed try.
    await expect.poll(() => sink!.to(email).length, { timeout: RETRY_DELAYS_MS[0]! + 45_000, interval: 100 }).toBe(1);
    const file = new SQLite(sqliteFile(dataDir), { readonly: true });
    try {
      await expect
        .poll(() => file.prepare('select status, attempts from outbox').all(), { timeout: 10_000 })
        .toEqual([{ status: 'sent', attempts: 2 }]);
    } finally {
      file.close();
    }
    const parsed = await sink.parse(sink.to(email)[0]!);
    expect(parsed.text).toMatch(/https:\/\/portal\.igreja\.test\/login\?redefinir=[\w-]{43}/);
    expect(sink.to(email)).toHaveLength(1);
  });
});
