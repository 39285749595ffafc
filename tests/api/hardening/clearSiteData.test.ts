import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent, TEST_PASSWORD } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

describe.each(testDatabases)('Clear-Site-Data when a session ends on $name (issue 21, validators)', ({ open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
    // An admin, so the member below is not the last one.
    await signedInAgent(t.app, t.database, { role: 'admin' });
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it('a sign-out clears the cache and storage this browser kept, not its cookies (the device cookie stays known)', async () => {
    const { agent } = await signedInAgent(t.app, t.database);
    const res = await agent.post('/api/auth/logout').expect(204);
    expect(res.headers['clear-site-data']).toBe('"cache", "storage"');
  });

  it('deleting the account clears everything, cookies too', async () => {
    const { agent } = await signedInAgent(t.app, t.database);
    const res = await agent.delete('/api/me').send({ password: TEST_PASSWORD }).expect(204);
    expect(res.headers['clear-site-data']).toBe('"cache", "cookies", "storage"');
  });

  it('a refused sign-out or deletion clears nothing', async () => {
    const { agent } = await signedInAgent(t.app, t.database);
    const wrong = await agent.delete('/api/me').send({ password: 'não é a senha' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['clear-site-data']).toBeUndefined();
  });
});
