import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPasswordRules } from '../../../server/accounts/passwordRules.ts';
import { removeDemo } from '../../../server/demo/removeDemo.ts';
import { demoSeededMessage, seedDemoOnFirstStart } from '../../../server/demo/firstStart.ts';
import { DEMO_USERS, seedDemo } from '../../../server/demo/seedDemo.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { sharedDatabase } from '../../support/sharedDatabase.ts';
import { testConfig } from '../../support/testConfig.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The password every demo account had before: it must never work again. */
const OLD_PUBLIC_PASSWORD = 'demo12345';

function runSeedCli(env: Record<string, string>, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/demo/seedCli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

const login = (t: ApiTestApp, email: string, password: string) => request(t.app).post('/api/auth/login').send({ email, password });

describe.each(testDatabases)('demo data on $name', ({ name, open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it('creates the demo accounts with random passwords, given back once; the old public password never works', async () => {
    const seeded = await seedDemo(t.database, t.config);
    expect(seeded.accounts.map(({ email, role }) => ({ email, role }))).toEqual(DEMO_USERS.map(({ email, role }) => ({ email, role })));
    const passwords = seeded.accounts.map((account) => account.password);
    expect(new Set(passwords).size).toBe(DEMO_USERS.length);
    for (const account of seeded.accounts) {
      expect(account.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(() => checkPasswordRules(account.password)).not.toThrow();
      const res = await login(t, account.email, account.password);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: account.email, role: account.role });
      expect((await login(t, account.email, OLD_PUBLIC_PASSWORD)).status).toBe(401);
    }
    // Another install gets other passwords.
    const other = await open();
    try {
      const again = await seedDemo(other, t.config);
      expect(again.accounts.map((account) => account.password).some((password) => passwords.includes(password))).toBe(false);
    } finally {
      await other.dispose();
    }
    // Seeding again (`npm run seed -- --force`) adds events but leaves the accounts and their passwords alone.
    const forced = await seedDemo(t.database, t.config);
    expect(forced.accounts).toEqual([]);
    expect((await login(t, seeded.accounts[0]!.email, seeded.accounts[0]!.password)).status).toBe(200);
  });

  it('removes exactly the demo data: its accounts, its events, the types nothing else uses', async () => {
    const database = await open();
    try {
      const app = await apiTestApp(async () => database);
      const seeded = await seedDemo(database, app.config);
      const { db } = database;
      // What the church added meanwhile: a member, an event of a demo type, an event of its own type, and
      // the member serving at one demo event.
      const member = await createTestUser(database);
      const culto = await db.selectFrom('event_types').select('id').where('name', '=', 'Culto').executeTakeFirstOrThrow();
      const batismo = await db.insertInto('event_types').values({ name: 'Batismo' }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('events').values([
        { datetime: '2030-01-05T22:00:00.000Z', event_type_id: culto.id },
        { datetime: '2030-01-06T13:00:00.000Z', event_type_id: batismo.id },
      ]).execute();
      const demoEvent = await db.selectFrom('events').select('id').orderBy('id').executeTakeFirstOrThrow();
      const louvor = await db.selectFrom('departments').select('id').where('name_key', '=', 'louvor').executeTakeFirstOrThrow();
      await db.insertInto('allocations').values({ event_id: demoEvent.id, department_id: louvor.id, member_id: member.id, allocated_by: null, created_at: new Date().toISOString() }).execute();

      const removed = await removeDemo(database);
      expect(removed).toEqual({ users: seeded.users, events: seeded.events, eventTypes: 6, allocations: seeded.allocations + 1 });
      expect((await db.selectFrom('events').select('datetime').orderBy('datetime').execute()).map((row) => row.datetime)).toEqual([
        '2030-01-05T22:00:00.000Z',
        '2030-01-06T13:00:00.000Z',
      ]);
      expect((await db.selectFrom('event_types').select('name').orderBy('name').execute()).map((row) => row.name)).toEqual(['Batismo', 'Culto']);
      expect(await db.selectFrom('users').select('email').where('email', 'in', DEMO_USERS.map((user) => user.email)).execute()).toEqual([]);
      expect(await db.selectFrom('users').select('id').where('id', '=', member.id).executeTakeFirst()).toBeDefined();
      expect(await db.selectFrom('demo_records').selectAll().execute()).toEqual([]);
      for (const account of seeded.accounts) expect((await login(app, account.email, account.password)).status).toBe(401);
      // Nothing left to remove.
      expect(await removeDemo(database)).toEqual({ users: 0, events: 0, eventTypes: 0, allocations: 0 });
    } finally {
      await database.dispose();
    }
  });

  it('at start-up seeds only an empty embedded database, and only with DEMO_DATA on (the default)', async () => {
    const config = testConfig();
    expect(config.demoData).toBe(true);
    const empty = await open();
    const off = await open();
    const withAdmin = await open();
    try {
      const result = await seedDemoOnFirstStart(empty, config);
      if (name === 'postgres') {
        // PostgreSQL is a deployment's database: demo data only through `npm run seed`.
        expect(result).toBeUndefined();
        expect(await empty.db.selectFrom('users').select('id').execute()).toEqual([]);
        return;
      }
      expect(result?.accounts).toHaveLength(DEMO_USERS.length);
      expect(result?.events).toBeGreaterThanOrEqual(32);
      // The second start finds data: nothing is created again, no password shown again.
      expect(await seedDemoOnFirstStart(empty, config)).toBeUndefined();

      expect(await seedDemoOnFirstStart(off, testConfig({ DEMO_DATA: 'false' }))).toBeUndefined();
      expect(await off.db.selectFrom('users').select('id').execute()).toEqual([]);
      expect(await off.db.selectFrom('events').select('id').execute()).toEqual([]);

      // The first admin created with `npm run user -- create` before the first start: that is a deployment.
      await createTestUser(withAdmin, { role: 'admin' });
      expect(await seedDemoOnFirstStart(withAdmin, config)).toBeUndefined();
      expect(await withAdmin.db.selectFrom('events').select('id').execute()).toEqual([]);
    } finally {
      await Promise.all([empty.dispose(), off.dispose(), withAdmin.dispose()]);
    }
  });

  it('the start-up message shows each demo account with its password, once', async () => {
    const message = demoSeededMessage({
      eventTypes: 7,
      events: 40,
      users: 2,
      allocations: 2,
      accounts: [
        { email: 'lider@demo.koinonia', name: 'Lídia Líder', role: 'leader', password: 'abcd-efgh-jkmn-pqrs' },
        { email: 'membro@demo.koinonia', name: 'Marcos Membro', role: 'member', password: 'stuv-wxyz-2345-6789' },
      ],
    });
    expect(message).toContain('dados de demonstração');
    expect(message).toContain('lider@demo.koinonia / abcd-efgh-jkmn-pqrs');
    expect(message).toContain('membro@demo.koinonia / stuv-wxyz-2345-6789');
    expect(message).toMatch(/só agora/);
  });

  it('npm run seed prints the new accounts’ passwords; npm run seed -- --remove takes the demo data out', { timeout: 60_000 }, async () => {
    const shared = await sharedDatabase(name);
    try {
      const seeded = await runSeedCli(shared.env, []);
      expect(seeded, seeded.stderr).toMatchObject({ code: 0, stderr: '' });
      const credentials = [...seeded.stdout.matchAll(/(\S+@demo\.koinonia) \/ (\S+)/g)].map((match) => ({ email: match[1]!, password: match[2]! }));
      expect(credentials.map((entry) => entry.email)).toEqual(DEMO_USERS.map((user) => user.email));
      const { app } = await shared.instance();
      for (const { email, password } of credentials) {
        expect((await request(app).post('/api/auth/login').send({ email, password })).status).toBe(200);
      }
      const removed = await runSeedCli(shared.env, ['--remove']);
      expect(removed, removed.stderr).toMatchObject({ code: 0, stderr: '' });
      expect(removed.stdout).toMatch(/^Dados de demonstração removidos: \d+ contas, \d+ eventos, 7 tipos de evento, \d+ escalas\.$/m);
      for (const { email, password } of credentials) {
        expect((await request(app).post('/api/auth/login').send({ email, password })).status).toBe(401);
      }
    } finally {
      await shared.dispose();
    }
  });
});
