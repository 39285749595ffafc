import fs from 'node:fs';
import { hash as argon2Hash } from '@node-rs/argon2';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordHasher } from '../../server/accounts/passwordHasher.ts';
import { DEMO_USERS, seedDemo } from '../../server/demo/seedDemo.ts';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { createTestUser, sessionCookie, signedInAgent, TEST_PASSWORD, uniqueEmail } from '../support/authAgent.ts';
import { testDatabases } from '../support/testDatabases.ts';

const CURRENT_HASH_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** A few lines of the shipped list (first, last and some in between). */
function sampledCommonPasswords(): string[] {
  const lines = fs.readFileSync(new URL('../../server/accounts/commonPasswords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
  return [0, 1, 777, 4_321, 9_999, lines.length - 1].map((index) => lines[index]!);
}

/** Every error answer has exactly this shape, with a pt-BR message. */
function expectError(res: request.Response, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

describe.each(testDatabases)('auth API on $name', ({ open }) => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await apiTestApp(open);
  });
  afterAll(async () => {
    await t.database.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const register = (body: unknown) => request(t.app).post('/api/auth/register').send(body as object);
  const storedUser = (email: string) => t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  describe('POST /api/auth/register', () => {
    it('creates a member, signs them in and answers 201 { user }', async () => {
      const email = uniqueEmail('reg');
      const res = await register({ name: 'Ana Souza', email, password: TEST_PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ user: { id: expect.any(Number), name: 'Ana Souza', email, role: 'member' } });
      expect(Number.isInteger(res.body.user.id)).toBe(true);
      const cookie = sessionCookie(res);
      expect(cookie?.value).toMatch(/^[\w-]{43}$/);
      const me = await request(t.app).get('/api/auth/me').set('Cookie', `koinonia_session=${cookie!.value}`);
      expect(me.body).toEqual({ user: res.body.user });
    });

    it('trims the name and trims + lower-cases the email', async () => {
      const local = uniqueEmail('Trim').split('@')[0]!;
      const res = await register({ name: '  Bruno Lima \t', email: `  ${local.toUpperCase()}@Test.KOINONIA  `, password: TEST_PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe('Bruno Lima');
      expect(res.body.user.email).toBe(`${local.toLowerCase()}@test.koinonia`);
      expect((await storedUser(`${local.toLowerCase()}@test.koinonia`))?.name).toBe('Bruno Lima');
    });

    it('refuses an email already registered, whatever its case (409 email_taken)', async () => {
      const email = uniqueEmail('dup');
      expect((await register({ name: 'Primeira', email, password: TEST_PASSWORD })).status).toBe(201);
      const same = await register({ name: 'Segunda', email, password: TEST_PASSWORD });
      expectError(same, 409, 'email_taken');
      expect(same.body.error.message).toBe('Este email já está cadastrado.');
      expectError(await register({ name: 'Terceira', email: email.toUpperCase(), password: TEST_PASSWORD }), 409, 'email_taken');
      const rows = await t.database.db.selectFrom('users').select('name').where('email', '=', email).execute();
      expect(rows).toEqual([{ name: 'Primeira' }]);
    });

    it('accepts names of 1 and 100 characters (counted as characters, not UTF-16 units), refuses 0 and 101', async () => {
      expect((await register({ name: 'A', email: uniqueEmail('n1'), password: TEST_PASSWORD })).status).toBe(201);
      expect((await register({ name: 'x'.repeat(100), email: uniqueEmail('n100'), password: TEST_PASSWORD })).status).toBe(201);
      // 100 emoji are 100 characters (and fit PostgreSQL's varchar(100)) but 200 UTF-16 units.
      const emoji = await register({ name: '🙏'.repeat(100), email: uniqueEmail('e100'), password: TEST_PASSWORD });
      expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
      expect(emoji.body.user.name).toBe('🙏'.repeat(100));
      for (const name of ['', '   ', 'x'.repeat(101), '🙏'.repeat(101)]) {
        const res = await register({ name, email: uniqueEmail('bad'), password: TEST_PASSWORD });
        expectError(res, 400, 'invalid_request');
        expect(res.body.error.message).toContain('(name)');
        expect(res.body.error.fields.name).toMatch(/nome/i);
      }
    });

    it('refuses a password shorter than 8 or longer than 128 characters (422 weak_password)', async () => {
      for (const password of ['1234567', 'abc', 'x'.repeat(129), 'x'.repeat(5_000)]) {
        const res = await register({ name: 'Curta', email: uniqueEmail('weak'), password });
        expectError(res, 422, 'weak_password');
        expect(res.body.error.message).toBe('A senha deve ter entre 8 e 128 caracteres.');
      }
      expect((await register({ name: 'Oito', email: uniqueEmail('p8'), password: 'qzxw8vkp' })).status).toBe(201);
      expect((await register({ name: 'Longa', email: uniqueEmail('p128'), password: 'k'.repeat(127) + '!' })).status).toBe(201);
    });

    it('refuses passwords from the shipped common list (422 common_password), whatever their case', async () => {
      const sampled = sampledCommonPasswords();
      expect(sampled).toContain('12345678');
      for (const password of [...sampled, 'PASSWORD1', 'Senha123']) {
        const email = uniqueEmail('common');
        const res = await register({ name: 'Comum', email, password });
        expectError(res, 422, 'common_password');
        expect(res.body.error.message).toMatch(/comum/);
        expect(await storedUser(email)).toBeUndefined();
      }
    });

    it('round-trips a unicode name', async () => {
      const email = uniqueEmail('unicode');
      const res = await register({ name: 'João Ñandú 🙏', email, password: TEST_PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe('João Ñandú 🙏');
      expect((await storedUser(email))?.name).toBe('João Ñandú 🙏');
      const me = await request(t.app).get('/api/auth/me').set('Cookie', `koinonia_session=${sessionCookie(res)!.value}`);
      expect(me.body.user.name).toBe('João Ñandú 🙏');
    });

    it('stores SQL-ish strings verbatim', async () => {
      const name = `Robert'); DROP TABLE users;-- "x" \\ %_`;
      const email = `o'brien--${uniqueEmail('sql')}`;
      const password = `' OR '1'='1' --; DROP TABLE sessions`;
      const res = await register({ name, email, password });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.user).toMatchObject({ name, email });
      expect(await storedUser(email)).toMatchObject({ name, email });
      const login = await request(t.app).post('/api/auth/login').send({ email, password });
      expect(login.status).toBe(200);
      expect(await t.database.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
    });

    it('refuses names with control characters or broken unicode (400, never a 500)', async () => {
      for (const name of ['Ana\u0000Souza', 'Ana\u0007', 'Bad \ud800 surrogate']) {
        const res = await register({ name, email: uniqueEmail('ctl'), password: TEST_PASSWORD });
        expectError(res, 400, 'invalid_request');
        expect(res.body.error.fields.name).toBeDefined();
      }
      // A NUL is refused anywhere in the input, a password included: it is never meaningful text.
      const nulPassword = await register({ name: 'Nul', email: uniqueEmail('nulpw'), password: 'abc\u0000defghij' });
      expectError(nulPassword, 400, 'invalid_request');
      expect(nulPassword.body.error.fields.password).toBeDefined();
    });

    it.each([
      ['missing name', { email: 'a@b.co', password: TEST_PASSWORD }, 'name', 'Campo obrigatório.'],
      ['missing password', { name: 'A', email: 'a@b.co' }, 'password', 'Campo obrigatório.'],
      ['an extra field', { name: 'A', email: 'a@b.co', password: TEST_PASSWORD, role: 'admin' }, '_', 'role'],
      ['a number as name', { name: 42, email: 'a@b.co', password: TEST_PASSWORD }, 'name', 'Tipo de valor inválido.'],
      ['an array as email', { name: 'A', email: ['a@b.co'], password: TEST_PASSWORD }, 'email', 'Tipo de valor inválido.'],
      ['null password', { name: 'A', email: 'a@b.co', password: null }, 'password', 'Tipo de valor inválido.'],
      ['an object as password', { name: 'A', email: 'a@b.co', password: { $ne: '' } }, 'password', 'Tipo de valor inválido.'],
      ['a malformed email', { name: 'A', email: 'not-an-email', password: TEST_PASSWORD }, 'email', 'Informe um e-mail válido.'],
      ['a JSON array body', [], '_', 'Tipo de valor inválido.'],
      ['a __proto__ key', JSON.parse('{"name":"A","email":"a@b.co","password":"pao-de-queijo-1","__proto__":{"role":"admin"}}'), '_', '__proto__'],
    ])('answers 400 invalid_request in pt-BR for %s', async (_label, body, field, message) => {
      const res = await register(body);
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.message).toMatch(/^Requisição inválida/);
      expect(res.body.error.fields[field]).toContain(message);
      expect(await storedUser('a@b.co')).toBeUndefined();
    });

    it('answers 400 for a missing body and for invalid JSON', async () => {
      expectError(await request(t.app).post('/api/auth/register'), 400, 'invalid_request');
      const bad = await request(t.app).post('/api/auth/register').set('Content-Type', 'application/json').send('{"name": "A",');
      expectError(bad, 400, 'invalid_request');
      expect(bad.body.error.message).toBe('O corpo da requisição não é um JSON válido.');
      expectError(await request(t.app).post('/api/auth/register').set('Content-Type', 'application/json').send('null'), 400, 'invalid_request');
    });

    it('answers 413 payload_too_large for a ~1 MB body', async () => {
      const huge = { name: 'x'.repeat(1_000_000), email: uniqueEmail('big'), password: TEST_PASSWORD };
      expectError(await register(huge), 413, 'payload_too_large');
      expectError(await request(t.app).post('/api/auth/login').send({ email: 'a@b.co', password: 'p'.repeat(1_000_000) }), 413, 'payload_too_large');
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers 200 { user } with a new session token at every login', async () => {
      const user = await createTestUser(t.database, { role: 'leader', name: 'Lia Líder' });
      const first = await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password });
      const second = await request(t.app).post('/api/auth/login').send({ email: `  ${user.email.toUpperCase()} `, password: user.password });
      for (const res of [first, second]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ user: { id: user.id, name: 'Lia Líder', email: user.email, role: 'leader' } });
      }
      const tokens = [sessionCookie(first)?.value, sessionCookie(second)?.value];
      expect(tokens[0]).toMatch(/^[\w-]{43}$/);
      expect(tokens[1]).toMatch(/^[\w-]{43}$/);
      expect(tokens[0]).not.toBe(tokens[1]);
    });

    it('answers the same 401 invalid_credentials for a wrong password and an unknown email', async () => {
      const user = await createTestUser(t.database);
      const wrong = await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'not-the-password' });
      const unknown = await request(t.app).post('/api/auth/login').send({ email: uniqueEmail('nobody'), password: user.password });
      expectError(wrong, 401, 'invalid_credentials');
      expectError(unknown, 401, 'invalid_credentials');
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error.message).toBe('Email ou senha inválidos.');
      expect(sessionCookie(wrong)).toBeUndefined();
      expect(sessionCookie(unknown)).toBeUndefined();
    });

    it('still runs a password verify for an unknown email (against a dummy argon2id hash)', async () => {
      const verify = vi.spyOn(passwordHasher, 'verify');
      const res = await request(t.app).post('/api/auth/login').send({ email: uniqueEmail('ghost'), password: 'whatever-123' });
      expect(res.status).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(verify.mock.calls[0]![1]).toBe('whatever-123');
      expect(await verify.mock.results[0]!.value).toBe(false);
    });

    it('stores argon2id hashes with m=19456,t=2,p=1 and never the password', async () => {
      const email = uniqueEmail('hash');
      await register({ name: 'Hash', email, password: TEST_PASSWORD }).expect(201);
      const row = await storedUser(email);
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      expect(JSON.stringify(row)).not.toContain(TEST_PASSWORD);
      console.info(`[artefact] stored password hash: ${row!.password_hash}`);
    });

    it('rehashes a password stored with other argon2 parameters at the next login', async () => {
      const user = await createTestUser(t.database);
      const old = await argon2Hash(user.password, { algorithm: 2, memoryCost: 19456, timeCost: 1, parallelism: 1 });
      expect(old.startsWith('$argon2id$v=19$m=19456,t=1,p=1$')).toBe(true);
      await t.database.db.updateTable('users').set({ password_hash: old }).where('id', '=', user.id).execute();
      await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const rehashed = (await storedUser(user.email))!.password_hash;
      expect(rehashed.startsWith(CURRENT_HASH_PREFIX)).toBe(true);
      expect(await passwordHasher.verify(rehashed, user.password)).toBe(true);
      // A hash with the current parameters is left alone.
      await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      expect((await storedUser(user.email))!.password_hash).toBe(rehashed);
    });

    it('answers 400 invalid_request for bad input, and never a 500', async () => {
      for (const body of [{}, { email: 'a@b.co' }, { email: 'a@b.co', password: 1 }, { email: 'a@b.co', password: 'x', extra: 1 }, { email: "' OR 1=1 --", password: 'x' }]) {
        expectError(await request(t.app).post('/api/auth/login').send(body), 400, 'invalid_request');
      }
      const bad = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{email:');
      expectError(bad, 400, 'invalid_request');
      // A malformed e-mail: the field's plain sentence, which the sign-in form shows (issue 16).
      const malformed = await request(t.app).post('/api/auth/login').send({ email: 'ana@', password: 'uma senha longa' });
      expectError(malformed, 400, 'invalid_request');
      expect(malformed.body.error.fields).toEqual({ email: 'Informe um e-mail válido.' });
    });

    it('signs in the demo accounts of the seed (leader and member, with the random passwords the seed gave back)', async () => {
      const { accounts } = await seedDemo(t.database, t.config);
      expect(accounts.map((account) => account.email)).toEqual(DEMO_USERS.map((demo) => demo.email));
      for (const demo of accounts) {
        const res = await request(t.app).post('/api/auth/login').send({ email: demo.email, password: demo.password });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ email: demo.email, role: demo.role });
      }
      expect(DEMO_USERS.map((u) => [u.email, u.role])).toEqual([
        ['lider@demo.koinonia', 'leader'],
        ['membro@demo.koinonia', 'member'],
        ['equipe@demo.koinonia', 'member'],
      ]);
    });
  });

  describe('POST /api/auth/logout and GET /api/auth/me', () => {
    it('answers { user: null } with 200 when anonymous', async () => {
      const res = await request(t.app).get('/api/auth/me');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: null });
      expect(sessionCookie(res)).toBeUndefined();
      const junk = await request(t.app).get('/api/auth/me').set('Cookie', 'koinonia_session=not-a-token; other=1');
      expect(junk.status).toBe(200);
      expect(junk.body).toEqual({ user: null });
    });

    it('answers { user } when signed in', async () => {
      const { agent, user } = await signedInAgent(t.app, t.database, { role: 'admin', name: 'Ada Admin' });
      const res = await agent.get('/api/auth/me');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: { id: user.id, name: 'Ada Admin', email: user.email, role: 'admin' } });
    });

    it('logout answers 204, deletes the session row and the old cookie stops working', async () => {
      const { agent, user, token } = await signedInAgent(t.app, t.database);
      const sessionsOf = () => t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
      expect(await sessionsOf()).toHaveLength(1);
      const res = await agent.post('/api/auth/logout');
      expect(res.status).toBe(204);
      const cleared = sessionCookie(res);
      expect(cleared?.value).toBe('');
      expect(new Date(cleared!.attributes.expires!).getTime()).toBeLessThan(Date.now());
      expect(await sessionsOf()).toHaveLength(0);
      const replay = await request(t.app).get('/api/auth/me').set('Cookie', `koinonia_session=${token}`);
      expect(replay.body).toEqual({ user: null });
      expectError(await request(t.app).post('/api/auth/logout').set('Cookie', `koinonia_session=${token}`), 401, 'unauthenticated');
    });

    it('logout answers 401 unauthenticated when not signed in', async () => {
      const res = await request(t.app).post('/api/auth/logout');
      expectError(res, 401, 'unauthenticated');
      expect(res.body.error.message).toBe('Entre na sua conta para continuar.');
    });

    it('signing in again ends the session this browser had', async () => {
      const { agent, user, token } = await signedInAgent(t.app, t.database);
      await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      expect((await request(t.app).get('/api/auth/me').set('Cookie', `koinonia_session=${token}`)).body).toEqual({ user: null });
      expect((await agent.get('/api/auth/me')).body.user.id).toBe(user.id);
      const rows = await t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('registering while signed in ends the previous session', async () => {
      const { agent, user, token } = await signedInAgent(t.app, t.database);
      await agent.post('/api/auth/register').send({ name: 'Outra', email: uniqueEmail('second'), password: TEST_PASSWORD }).expect(201);
      expect((await request(t.app).get('/api/auth/me').set('Cookie', `koinonia_session=${token}`)).body).toEqual({ user: null });
      expect(await t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toHaveLength(0);
    });
  });

  describe('POST /api/auth/password', () => {
    it('needs the current password, applies the rules, ends the other sessions and keeps this one', async () => {
      const { agent, user, token } = await signedInAgent(t.app, t.database);
      const other = request.agent(t.app);
      await other.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
      const unrelated = await signedInAgent(t.app, t.database);

      const wrong = await agent.post('/api/auth/password').send({ current: 'not-my-password', new: 'nova-senha-bem-longa' });
      expectError(wrong, 401, 'invalid_credentials');
      expect(wrong.body.error.message).toBe('A senha atual está incorreta.');
      expectError(await agent.post('/api/auth/password').send({ current: TEST_PASSWORD, new: 'curta' }), 422, 'weak_password');
      expectError(await agent.post('/api/auth/password').send({ current: TEST_PASSWORD, new: 'password123' }), 422, 'common_password');
      expectError(await agent.post('/api/auth/password').send({ current: TEST_PASSWORD }), 400, 'invalid_request');
      expectError(await agent.post('/api/auth/password').send({ current: TEST_PASSWORD, new: 'nova-senha-bem-longa', extra: true }), 400, 'invalid_request');
      // Nothing changed so far: the other session still works.
      expect((await other.get('/api/auth/me')).body.user?.id).toBe(user.id);

      const ok = await agent.post('/api/auth/password').send({ current: TEST_PASSWORD, new: 'nova-senha-bem-longa' });
      expect(ok.status).toBe(204);
      expect((await agent.get('/api/auth/me')).body.user?.id).toBe(user.id);
      expect((await request(t.app).get('/api/auth/me').set('Cookie', `koinonia_session=${token}`)).body.user?.id).toBe(user.id);
      expect((await other.get('/api/auth/me')).body).toEqual({ user: null });
      expect((await unrelated.agent.get('/api/auth/me')).body.user?.id).toBe(unrelated.user.id);

      expectError(await request(t.app).post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }), 401, 'invalid_credentials');
      await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'nova-senha-bem-longa' }).expect(200);
      expect((await storedUser(user.email))!.password_hash.startsWith(CURRENT_HASH_PREFIX)).toBe(true);
    });

    it('answers 401 unauthenticated when not signed in', async () => {
      expectError(await request(t.app).post('/api/auth/password').send({ current: 'x', new: 'nova-senha-bem-longa' }), 401, 'unauthenticated');
    });
  });
});
