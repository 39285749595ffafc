import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { API_DOWN_MS, apiTargets } from '../../server/web/apiTargets.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { expectApiError } from '../support/apiAssertions.ts';
import { fakeClientDir } from '../support/fakeClient.ts';
import { rawRequest } from '../support/rawHttp.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';

const client = fakeClientDir();
afterAll(() => client.dispose());

const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('several events APIs behind one web host (EVENTS_API_URL=a,b,c; README, Várias instâncias)', () => {
  it('takes them in turn, passes over one that refused a connection for API_DOWN_MS, then tries it again', () => {
    const clock = { now: 1_000_000 };
    const targets = apiTargets(['a', 'b', 'c'], () => clock.now);
    expect(Array.from({ length: 6 }, () => targets.pick())).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);

    targets.failed('b', refused);
    expect(Array.from({ length: 4 }, () => targets.pick())).toEqual(['a', 'c', 'a', 'c']);
    clock.now += API_DOWN_MS - 1;
    expect(targets.pick()).toBe('a');
    expect(targets.pick()).toBe('c');
    clock.now += 1;
    expect(Array.from({ length: 3 }, () => targets.pick())).toEqual(['a', 'b', 'c']);

    // A connection the API reset (a kept-alive socket it closed, a crash mid-answer) is no reason to pass it over.
    targets.failed('a', reset);
    targets.failed('a', new Error('timeout'));
    expect(Array.from({ length: 3 }, () => targets.pick())).toEqual(['a', 'b', 'c']);

    // All of them refused: the next in turn is tried anyway rather than none.
    for (const target of ['a', 'b', 'c']) targets.failed(target, refused);
    expect(Array.from({ length: 3 }, () => targets.pick())).toEqual(['a', 'b', 'c']);
  });

  describe('the web host', () => {
    const apis: RunningServer[] = [];
    /** Each API answers its own name and the request's path. */
    const named = (name: string): http.RequestListener => (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ api: name, url: req.url }));
    };
    beforeAll(async () => {
      for (const name of ['api-1', 'api-2', 'api-3']) apis.push(await listen(named(name), 0, '127.0.0.1'));
    });
    afterAll(async () => {
      for (const api of apis) {
        api.server.closeAllConnections();
        await api.close();
      }
    });

    // The host's clock stands still: an API that refused stays passed over however long the machine takes.
    async function webHost(urls: string[]): Promise<RunningServer> {
      const config = testConfig({ EVENTS_API_URL: urls.join(',') });
      return listen(createWebApp({ config, logger: silentLogger, clientDir: client.dir, now: () => 0 }), 0, '127.0.0.1');
    }

    it('sends each /api request to the next API in turn, path and all', async () => {
      const web = await webHost(apis.map((api) => `http://127.0.0.1:${api.port}`));
      try {
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push((await rawRequest(web.port, { path: `/api/ping/${i}` })).json);
        expect(answers).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ api: `api-${(i % 3) + 1}`, url: `/api/ping/${i}` })));
      } finally {
        web.server.closeAllConnections();
        await web.close();
      }
    });

    it('answers 502 once for an API that is down, then leaves it out while the others answer', async () => {
      const gone = http.createServer();
      await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
      const gonePort = (gone.address() as AddressInfo).port;
      await new Promise<void>((resolve) => gone.close(() => resolve()));
      const web = await webHost([`http://127.0.0.1:${apis[0]!.port}`, `http://127.0.0.1:${gonePort}`, `http://127.0.0.1:${apis[2]!.port}`]);
      try {
        const first = await rawRequest(web.port, { path: '/api/a' });
        expect(first.json).toMatchObject({ api: 'api-1' });
        const down = await rawRequest(web.port, { path: '/api/b' });
        expectApiError({ ...down, body: down.json }, 502, 'upstream_unavailable');
        const next = [];
        for (let i = 0; i < 6; i++) {
          const res = await rawRequest(web.port, { path: `/api/c${i}` });
          expect(res.status).toBe(200);
          next.push((res.json as { api: string }).api);
        }
        expect(next).toEqual(['api-3', 'api-1', 'api-3', 'api-1', 'api-3', 'api-1']);
      } finally {
        web.server.closeAllConnections();
        await web.close();
      }
    });
  });
});
