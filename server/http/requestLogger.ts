import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../platform/logger.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the client's `X-Request-Id` when it is sane, otherwise a new UUID. */
    id: string;
  }
}

const SANE_ID = /^[\w-]{1,64}$/;

/**
 * Routes whose path carries a secret after this prefix (an e-mailed answer, password-reset or unsubscribe link, a team's
 * invitation link or an e-mail invitation's; a link's numeric id is masked too). Whatever
 * follows the prefix — the token, a trailing slash, more segments — is logged as `:token`. The prefix is
 * compared loosely (any case, percent-decoded, repeated slashes as one): more spellings are masked than the
 * router answers, never fewer, so no request to those routes writes its token to the log (issue 25, attack
 * item 7; a regex anchored at the end let `/api/responses/<token>/` through).
 */
const SECRET_ROUTES = ['/api/responses/', '/api/auth/password-reset/', '/api/unsubscribe/', '/api/invite-links/', '/api/email-invitations/'] as const;

function comparable(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: compared as it came.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

/** The path as logged: never the query string (it may carry a calendar token), never a token in the path. */
export function loggedPath(originalUrl: string): string {
  const queryAt = originalUrl.indexOf('?');
  const path = queryAt === -1 ? originalUrl : originalUrl.slice(0, queryAt);
  const route = comparable(path);
  const secret = SECRET_ROUTES.find((prefix) => route.startsWith(prefix));
  return secret === undefined ? path : `${secret}:token`;
}

/**
 * One JSON line per request, written when the response is done: request id, method, path (see loggedPath),
 * status and duration in ms. Hand-written rather than pino-http:
 * that built a child logger and ran serializers for every request, a tenth of the API's CPU under load.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const line = {
        req: { id, method: req.method, path: loggedPath(req.originalUrl) },
        res: { status: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
