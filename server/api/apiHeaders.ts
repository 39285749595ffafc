import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { API_CONTENT_SECURITY_POLICY } from '../http/apiResponseHeaders.ts';

const helmetHeaders = helmet({ contentSecurityPolicy: false, strictTransportSecurity: false });
const strictTransportSecurity = helmet.strictTransportSecurity();

/**
 * The security headers of every API answer: helmet's (nosniff, Referrer-Policy, X-Frame-Options …) without its
 * page CSP, the API's own CSP instead, and HSTS only on a request that came over HTTPS — `req.secure`, which
 * believes X-Forwarded-Proto from TRUST_PROXY only. Over plain HTTP (a church's LAN) HSTS means nothing and,
 * sent through a proxy that later gets HTTPS wrong, would lock browsers out.
 */
export const apiSecurityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  helmetHeaders(req, res, (error?: unknown) => {
    if (error !== undefined || !req.secure) return next(error);
    strictTransportSecurity(req, res, next);
  });
};

/**
 * `Cache-Control: no-store` on every answer from here on: what follows the session-less public reads depends
 * on the session or hands out a secret (a session's user, the calendar feed's token URL), and no browser or
 * proxy may keep it. A route with a reason to say otherwise (the iCalendar feeds) sets its own.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
