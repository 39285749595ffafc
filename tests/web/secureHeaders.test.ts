import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/web/createWebApp.ts';
import { FAKE_ASSET, fakeClientDir } from '../support/fakeClient.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';

const client = fakeClientDir();
fs.writeFileSync(path.join(client.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
fs.writeFileSync(path.join(client.dir, 'manifest.webmanifest'), JSON.stringify({ name: 'x', start_url: '/' }));
afterAll(() => client.dispose());

// The web host behind a TLS proxy on this machine (TRUST_PROXY's default, loopback, believes its X-Forwarded-Proto).
const app = createWebApp({ config: testConfig({ EVENTS_API_URL: 'http://127.0.0.1:9' }), logger: silentLogger, clientDir: client.dir });
const PATHS = ['/', '/events', `/assets/${FAKE_ASSET}`, '/manifest.webmanifest', '/sw.js', '/favicon.svg'];

describe('the web host’s secure headers (issue 21, validators: OWASP Secure Headers)', () => {
  it.each(PATHS)('%s over HTTPS: Strict-Transport-Security, and a Permissions-Policy that allows nothing', async (url) => {
    const res = await request(app).get(url).set('X-Forwarded-Proto', 'https').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = String(res.headers['permissions-policy']);
    for (const feature of ['camera', 'geolocation', 'microphone', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    expect(policy).not.toMatch(/=\((?!\))/);
  });

  it.each(PATHS)('%s over plain HTTP (a church’s LAN): no HSTS, the Permissions-Policy still', async (url) => {
    const res = await request(app).get(url).expect(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('an HTTPS claim from a client that is no trusted proxy gets no HSTS', async () => {
    const untrusting = createWebApp({ config: testConfig({ EVENTS_API_URL: 'http://127.0.0.1:9', TRUST_PROXY: '10.1.2.3' }), logger: silentLogger, clientDir: client.dir });
    const res = await request(untrusting).get('/').set('X-Forwarded-Proto', 'https').expect(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
