import { Router } from 'express';
import type { SessionlessRead } from '../http/sessionlessRead.ts';

/**
 * The only routes answered before the csrf / body / cookie / session chain: the events page's reads, which
 * every visitor makes and which need none of it (no session lookup per call). Their handlers see no user,
 * so they must answer everyone alike. Adding a path here is a decision; every other route, public or not,
 * belongs in its resource's router, mounted behind the chain.
 */
const SESSIONLESS_PATHS = ['/api/events', '/api/events/:id'] as const;

export type SessionlessPath = (typeof SESSIONLESS_PATHS)[number];

/** The router mounted before the session chain: GET (and HEAD) of the listed paths, and nothing else. */
export function sessionlessPublicReads(reads: Record<SessionlessPath, SessionlessRead>): Router {
  const unlisted = Object.keys(reads).filter((path) => !(SESSIONLESS_PATHS as readonly string[]).includes(path));
  if (unlisted.length > 0) throw new Error(`Not a session-less public read (see sessionlessPublicReads.ts): ${unlisted.join(', ')}`);
  const router = Router();
  for (const path of SESSIONLESS_PATHS) router.get(path, reads[path]);
  return router;
}
