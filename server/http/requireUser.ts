import type { Request } from 'express';
import type { User } from '../../shared/schemas/auth.ts';
import { HttpError } from './httpError.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, set by the session middleware (accounts/loadSession.ts). */
    user?: User;
    sessionTokenHash?: string;
  }
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
