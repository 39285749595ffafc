import type { Request, Response } from 'express';

/**
 * The request as a session-less read sees it: answered before the cookie, body and session middleware run
 * (see api/sessionlessPublicReads.ts), so none of what they set is there to read.
 */
export type SessionlessRequest = Omit<Request, 'user' | 'sessionTokenHash' | 'cookies' | 'signedCookies' | 'body'>;

/** A public GET handler that answers every caller alike. */
export type SessionlessRead = (req: SessionlessRequest, res: Response) => Promise<void>;
