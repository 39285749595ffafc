import type { RequestHandler } from 'express';
import type { ApiContext } from '../http/apiContext.ts';
import { sessionToken, setSessionCookie } from './sessionCookie.ts';
import { findSession } from './sessions.ts';

/** Reads the session cookie into `req.user`; renews the cookie's lifetime as the session is used. */
export function loadSession({ database, config, logger, now }: ApiContext): RequestHandler {
  return async (req, res, next) => {
    const token = sessionToken(req);
    if (token) {
      // Only the session's last-seen time failed to be written: logged with its cause, and the request goes on.
      const session = await findSession(database.db, token, now(), (error) =>
        logger.warn({ err: error, reqId: req.id }, "session's last-seen time not written; the request goes on"),
      );
      if (session) {
        req.user = session.user;
        req.sessionTokenHash = session.tokenHash;
        if (session.touched) setSessionCookie(req, res, config, token);
      }
    }
    next();
  };
}
