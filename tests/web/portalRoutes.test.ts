import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { ROUTE_PATHS } from '../../shared/portalRoutes.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * What `vite build` puts at the root of dist/client from the sources: client/index.html (its head as written;
 * the build only swaps the script for its bundle) and every file of client/public (robots.txt among them).
 */
function clientDirFromSources(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-routes-client-'));
  fs.copyFileSync(path.join(ROOT, 'client/index.html'), path.join(dir, 'index.html'));
  fs.cpSync(path.join(ROOT, 'client/public'), dir, { recursive: true });
  return dir;
}

const DESCRIPTION = /<meta name="description" content="([^"]+)"/;

describe('the web host’s routes, robots.txt and description (issue 21, PRODUCT §1 departure 5)', () => {
  let clientDir: string;
  let app: http.RequestListener;
  let shell: string;

  beforeAll(async () => {
    clientDir = clientDirFromSources();
    app = createWebApp({ config: testConfig({ EVENTS_API_URL: 'http://127.0.0.1:9' }), logger: silentLogger, clientDir });
    shell = (await request(app).get('/index.html').expect(200)).text;
  });

  afterAll(() => {
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([...ROUTE_PATHS, '/events?resposta=abc&tab=leader', '/escalas/lacunas?igreja=2', '/rede/', '/Disponibilidade', '/login?next=/rede'])(
    'answers our route %s with 200 and the page',
    async (pathname) => {
      const res = await request(app).get(pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(shell);
    },
  );

  it.each(['/nada', '/anything/else', '/apiary', '/rede/x', '/events/1', '/login/extra', '/escalas', '/prerendered/login.html', '/favicon.ico', '/sitemap.xml'])(
    'answers %s, no route of ours, with 404 and the same empty page (the app renders nothing there)',
    async (pathname) => {
      const res = await request(app).get(pathname);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(shell);
      expect(res.text).toContain('<div id="root"></div>');
      expect((await request(app).head(pathname)).status).toBe(404);
    },
  );

  it('serves a real robots.txt: text, everything allowed but the API', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text.split('\n').filter((line) => line !== '')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/']);
  });

  it('every page carries a description in pt-BR, the 404 one too', async () => {
    const description = DESCRIPTION.exec(shell)?.[1];
    expect(description).toMatch(/escalas/);
    expect(description!.length).toBeGreaterThan(50);
    expect(description!.length).toBeLessThanOrEqual(160);
    for (const pathname of ['/', '/rede', '/nada']) expect(DESCRIPTION.exec((await request(app).get(pathname)).text)?.[1], pathname).toBe(description);
  });
});
