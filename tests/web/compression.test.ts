import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/prerender.ts';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { placeholderConfig, PRERENDERED_DIR } from '../../shared/prerenderedPages.ts';
import { insertEvents } from '../support/eventFixtures.ts';
import { FAKE_INDEX_HTML } from '../support/fakeClient.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';
import { freshSqlite, type TestDatabase } from '../support/testDatabases.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire. */
  raw: Buffer;
  /** The body decoded per its Content-Encoding. */
  body: Buffer;
}

/** A GET with exactly the Accept-Encoding given (none when undefined), the body left as it came. */
function get(port: number, pathname: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
      });
    });
    req.on('error', reject);
  });
}

const BIG_SCRIPT = `export const days = ${JSON.stringify(Array.from({ length: 400 }, (_, day) => ({ day, label: `dia ${day}` })))};\n`;
const BIG_STYLE = Array.from({ length: 200 }, (_, index) => `.item-${index} { color: #${(index * 999).toString(16).padStart(6, '0')}; }`).join('\n');
const TINY_SCRIPT = 'export {};\n';

/** A client build as `vite build` leaves it: assets with their compressed copies, pre-rendered pages, a manifest. */
function builtClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-compressed-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, PRERENDERED_DIR));
  fs.writeFileSync(path.join(dir, 'index.html'), FAKE_INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js'), BIG_SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets/index-abc.css'), BIG_STYLE);
  fs.writeFileSync(path.join(dir, 'assets/tiny-abc.js'), TINY_SCRIPT);
  fs.writeFileSync(path.join(dir, 'sw.js'), BIG_SCRIPT);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Koinonia', short_name: 'Koinonia', lang: 'pt-BR', icons: [] }));
  // A pre-rendered page as the build writes it: the shell's head, placeholders where configured values go.
  const { portalName, social } = placeholderConfig();
  const root = `<div class="shell"><h1>Welcome to <!-- -->${portalName}</h1><a href="${social.instagram}">Instagram</a>${'<p>texto</p>'.repeat(200)}</div>`;
  fs.writeFileSync(path.join(dir, PRERENDERED_DIR, 'index.html'), FAKE_INDEX_HTML.replace('<div id="root"></div>', `<div id="root">${root}</div>`));
  compressAssets(dir);
  return dir;
}

describe('the web host sends what the build compressed, and compresses its own pages', () => {
  const PORTAL_NAME = `Igreja "Nova" & <Vida> $& $'`;
  const INSTAGRAM = 'https://www.instagram.com/igreja?a=1&b=2';
  let clientDir = '';
  let web: RunningServer;

  beforeAll(async () => {
    clientDir = builtClientDir();
    web = await listen(
      createWebApp({ config: testConfig({ PORTAL_NAME, SOCIAL_INSTAGRAM_URL: INSTAGRAM, EVENTS_API_URL: 'http://127.0.0.1:9' }), logger: silentLogger, clientDir }),
      0,
      '127.0.0.1',
    );
  });
  afterAll(async () => {
    await web?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies of assets from 1 KB on, and none of smaller ones', () => {
    for (const file of ['assets/index-abc.js', 'assets/index-abc.css', 'sw.js']) {
      const original = fs.readFileSync(path.join(clientDir, file));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(clientDir, `${file}.br`)))).toEqual(original);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(clientDir, `${file}.gz`)))).toEqual(original);
    }
    for (const file of ['assets/tiny-abc.js', 'favicon.svg', 'index.html', `${PRERENDERED_DIR}/index.html`]) {
      expect(fs.existsSync(path.join(clientDir, `${file}.br`)), file).toBe(false);
      expect(fs.existsSync(path.join(clientDir, `${file}.gz`)), file).toBe(false);
    }
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    [undefined, undefined],
    ['identity', undefined],
  ])('an asset asked with Accept-Encoding %j goes out as %s, with Vary and its own type and cache lifetime', async (accept, encoding) => {
    const res = await get(web.port, '/assets/index-abc.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    if (encoding) expect(res.raw.length).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(res.body.toString()).toBe(BIG_SCRIPT);
  });

  it('style sheets and the service worker go out compressed too; the worker is revalidated on every visit', async () => {
    const css = await get(web.port, '/assets/index-abc.css', 'gzip, br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body.toString()).toBe(BIG_STYLE);
    const worker = await get(web.port, '/sw.js', 'gzip');
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body.toString()).toBe(BIG_SCRIPT);
  });

  it('a file too small to be worth it goes out as it is, without Vary', async () => {
    const res = await get(web.port, '/assets/tiny-abc.js', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.raw.toString()).toBe(TINY_SCRIPT);
  });

  it('a missing asset is still a 404, whatever the client accepts', async () => {
    expect((await get(web.port, '/assets/nada-abc.js', 'br')).status).toBe(404);
  });

  it('a pre-rendered page goes out with the configured values written in (escaped as React does) and compressed', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get(web.port, '/', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      const html = res.body.toString();
      expect(html).toContain('<h1>Welcome to <!-- -->Igreja &quot;Nova&quot; &amp; &lt;Vida&gt; $&amp; $&#x27;</h1>');
      expect(html).toContain('<a href="https://www.instagram.com/igreja?a=1&amp;b=2">');
      expect(html).not.toContain('KOINONIA_PLACEHOLDER');
      expect(html).toContain('id="portal-config"');
    }
  });

  it('paths without a pre-rendered page (here /events, which this build lacks) get the empty shell; the templates are never sent', async () => {
    for (const [pathname, status] of [['/events', 200], ['/nada', 404], [`/${PRERENDERED_DIR}/index.html`, 404]] as const) {
      const res = await get(web.port, pathname, 'br');
      expect(res.status, pathname).toBe(status);
      expect(res.body.toString(), pathname).toContain('<div id="root"></div>');
      expect(res.body.toString(), pathname).not.toContain('KOINONIA_PLACEHOLDER');
    }
  });

  it('the manifest names the app with PORTAL_NAME', async () => {
    const res = await get(web.port, '/manifest.webmanifest', 'gzip');
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({ name: PORTAL_NAME, short_name: PORTAL_NAME, lang: 'pt-BR' });
  });
});

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Math.floor(Date.now() / DAY_MS) * DAY_MS + 22 * 60 * 60 * 1000;
/** The inclusive day range holding every event of the fixture. */
const WINDOW = `/api/events?from=${new Date(START).toISOString().slice(0, 10)}&to=${new Date(START + 62 * DAY_MS).toISOString().slice(0, 10)}`;

describe('the API compresses answers worth it', () => {
  let database: TestDatabase;
  let api: RunningServer;
  const servers: RunningServer[] = [];
  const clientDirs: string[] = [];

  beforeAll(async () => {
    database = await freshSqlite();
    // Enough events ahead for a list, and a calendar feed, of several kilobytes.
    await insertEvents(
      database.db,
      Array.from({ length: 60 }, (_, index) => ({ datetime: new Date(START + (index + 1) * DAY_MS).toISOString(), type: 'Culto' })),
    );
    api = await listen(createApiApp({ database, config: testConfig(), logger: silentLogger }), 0, '127.0.0.1');
    servers.push(api);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.dispose();
    for (const dir of clientDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a list of events goes out compressed with Vary, and decodes to the same JSON as without', async () => {
    const plain = await get(api.port, WINDOW);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.raw.toString())).toHaveLength(60);
    expect(plain.raw.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(api.port, WINDOW, accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.raw.length).toBeLessThan(plain.raw.length / 3);
      expect(JSON.parse(res.body.toString())).toEqual(JSON.parse(plain.raw.toString()));
    }
  });

  it('a small answer goes out as it is', async () => {
    const res = await get(api.port, '/api/auth/me', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.raw.toString())).toEqual({ user: null });
  });

  it('the streamed full list goes out as it is (its length is not known in advance)', async () => {
    const res = await get(api.port, '/api/events', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.raw.toString())).toHaveLength(60);
  });

  it('through the web host, forwarded or handed over in one process, the compressed answer arrives unchanged', async () => {
    // A client build of its own: dist/client may be rebuilt by the e2e project's set-up while this runs.
    const clientDir = builtClientDir();
    clientDirs.push(clientDir);
    const forwarding = await listen(createWebApp({ config: testConfig({ EVENTS_API_URL: `http://127.0.0.1:${api.port}` }), logger: silentLogger, clientDir }), 0, '127.0.0.1');
    const inProcess = await listen(
      createWebApp({ config: testConfig(), logger: silentLogger, clientDir, localApi: createApiApp({ database, config: testConfig(), logger: silentLogger }) }),
      0,
      '127.0.0.1',
    );
    servers.push(forwarding, inProcess);
    const direct = await get(api.port, WINDOW, 'gzip');
    for (const host of [forwarding, inProcess]) {
      const res = await get(host.port, WINDOW, 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(direct.body.toString());
    }
  });

  it('the iCalendar feed goes out compressed to a client that asks, and a calendar client reads it (node-ical)', async () => {
    const res = await get(api.port, '/api/calendar.ics', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const plain = await get(api.port, '/api/calendar.ics');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // DTSTAMP is the moment each feed was written: two requests may fall in different seconds.
    const withoutStamp = (feed: string) => feed.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP');
    expect(withoutStamp(res.body.toString())).toBe(withoutStamp(plain.raw.toString()));
    // node-ical fetches with axios, which asks for gzip, deflate and br, as calendar apps do.
    const calendar = await ical.async.fromURL(`http://127.0.0.1:${api.port}/api/calendar.ics`);
    const events = Object.values(calendar).filter((component) => component?.type === 'VEVENT');
    expect(events.length).toBe((plain.raw.toString().match(/BEGIN:VEVENT/g) ?? []).length);
    expect(events.length).toBeGreaterThan(0);
  });
});
