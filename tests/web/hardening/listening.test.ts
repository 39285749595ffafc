import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { API_READY, freePort, startListening, stopAll, tempDir, WEB_READY } from '../../support/processes.ts';
import { rawRequest } from '../../support/rawHttp.ts';

const SLOW = { timeout: 180_000 };

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir('koinonia-listen-');
  dirs.push(dir);
  return dir;
}
afterEach(() => stopAll('SIGKILL'));
afterAll(async () => {
  await stopAll('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes raw bytes to a port and returns everything the server sends back before it closes the connection. */
function rawExchange(port: number, bytes: string | Buffer, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer on ${host}:${port} in 10 s`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(bytes);
  });
}

/** Status line, headers (lower-cased names) and JSON body of a raw HTTP/1.1 answer. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as { error: { code: string; message: string } } };
}

async function expectJsonParserErrors(port: number): Promise<void> {
  const garbage = parseAnswer(await rawExchange(port, 'HELLO THERE\r\n\r\n'));
  expect(garbage.status).toBe(400);
  expect(garbage.headers['content-type']).toMatch(/^application\/json/);
  expect(garbage.body.error.code).toBe('invalid_request');
  expect(garbage.body.error.message).toMatch(/Requisição HTTP malformada/);
  const huge = parseAnswer(await rawExchange(port, `GET /api/events HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
  expect(huge.status).toBe(431);
  expect(huge.body.error.code).toBe('headers_too_large');
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const connects = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });

describe('the API process alone (--only=api) (issue 12, item 11)', SLOW, () => {
  it("answers Node's parser errors and OPTIONS as JSON", async () => {
    const port = await freePort();
    const main = await startListening(['--only=api'], { API_PORT: String(port), DATA_DIR: dataDir(), LOG_LEVEL: 'info' }, [API_READY]);
    await expectJsonParserErrors(port);
    const options = await rawRequest(port, { method: 'OPTIONS', path: '/api/events', headers: { Origin: 'https://evil.example' } });
    expect(options.status).toBe(405);
    expect(options.json).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect(options.headers.allow).toBe('GET, HEAD, POST');
    // Alone, it listens on every interface (a web host elsewhere reaches it).
    if (outsideAddress) expect(await connects(port, outsideAddress)).toBe(true);
    expect(await main.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});

describe('npm start: the API and the web host in one process (issue 12, item 11)', SLOW, () => {
  const start = async (env: Record<string, string> = {}) => {
    const [port, apiPort] = [await freePort(), await freePort()];
    const main = await startListening([], { PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir(), LOG_LEVEL: 'info', ...env }, [API_READY, WEB_READY]);
    return { main, port, apiPort };
  };

  it('binds the API port to loopback; the web port answers parser errors as JSON', async () => {
    const { main, port, apiPort } = await start();
    expect(main.lines.find((line) => line.msg === API_READY)).toMatchObject({ host: '127.0.0.1' });
    expect((await rawRequest(apiPort, { path: '/api/events' })).status).toBe(200);
    if (outsideAddress) {
      expect(await connects(apiPort, outsideAddress)).toBe(false);
      // The web host's port still faces the network.
      expect(await connects(port, outsideAddress)).toBe(true);
    }
    await expectJsonParserErrors(port);
    await expectJsonParserErrors(apiPort);
    expect(await main.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it.runIf(outsideAddress)('API_HOST=0.0.0.0 opens the API port to the network again', async () => {
    const { main, apiPort } = await start({ API_HOST: '0.0.0.0' });
    expect(main.lines.find((line) => line.msg === API_READY)).toMatchObject({ host: '0.0.0.0' });
    expect(await connects(apiPort, outsideAddress!)).toBe(true);
    expect(await main.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
