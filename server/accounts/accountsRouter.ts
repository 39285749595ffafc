import { Router } from 'express';
import { dayKeyOf } from '../../shared/dayKey.ts';
import { deleteAccountRequestSchema } from '../../shared/schemas/accountData.ts';
import { loginRequestSchema, passwordChangeRequestSchema, registerRequestSchema } from '../../shared/schemas/auth.ts';
import type { z } from 'zod';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { acceptEmailInvitation, joinByInviteLink } from '../invitations/public.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireUser } from '../http/requireUser.ts';
import { changePassword } from './changePassword.ts';
import { confirmOwnPassword, deleteAccount } from './deleteAccount.ts';
import { deviceToken, setDeviceCookie } from './deviceCookie.ts';
import { EmailTaken } from './errors.ts';
import { exportAccount } from './exportAccount.ts';
import { sendAccountExport } from './sendAccountExport.ts';
import { checkPasswordRules } from './passwordRules.ts';
import { rememberDevice } from './recognisedDevices.ts';
import { beginRegistration } from './registrationThrottle.ts';
import { clearSessionCookie, setSessionCookie } from './sessionCookie.ts';
import { createSession, deleteSession } from './sessions.ts';
import { signIn } from './signIn.ts';
import { insertUser } from './userQueries.ts';

type RegisterRequestInput = z.output<typeof registerRequestSchema>;

/** Clear-Site-Data of a sign-out (the cookies stay: see the route). */
const SIGN_OUT_CLEARS = '"cache", "storage"';

/** Registration, sign-in and out, the signed-in user, and the password change (`/api/auth/*`). */
export function accountsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  /**
   * A registration through a team's invitation link or an e-mail invitation (docs/product.md §13): the account and its
   * membership are written in one transaction — a link that cannot be used (expired, used up…) creates no account.
   */
  async function registerInvited(input: RegisterRequestInput) {
    return db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, input, now());
      if (!user) throw new EmailTaken();
      if (input.invitation) await acceptEmailInvitation(trx, input.invitation, user, now());
      if (input.invite) await joinByInviteLink(trx, input.invite, user.id, now());
      return user;
    });
  }

  router.post('/api/auth/register', async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    checkPasswordRules(input.password);
    // Counted per address before the password is hashed (each hash costs the server ~50 ms of CPU).
    await beginRegistration(db, req.ip ?? 'unknown', config.registrationsPerHour, now());
    const user = input.invite || input.invitation ? await registerInvited(input) : await insertUser(db, input, now());
    if (!user) throw new EmailTaken();
    // Like a sign-in: the session this browser had (another account's) ends.
    if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
    setSessionCookie(req, res, config, await createSession(db, user.id, now()));
    setDeviceCookie(req, res, config, await rememberDevice(db, user.id, deviceToken(req), now()));
    res.status(201).json({ user });
  });

  router.post('/api/auth/login', async (req, res) => {
    const { email, password } = parseInput(loginRequestSchema, req.body);
    const { user, deviceToken: device } = await signIn(db, { email, password, ip: req.ip ?? 'unknown', deviceToken: deviceToken(req) }, now());
    // A new token at every sign-in; the one this browser had (if any) ends.
    if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
    // The session cookie first: clients that read one Set-Cookie line take the first.
    setSessionCookie(req, res, config, await createSession(db, user.id, now()));
    setDeviceCookie(req, res, config, device);
    res.json({ user });
  });

  router.post('/api/auth/logout', async (req, res) => {
    requireUser(req);
    await deleteSession(db, req.sessionTokenHash!);
    clearSessionCookie(req, res, config);
    // What the signed-in pages left in this browser (cached answers, the offline copy of the escala) goes too, on
    // a shared phone. Not the cookies: the device cookie keeps this browser known to the sign-in throttle.
    res.setHeader('Clear-Site-Data', SIGN_OUT_CLEARS);
    res.status(204).end();
  });

  router.get('/api/auth/me', (req, res) => {
    res.json({ user: req.user ?? null });
  });

  router.post('/api/auth/password', async (req, res) => {
    const user = requireUser(req);
    const input = parseInput(passwordChangeRequestSchema, req.body);
    await changePassword(db, user, { current: input.current, new: input.new, ip: req.ip ?? 'unknown', sessionTokenHash: req.sessionTokenHash! }, now());
    res.status(204).end();
  });

  // docs/product.md §11: everything held about me, as a file to keep.
  router.get('/api/me/export', async (req, res) => {
    const user = requireUser(req);
    const data = await exportAccount(db, user.id, user.id, now());
    if (!data) throw notFound('Conta não encontrada.');
    sendAccountExport(res, data, `koinonia-meus-dados-${dayKeyOf(now(), config.timeZone)}.json`);
  });

  // docs/product.md §11: the account is anonymised; the password is asked again and counted like a password change's.
  router.delete('/api/me', async (req, res) => {
    const user = requireUser(req);
    const { password } = parseInput(deleteAccountRequestSchema, req.body ?? {});
    await confirmOwnPassword(db, user, { password, ip: req.ip ?? 'unknown', sessionTokenHash: req.sessionTokenHash! }, now());
    await deleteAccount(db, { userId: user.id, actorId: user.id }, now());
    clearSessionCookie(req, res, config);
    // The account is gone: everything the portal kept in this browser goes with it.
    res.setHeader('Clear-Site-Data', '"cache", "cookies", "storage"');
    res.status(204).end();
  });

  return router;
}
