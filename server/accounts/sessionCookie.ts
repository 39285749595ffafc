import type { CookieOptions, Request, Response } from 'express';
import type { Config } from '../platform/config.ts';
import { SESSION_IDLE_DAYS } from './sessions.ts';

export const COOKIE_NAME = 'koinonia_session';
export const SECURE_COOKIE_NAME = '__Host-koinonia_session';

/** Whether the cookies of this response are Secure (and take the `__Host-` name). */
export function isSecure(req: Request, config: Config): boolean {
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
