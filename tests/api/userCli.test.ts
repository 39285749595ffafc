import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/openDatabase.ts';
import { createTestUser, signedInAgent, TEST_PASSWORD, uniqueEmail } from '../support/authAgent.ts';
import { sharedDatabase, type SharedDatabase } from '../support/sharedDatabase.ts';
import { testDatabases } from '../support/testDatabases.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run user -- <args>` as an operator runs it, against the given database, with `input` on stdin. */
function runCli(env: Record<string, string>, args: string[], input = ''): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/accounts/userCli.ts', ...args], {
      cwd: ROOT,
      // A clean environment: nothing of the test runner's (nor a DATABASE_URL) leaks in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const dbNames = testDatabases.map((entry) => ({ name: entry.name }));

// Each run starts a Node process with tsx (about a second): the cases that do not depend on the database run
// on SQLite only, and independent runs go in parallel.
describe.each(dbNames)('npm run user on $name', { timeout: 120_000 }, ({ name }) => {
  let shared: SharedDatabase;
  let database: Database;
  let app: Awaited<ReturnType<SharedDatabase['instance']>>['app'];
  beforeAll(async () => {
    shared = await sharedDatabase(name);
    ({ app, database } = await shared.instance());
  });
  afterAll(async () => {
    await shared.dispose();
  });

  const cli = (args: string[], input?: string) => runCli(shared.env, args, input);
  const auditOf = async (userId: number) =>
    (await database.db.selectFrom('audit_log').select(['actor_id', 'action', 'details']).where('subject_id', '=', userId).orderBy('id').execute()).map((row) => ({
      ...row,
      details: JSON.parse(row.details) as unknown,
    }));
  const roleOf = async (email: string) =>
    (await database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;

  it('set-role makes a member a leader, effective in a live session', async () => {
    const { agent, user } = await signedInAgent(app, database);
    const leader = await cli(['set-role', user.email.toUpperCase(), 'leader']);
    expect(leader, leader.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(leader.stdout.trim()).toBe(`${user.email} agora é leader.`);
    expect(await roleOf(user.email)).toBe('leader');
    expect((await agent.get('/api/auth/me')).body.user.role).toBe('leader');
    // The audit log has it, by no account: the server's operator (docs/product.md §11).
    expect(await auditOf(user.id)).toEqual([{ actor_id: null, action: 'role_changed', details: { from: 'member', to: 'leader', via: 'cli' } }]);
  });

  it('create reads the password from stdin and makes a user who can sign in', async () => {
    const email = uniqueEmail('cli');
    const res = await cli(['create', email, 'Ana Administradora', 'admin'], 'senha-do-operador-9\n');
    expect(res, res.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout.trim()).toMatch(new RegExp(`^Usuário ${email} \\(admin\\) criado com id \\d+\\.$`));
    const row = await database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ana Administradora', role: 'admin' });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const login = await request(app).post('/api/auth/login').send({ email, password: 'senha-do-operador-9' });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ id: row.id, name: 'Ana Administradora', email, role: 'admin' });

    const again = await cli(['create', email, 'Outra', 'member'], 'outra-senha-longa-1\n');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`Já existe um usuário com o email ${email}.`);
  });

  it.runIf(name === 'sqlite')('create applies the password rules to stdin (Windows line ending too)', async () => {
    const email = uniqueEmail('crlf');
    const [weak, common, crlf] = await Promise.all([
      cli(['create', uniqueEmail('weak'), 'Fraca', 'member'], 'curta\n'),
      cli(['create', uniqueEmail('common'), 'Comum', 'member'], 'password123\n'),
      cli(['create', email, 'Crlf', 'member'], 'senha-com-crlf-77\r\n'),
    ]);
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe('A senha deve ter entre 8 e 128 caracteres.');
    expect(common.code).toBe(1);
    expect(common.stderr.trim()).toMatch(/muito comum/);
    expect(crlf.code).toBe(0);
    expect((await request(app).post('/api/auth/login').send({ email, password: 'senha-com-crlf-77' })).status).toBe(200);
  });

  it('reset-password sets the new password and ends every session of the user', async () => {
    const { agent, user } = await signedInAgent(app, database);
    const other = await signedInAgent(app, database);
    const res = await cli(['reset-password', user.email], 'senha-redefinida-42\n');
    expect(res, res.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout.trim()).toBe(`Senha de ${user.email} redefinida; as sessões abertas foram encerradas, o endereço do calendário pessoal foi trocado e as tentativas de login falhas, esquecidas.`);
    expect((await agent.get('/api/auth/me')).body).toEqual({ user: null });
    expect(await database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await other.agent.get('/api/auth/me')).body.user?.id).toBe(other.user.id);
    expect((await request(app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await request(app).post('/api/auth/login').send({ email: user.email, password: 'senha-redefinida-42' })).status).toBe(200);
    expect(await auditOf(user.id)).toEqual([{ actor_id: null, action: 'password_reset', details: { via: 'cli' } }]);
  });

  it('reset-password clears the login throttle of the account: the owner signs in at once, from the address that was refused', async () => {
    const user = await createTestUser(database);
    const login = (password: string, ip: string) => request(app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password });
    // Strangers from two addresses, then the owner's own typos from a third: every one of them refused now.
    for (const ip of ['192.0.2.10', '192.0.2.11', '192.0.2.12']) {
      for (let i = 0; i < 10; i++) await login(`wrong-${i}`, ip);
    }
    expect((await login(TEST_PASSWORD, '192.0.2.12')).status).toBe(429);
    expect((await login(TEST_PASSWORD, '192.0.2.13')).status).toBe(429);
    const res = await cli(['reset-password', user.email], 'senha-depois-do-bloqueio-5\n');
    expect(res, res.stderr).toMatchObject({ code: 0, stderr: '' });
    expect((await login('senha-depois-do-bloqueio-5', '192.0.2.12')).status).toBe(200);
    expect(await database.db.selectFrom('login_failures').select('id').where('email', '=', user.email).execute()).toEqual([]);
  });

  it.runIf(name === 'sqlite')('answers exit 1 with a pt-BR message for a bad role, a bad or unknown email, a bad command', async () => {
    const user = await createTestUser(database);
    const [badRole, badEmail, unknown, unknownReset, noCommand] = await Promise.all([
      cli(['set-role', user.email, 'boss']),
      cli(['set-role', 'not-an-email', 'leader']),
      cli(['set-role', 'nobody@test.koinonia', 'leader']),
      cli(['reset-password', 'nobody@test.koinonia'], 'qualquer-senha-longa\n'),
      cli(['promote', user.email]),
    ]);
    for (const res of [badRole, badEmail, unknown, unknownReset, noCommand]) {
      expect(res.code).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
    expect(badRole.stderr).toMatch(/^Papel inválido: boss\nUso:/);
    expect(badEmail.stderr).toMatch(/^Email inválido: not-an-email\nUso:/);
    expect(unknown.stderr.trim()).toBe('Nenhum usuário com o email nobody@test.koinonia.');
    expect(unknownReset.stderr.trim()).toBe('Nenhum usuário com o email nobody@test.koinonia.');
    expect(noCommand.stderr).toMatch(/^Uso:\n {2}npm run user -- set-role <email> <member\|leader\|admin>/);
    expect(await roleOf(user.email)).toBe('member');
  });
});

describe('npm run user with a bad configuration', { timeout: 120_000 }, () => {
  it('exits 1 with the one-line configuration message, not a stack trace', async () => {
    const res = await runCli({ DATABASE_URL: 'mysql://localhost/koinonia' }, ['set-role', 'a@b.co', 'leader']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('Configuração inválida: DATABASE_URL="mysql://localhost/koinonia" — deve começar com postgres:// ou postgresql://');
  });

  it('refuses a DATA_DIR that does not exist instead of creating an empty database there (issue 21, item 10)', async () => {
    const nowhere = path.join(os.tmpdir(), `koinonia-nowhere-${process.pid}-${Date.now()}`);
    const res = await runCli({ DATA_DIR: nowhere }, ['set-role', 'a@b.co', 'admin']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `A pasta de dados ${nowhere} não existe: não há banco de dados para alterar. Confira DATA_DIR (ou DATABASE_URL), ou inicie o portal uma vez com npm start.`,
    );
    expect(fs.existsSync(nowhere)).toBe(false);
  });
});
