import type { Request, Response } from 'express';
import type { Config } from '../platform/config.ts';
import { isSecure } from './sessionCookie.ts';

/**
 * The device cookie (OWASP's "device cookies"): a random token a browser gets at every successful sign-in,
 * which tells the login throttle that this browser signed in to the account before. It opens nothing by itself.
 */
export const DEVICE_COOKIE_NAME = 'koinonia_device';
export const SECURE_DEVICE_COOKIE_NAME = '__Host-koinonia_device';
export const DEVICE_DAYS = 365;

export function setDeviceCookie(req: Request, res: Response, config: Config, token: string): void {
  const secure = isSecure(req, config);
  res.cookie(secure ? SECURE_DEVICE_COOKIE_NAME : DEVICE_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: DEVICE_DAYS * 24 * 60 * 60 * 1000,
  });
}

export function deviceToken(req: Request): string | undefined {
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  const token = cookies[SECURE_DEVICE_COOKIE_NAME] ?? cookies[DEVICE_COOKIE_NAME];
  return typeof token === 'string' && /^[\w-]{43}$/.test(token) ? token : undefined;
}
