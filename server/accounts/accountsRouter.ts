import { Router } from 'express';
import {
  loginRequestSchema,
  passwordChangeRequestSchema,
  registerRequestSchema,
} from '../../shared/schemas/auth.ts';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './loginThrottle.ts';
import { dummyPasswordHash, passwordHasher } from './passwordHasher.ts';
import { checkPasswordRules } from './passwordRules.ts';
import { createSession, deleteSession, deleteUserSessions } from './sessions.ts';
import { findUserByEmail, insertUser, toUser } from './userQueries.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { HttpError } from '../http/httpError.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from './loadSession.ts';
import { parseInput } from '../http/parseInput.ts';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Email ou senha inválidos.');

export function authRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.post('/api/auth/register', async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    checkPasswordRules(input.password);
    const user = await insertUser(db, input, now());
    if (!user) throw new HttpError(409, 'email_taken', 'Este email já está cadastrado.');
    // Like a sign-in: the session this browser had (another account's) ends.
    if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
    setSessionCookie(req, res, config, await createSession(db, user.id, now()));
    res.status(201).json({ user });
  });

  router.post('/api/auth/login', async (req, res) => {
    const { email, password } = parseInput(loginRequestSchema, req.body);
    const ip = req.ip ?? 'unknown';
    // Counted as a failure before the password is checked (429 when over the limit), taken back on success.
    const attempt = await beginLoginAttempt(db, email, ip, now());
    const row = await findUserByEmail(db, email);
    // An unknown email is checked against a dummy hash: both failures take as long and read the same.
    const ok = await passwordHasher.verify(row?.password_hash ?? (await dummyPasswordHash()), password);
    if (!row || !ok) {
      await loginFailed(db, now());
      throw invalidCredentials();
    }
    await loginSucceeded(db, attempt);
    if (passwordHasher.needsRehash(row.password_hash)) {
      await db.updateTable('users').set({ password_hash: await passwordHasher.hash(password) }).where('id', '=', row.id).execute();
    }
    // A new token at every sign-in; the one this browser had (if any) ends.
    if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
    setSessionCookie(req, res, config, await createSession(db, row.id, now()));
    res.json({ user: toUser(row) });
  });

  router.post('/api/auth/logout', async (req, res) => {
    requireUser(req);
    await deleteSession(db, req.sessionTokenHash!);
    clearSessionCookie(req, res, config);
    res.status(204).end();
  });

  router.get('/api/auth/me', (req, res) => {
    res.json({ user: req.user ?? null });
  });

  router.post('/api/auth/password', async (req, res) => {
    const user = requireUser(req);
    const input = parseInput(passwordChangeRequestSchema, req.body);
    // A guess at the current password is a guess at the account's password: it counts against the same
    // email and address as a sign-in (someone at an unlocked computer cannot try passwords here forever).
    const attempt = await beginLoginAttempt(db, user.email, req.ip ?? 'unknown', now());
    const row = await findUserByEmail(db, user.email);
    if (!row || !(await passwordHasher.verify(row.password_hash, input.current))) {
      await loginFailed(db, now());
      throw new HttpError(401, 'invalid_credentials', 'A senha atual está incorreta.');
    }
    await loginSucceeded(db, attempt);
    checkPasswordRules(input.new);
    await db.updateTable('users').set({ password_hash: await passwordHasher.hash(input.new) }).where('id', '=', user.id).execute();
    await deleteUserSessions(db, user.id, req.sessionTokenHash);
    res.status(204).end();
  });

  return router;
}
