import { Router, type Request } from 'express';
import type { SessionlessRead } from '../http/sessionlessRead.ts';

/**
 * The only routes answered before the csrf / body / cookie / session chain: the events page's reads, which
 * every visitor makes and which need none of it (no session lookup per call). Their handlers see no user,
 * so they must answer everyone alike. Adding a path here is a decision; every other route, public or not,
 * belongs in its resource's router, mounted behind the chain.
 */
const SESSIONLESS_PATHS = ['/api/events', '/api/events/:id'] as const;

export type SessionlessPath = (typeof SESSIONLESS_PATHS)[number];

/**
 * Query parameters that ask for what only a signed-in user may read — `detail`, an event's church, title,
 * description and location (docs/product.md §8, §11). A request carrying one is not answered here: it goes on
 * through the session chain to the resource's own router, which asks who is calling.
 */
const SESSION_PARAMETERS = ['detail'] as const;

function asksForSession(req: Request): boolean {
  return SESSION_PARAMETERS.some((name) => Object.hasOwn(req.query, name));
}

/**
 * The router mounted before the session chain: GET (and HEAD) of the listed paths without a session
 * parameter, and nothing else.
 */
export function sessionlessPublicReads(reads: Record<SessionlessPath, SessionlessRead>): Router {
  const unlisted = Object.keys(reads).filter((path) => !(SESSIONLESS_PATHS as readonly string[]).includes(path));
  if (unlisted.length > 0) throw new Error(`Not a session-less public read (see sessionlessPublicReads.ts): ${unlisted.join(', ')}`);
  const router = Router();
  for (const path of SESSIONLESS_PATHS) {
    const read = reads[path];
    router.get(path, async (req, res, next) => {
      if (asksForSession(req)) next();
      else await read(req, res);
    });
  }
  return router;
}
