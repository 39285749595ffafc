import { Router } from 'express';
import { loginRequestSchema, passwordChangeRequestSchema, registerRequestSchema } from '../../shared/schemas/auth.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { changePassword } from './changePassword.ts';
import { EmailTaken } from './errors.ts';
import { checkPasswordRules } from './passwordRules.ts';
import { clearSessionCookie, setSessionCookie } from './sessionCookie.ts';
import { createSession, deleteSession } from './sessions.ts';
import { signIn } from './signIn.ts';
import { insertUser } from './userQueries.ts';

/** Registration, sign-in and out, the signed-in user, and the password change (`/api/auth/*`). */
export function accountsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.post('/api/auth/register', async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    checkPasswordRules(input.password);
    const user = await insertUser(db, input, now());
    if (!user) throw new EmailTaken();
    // Like a sign-in: the session this browser had (another account's) ends.
    if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
    setSessionCookie(req, res, config, await createSession(db, user.id, now()));
    res.status(201).json({ user });
  });

  router.post('/api/auth/login', async (req, res) => {
    const { email, password } = parseInput(loginRequestSchema, req.body);
    const user = await signIn(db, { email, password, ip: req.ip ?? 'unknown' }, now());
    // A new token at every sign-in; the one this browser had (if any) ends.
    if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
    setSessionCookie(req, res, config, await createSession(db, user.id, now()));
    res.json({ user });
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
    await changePassword(db, user, { current: input.current, new: input.new, ip: req.ip ?? 'unknown', keepSessionTokenHash: req.sessionTokenHash }, now());
    res.status(204).end();
  });

  return router;
}
