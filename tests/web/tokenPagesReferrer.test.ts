import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { FAKE_ASSET, fakeClientDir } from '../support/fakeClient.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';

const client = fakeClientDir();
afterAll(() => client.dispose());

/**
 * Issue 25, attack item 8: a page opened from an e-mailed link (`/events?resposta=<token>`, `/login?redefinir=<token>`)
 * is sent with `Referrer-Policy: no-referrer`, so what it loads never carries the token as `Referer`; every other
 * page keeps the host's policy.
 */
describe('Referrer-Policy of the pages that carry an e-mailed token', () => {
  const app = createWebApp({ config: testConfig(), logger: silentLogger, clientDir: client.dir });
  const TOKEN = 'q7Vd0JxT-3sY9kLw2mZ8bN4cR1eF6gH5aaaaaaaaaaa';

  it.each([`/events?resposta=${TOKEN}`, `/login?redefinir=${TOKEN}`, `/events?tab=x&resposta=${TOKEN}`, `/events/?resposta=${TOKEN}`])('%s: no-referrer', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(['/events', '/login', '/', '/events?tab=x', `/assets/${FAKE_ASSET}`])('%s: the host’s usual policy', async (path) => {
    const res = await request(app).get(path);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
