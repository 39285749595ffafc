import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { Config } from '../platform/config.ts';
import { findSession, SESSION_IDLE_DAYS } from './sessions.ts';
import type { User } from '../../shared/schemas/auth.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { HttpError } from '../http/httpError.ts';

declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
    sessionTokenHash?: string;
  }
}

export const COOKIE_NAME = 'koinonia_session';
export const SECURE_COOKIE_NAME = '__Host-koinonia_session';

function isSecure(req: Request, config: Config): boolean {
  return config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && req.secure);
}

function cookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000 };
}

export function setSessionCookie(req: Request, res: Response, config: Config, token: string): void {
  const secure = isSecure(req, config);
  res.cookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, token, cookieOptions(secure));
}

export function clearSessionCookie(req: Request, res: Response, config: Config): void {
  const secure = isSecure(req, config);
  const { maxAge: _maxAge, ...options } = cookieOptions(secure);
  res.clearCookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, options);
}

export function sessionToken(req: Request): string | undefined {
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  const token = cookies[SECURE_COOKIE_NAME] ?? cookies[COOKIE_NAME];
  return typeof token === 'string' && /^[\w-]{43}$/.test(token) ? token : undefined;
}

/** Reads the session cookie into `req.user`; renews the cookie's lifetime as the session is used. */
export function loadSession({ database, config, now }: ApiContext): RequestHandler {
  return async (req, res, next) => {
    const token = sessionToken(req);
    if (token) {
      const session = await findSession(database.db, token, now());
      if (session) {
        req.user = session.user;
        req.sessionTokenHash = session.tokenHash;
        if (session.touched) setSessionCookie(req, res, config, token);
      }
    }
    next();
  };
}

export function requireUser(req: Request): User {
  if (!req.user) throw new HttpError(401, 'unauthenticated', 'Entre na sua conta para continuar.');
  return req.user;
}

/** Leaders and admins organise the escalas and the calendar. */
export function requireLeader(req: Request): User {
  const user = requireUser(req);
  if (user.role !== 'leader' && user.role !== 'admin') {
    throw new HttpError(403, 'forbidden', 'Apenas líderes e administradores podem fazer isso.');
  }
  return user;
}

export function requireAdmin(req: Request): User {
  const user = requireUser(req);
  if (user.role !== 'admin') throw new HttpError(403, 'forbidden', 'Apenas administradores podem fazer isso.');
  return user;
}
