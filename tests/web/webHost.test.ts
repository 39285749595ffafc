import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/publicConfig.ts';
import { expectApiError } from '../support/apiAssertions.ts';
import { insertEvents } from '../support/eventFixtures.ts';
import { FAKE_ASSET, FAKE_ASSET_BODY, fakeClientDir } from '../support/fakeClient.ts';
import { rawRequest } from '../support/rawHttp.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';
import { freshSqlite, type TestDatabase } from '../support/testDatabases.ts';

const client = fakeClientDir();
afterAll(() => client.dispose());

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function webApp(env: Record<string, string> = {}) {
  return createWebApp({ config: testConfig(env), logger: silentLogger, clientDir: client.dir });
}

function portalConfigOf(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error(`no portal-config block in ${html}`);
  return JSON.parse(match[1]!);
}

describe('static files and the app', () => {
  const PORTAL_NAME = `Rede </script><script>alert("x")</script> $' $& Ágape`;
  let app: http.RequestListener;
  beforeAll(async () => {
    app = webApp({
      PORTAL_NAME,
      APP_TIMEZONE: 'America/Manaus',
      SOCIAL_INSTAGRAM_URL: 'https://instagram.com/rede',
      EVENTS_API_URL: `http://127.0.0.1:${await closedPort()}`,
    });
  });

  it('serves a hashed asset for a year, immutable', async () => {
    const res = await request(app).get(`/assets/${FAKE_ASSET}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(FAKE_ASSET_BODY);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/x.js', '/assets/app-abc123.css', '/assets/', '/assets/nested/app.js'])('answers 404, not the app, for the missing %s', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it.each(['/', '/login', '/events', '/disponibilidade', '/escalas/lacunas', '/rede', '/index.html', '/events?tab=leader'])(
    'answers %s with the app, no-cache, with the portal config written in',
    async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain(`src="/assets/${FAKE_ASSET}"`);
      expect(portalConfigOf(res.text)).toEqual({
        portalName: PORTAL_NAME,
        timeZone: 'America/Manaus',
        social: {
          instagram: 'https://instagram.com/rede',
          facebook: 'https://www.facebook.com/',
          twitter: 'https://twitter.com/',
          youtube: 'https://www.youtube.com/',
        },
        retentionDays: 365,
      });
      // The `</script>` in the name did not close the block: exactly the two script elements of the page.
      expect(res.text.match(/<script/g)).toHaveLength(2);
      expect(res.text.match(/<\/script>/g)).toHaveLength(2);
      expect(res.text.indexOf(`id="${PUBLIC_CONFIG_ELEMENT_ID}"`)).toBeLessThan(res.text.indexOf('</head>'));
    },
  );

  it('serves other files of the build with no-cache', async () => {
    const res = await request(app).get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a request that is not a GET of the app with 404, not the app', async () => {
    const res = await request(app).post('/login').send('x=1');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
  });

  it('answers a malformed path with 400, never 500', async () => {
    const res = await request(app).get('/%E0%A4%A');
    expect(res.status).toBe(400);
  });

  it.each(['/', `/assets/${FAKE_ASSET}`, '/assets/x.js', '/api/events'])('sends the security headers on %s', async (path) => {
    const res = await request(app).get(path);
    const csp = String(res.headers['content-security-policy']);
    // A JSON answer (here the host's own 502, the API being down) may load nothing at all.
    const directives = path.startsWith('/api/')
      ? ["default-src 'none'", "frame-ancestors 'none'"]
      : ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];
    for (const directive of directives) expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toMatch(/\S/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('the /api proxy', () => {
  const servers: RunningServer[] = [];
  let database: TestDatabase;
  let apiPort: number;
  let echoPort: number;
  let eventIds: number[];
  const echoConnections = { count: 0 };

  beforeAll(async () => {
    database = await freshSqlite();
    eventIds = await insertEvents(database.db, [
      { datetime: '2026-11-23T02:30:00.000Z', type: null },
      { datetime: '2026-11-22T22:30:00.000Z', type: 'Culto' },
    ]);
    const api = await listen(createApiApp({ database, config: testConfig(), logger: silentLogger }), 0, '127.0.0.1');
    servers.push(api);
    apiPort = api.port;

    // An upstream that tells what reached it.
    const echo = express();
    echo.use(express.text({ type: () => true, limit: '1mb' }));
    echo.all('/{*splat}', (req, res) => {
      res.json({
        method: req.method,
        url: req.originalUrl,
        host: req.headers.host,
        forwardedFor: req.headers['x-forwarded-for'],
        forwardedProto: req.headers['x-forwarded-proto'],
        forwardedHost: req.headers['x-forwarded-host'] ?? null,
        contentType: req.headers['content-type'] ?? null,
        body: typeof req.body === 'string' ? req.body : null,
      });
    });
    const echoServer = await listen(echo, 0, '127.0.0.1');
    echoServer.server.on('connection', () => (echoConnections.count += 1));
    servers.push(echoServer);
    echoPort = echoServer.port;
  });
  afterAll(async () => {
    for (const server of servers) {
      server.server.closeAllConnections();
      await server.close();
    }
    await database?.dispose();
  });

  it('forwards GET /api/events to the events API and returns its events', async () => {
    const app = webApp({ EVENTS_API_URL: `http://127.0.0.1:${apiPort}` });
    const res = await request(app).get('/api/events');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: eventIds[1], datetime: '2026-11-22T22:30:00.000Z', event_types: { name: 'Culto' } },
      { id: eventIds[0], datetime: '2026-11-23T02:30:00.000Z', event_types: null },
    ]);
    const day = await request(app).get('/api/events?date=2026-11-22');
    expect(day.body).toHaveLength(2);
    expectApiError(await request(app).get('/api/events?date=2026-13-45'), 400, 'invalid_request');
    expectApiError(await request(app).get('/api/nope'), 404, 'not_found');
  });

  it('keeps the path, query and Host, adds X-Forwarded-For/-Proto, and passes a POST body through intact', async () => {
    const app = webApp({ EVENTS_API_URL: `http://127.0.0.1:${echoPort}` });
    const body = JSON.stringify({ name: 'Culto de Ação de Graças', note: 'ü 😀 </script>', list: [1, 2, 3] });
    const res = await request(app)
      .post('/api/events/12/allocations?force=true&x=%C3%A7')
      .set('Host', 'portal.example:8080')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      method: 'POST',
      url: '/api/events/12/allocations?force=true&x=%C3%A7',
      host: 'portal.example:8080',
      forwardedProto: 'http',
      contentType: 'application/json',
      body,
    });
    expect(res.body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);

    const large = JSON.stringify({ text: 'é'.repeat(40_000) });
    const put = await request(app).put('/api/x').set('Content-Type', 'application/json').send(large);
    expect(put.body).toMatchObject({ method: 'PUT', url: '/api/x', body: large });
  });

  it('keeps the forwarding chain only from a trusted proxy, and never lets a browser claim HTTPS', async () => {
    const spoofed = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.example' };
    // The default trusts loopback, which is where this test's requests come from: a proxy in front of us.
    const trusted = await request(webApp({ EVENTS_API_URL: `http://127.0.0.1:${echoPort}` }))
      .get('/api/echo')
      .set(spoofed);
    expect(trusted.body).toMatchObject({ forwardedProto: 'https', forwardedHost: 'evil.example' });
    expect(trusted.body.forwardedFor).toMatch(/^203\.0\.113\.9, (::ffff:)?127\.0\.0\.1$/);

    const untrusted = await request(webApp({ EVENTS_API_URL: `http://127.0.0.1:${echoPort}`, TRUST_PROXY: '10.1.2.3' }))
      .get('/api/echo')
      .set(spoofed);
    expect(untrusted.body).toMatchObject({ forwardedProto: 'http', forwardedHost: null });
    expect(untrusted.body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('reuses one kept-alive upstream connection for sequential requests, even when clients close theirs', async () => {
    const web = await listen(webApp({ EVENTS_API_URL: `http://127.0.0.1:${echoPort}` }), 0, '127.0.0.1');
    try {
      const before = echoConnections.count;
      for (let i = 0; i < 5; i++) {
        // agent: false — each request on its own client connection, sent with `Connection: close`.
        const res = await rawRequest(web.port, { path: `/api/ping/${i}`, agent: false });
        expect(res.status).toBe(200);
        expect((res.json as { url: string }).url).toBe(`/api/ping/${i}`);
      }
      expect(echoConnections.count - before).toBe(1);
    } finally {
      web.server.closeAllConnections();
      await web.close();
    }
  });

  it('cuts the client connection when the API dies mid-answer, and stops the API request when the client leaves', async () => {
    // An upstream that sends half a declared body then dies, or keeps a stream open until its client leaves.
    const upstreamClosed: string[] = [];
    let stalled: () => void = () => {};
    const clientLeft = new Promise<void>((resolve) => (stalled = resolve));
    const upstream: http.RequestListener = (req, res) => {
      req.on('close', () => upstreamClosed.push(req.url ?? ''));
      if (req.url === '/api/half') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
        res.write('[{"id":1}', () => res.socket?.destroy());
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('[');
        res.on('close', () => stalled());
      }
    };
    const up = await listen(upstream, 0, '127.0.0.1');
    const web = await listen(webApp({ EVENTS_API_URL: `http://127.0.0.1:${up.port}` }), 0, '127.0.0.1');
    try {
      // Half a body must never pass for a whole one.
      await expect(rawRequest(web.port, { path: '/api/half' })).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);

      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: web.port, path: '/api/stream', agent: false }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      });
      await clientLeft; // the upstream saw its request go away: bounded by the test timeout
      expect(upstreamClosed).toContain('/api/stream');
    } finally {
      web.server.closeAllConnections();
      up.server.closeAllConnections();
      await web.close();
      await up.close();
    }
  });

  it('keeps a chunked body framed on its way on: a request hidden in the body of a GET never reaches the API', async () => {
    const seen: Array<{ url: string; body: string; forwardedFor: string | undefined }> = [];
    const upstream: http.RequestListener = (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', body, forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      });
    };
    const up = await listen(upstream, 0, '127.0.0.1');
    const web = await listen(webApp({ EVENTS_API_URL: `http://127.0.0.1:${up.port}` }), 0, '127.0.0.1');
    try {
      const hidden = 'GET /api/smuggled HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n';
      const chunkedGet =
        `GET /api/a HTTP/1.1\r\nHost: portal\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
        `${Buffer.byteLength(hidden).toString(16)}\r\n${hidden}\r\n0\r\n\r\n`;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(web.port, '127.0.0.1', () => socket.write(chunkedGet));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      // The next request rides the same kept-alive upstream connection: anything smuggled would have come first.
      expect((await rawRequest(web.port, { path: '/api/b' })).status).toBe(200);
      expect(seen.map((request) => request.url)).toEqual(['/api/a', '/api/b']);
      expect(seen[0]!.body).toBe(hidden);
    } finally {
      web.server.closeAllConnections();
      up.server.closeAllConnections();
      await web.close();
      await up.close();
    }
  });

  it('hands /api straight to the API when both run in one process (npm start): no hop, nothing added or lost', async () => {
    const localApi: http.RequestListener = (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, url: req.url, forwardedFor: req.headers['x-forwarded-for'] ?? null, body }));
      });
    };
    // The API's port is closed: an answer can only have come from the handler in memory.
    const app = createWebApp({
      config: testConfig({ EVENTS_API_URL: `http://127.0.0.1:${await closedPort()}` }),
      logger: silentLogger,
      clientDir: client.dir,
      localApi,
    });
    const body = JSON.stringify({ note: 'ü 😀', list: [1, 2, 3] });
    const res = await request(app).post('/api/events/3/allocations?force=true').set('Content-Type', 'application/json').send(body);
    expect(res.body).toEqual({ method: 'POST', url: '/api/events/3/allocations?force=true', forwardedFor: null, body });
    // Not the API: the host's own empty page, 404 as any path that is no route of ours.
    const page = await request(app).get('/apiary');
    expect(page.status).toBe(404);
    expect(page.text).toContain('id="portal-config"');
  });

  it('answers 502 upstream_unavailable as JSON at once when the API is down', async () => {
    const app = webApp({ EVENTS_API_URL: `http://127.0.0.1:${await closedPort()}` });
    const get = await request(app).get('/api/events').timeout(5_000);
    expectApiError(get, 502, 'upstream_unavailable');
    expect(get.headers['cache-control']).toBe('no-store');
    const post = await request(app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"a":1}').timeout(5_000);
    expectApiError(post, 502, 'upstream_unavailable');
    // The app itself is still served.
    expect((await request(app).get('/events')).status).toBe(200);
  });
});
