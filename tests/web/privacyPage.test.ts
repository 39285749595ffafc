import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/publicConfig.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG_BLOCK = new RegExp(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">([^<]*)</script>`);

/** The privacy notice (docs/product.md §1, departure 6; §11): a route of ours, drawn by the client from the configuration block. */
describe('the web host’s /privacidade', () => {
  let clientDir: string;
  let app: http.RequestListener;

  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-privacy-client-'));
    fs.copyFileSync(path.join(ROOT, 'client/index.html'), path.join(clientDir, 'index.html'));
    app = createWebApp({
      config: testConfig({ EVENTS_API_URL: 'http://127.0.0.1:9', PORTAL_NAME: 'Rede Ágape', RETENTION_DAYS: '730' }),
      logger: silentLogger,
      clientDir,
    });
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it('answers 200 with the page, whose configuration carries the portal name and RETENTION_DAYS', async () => {
    for (const pathname of ['/privacidade', '/privacidade/', '/Privacidade']) {
      const res = await request(app).get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const config = JSON.parse(CONFIG_BLOCK.exec(res.text)![1]!) as Record<string, unknown>;
      expect(config).toMatchObject({ portalName: 'Rede Ágape', retentionDays: 730 });
    }
    expect((await request(app).get('/privacidade/x')).status).toBe(404);
  });
});
